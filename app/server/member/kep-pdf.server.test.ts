import { describe, expect, it } from 'vitest';

import { pdfText, plain } from '../../../tests/support/pdf-text';
import { site } from '~/config/site';
import { collectionGuidance } from '~/lib/collection-guidance';

import type { MonthlyCollection } from '../coop/types';
import { kepPdfFileName, renderKepPdf } from './kep-pdf.server';

const month: MonthlyCollection = {
  year: 2025,
  month: 10,
  billedSatang: 1_234_567,
  collectedSatang: 1_234_567,
  posted: true,
  receiptNo: 'R6810-000123',
  receiptDate: '2025-10-31',
  lines: [
    {
      seq: 1,
      itemCode: 'SH',
      description: 'ค่าหุ้นรายเดือน',
      contractNo: null,
      period: 121,
      principalSatang: 0,
      interestSatang: 0,
      amountSatang: 300_000,
    },
    {
      seq: 2,
      itemCode: 'LN',
      description: 'เงินกู้สามัญ',
      contractNo: 'สม.65/0012',
      period: 34,
      principalSatang: 800_000,
      interestSatang: 134_567,
      amountSatang: 934_567,
    },
  ],
};

describe('renderKepPdf', () => {
  it('is a PDF with the Thai font embedded and the receipt in readable Thai', async () => {
    const bytes = await renderKepPdf({
      collection: month,
      memberName: 'นายสมชาย ใจดี',
      membershipNo: '012345',
      now: new Date('2025-11-05T03:00:00Z'),
    });
    expect(bytes.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    expect(bytes.toString('latin1')).toContain('/FontFile2');
    const text = pdfText(bytes);
    if (process.env.CI) expect(text, 'pdftotext (poppler-utils) is installed in CI').not.toBeNull();
    if (text === null) return;
    const flat = plain(text);
    expect(flat).toContain(plain('ใบเสร็จรับเงิน'));
    expect(flat).toContain(plain('ประจำเดือน ตุลาคม 2568'));
    expect(flat).toContain(plain('นายสมชาย ใจดี'));
    expect(flat).toContain(plain('012345'));
    expect(flat).toContain(plain('R6810-000123'));
    expect(flat).toContain(plain('31 ตุลาคม 2568'));
    expect(flat).toContain(plain('เงินกู้สามัญ (สม.65/0012)'));
    expect(flat).toContain(plain('9,345.67'));
    expect(flat).toContain(plain('12,345.67 บาท'));
    expect(flat).toContain(plain('พิมพ์เมื่อ 5 พฤศจิกายน 2568 เวลา 10:00 น.'));
  });

  it('is a bill, not a receipt, before the month is posted', async () => {
    const bill = { ...month, posted: false, receiptNo: null, receiptDate: null, collectedSatang: 0 };
    const bytes = await renderKepPdf({ collection: bill, memberName: 'นายสมชาย ใจดี', membershipNo: '012345' });
    const text = pdfText(bytes);
    if (text === null) return;
    const flat = plain(text);
    expect(flat).toContain(plain('ใบแจ้งหนี้'));
    expect(flat).toContain(plain('ใบแจ้งหนี้นี้ไม่ใช่ใบเสร็จรับเงิน'));
    expect(flat).not.toContain(plain('ใบเสร็จเลขที่'));
    expect(flat).not.toContain(plain('ยอดที่หักได้'));
  });

  it('says what happens next and whom to call for a month that could not be collected, as the page does', async () => {
    const failed = { ...month, collectedSatang: 0, receiptNo: null, receiptDate: null };
    const guidance = collectionGuidance('failed', failed.billedSatang, 0);
    expect(guidance).not.toBeNull();
    const text = pdfText(await renderKepPdf({ collection: failed, memberName: 'ก ข', membershipNo: '000001' }));
    if (text === null) return;
    const flat = plain(text);
    expect(flat).toContain(plain(guidance!.title));
    for (const line of guidance!.lines) expect(flat).toContain(plain(line));
    expect(flat).toContain(plain(site.phone.label));
    // A month collected in full has none.
    const full = pdfText(await renderKepPdf({ collection: month, memberName: 'ก ข', membershipNo: '000001' }));
    expect(plain(full ?? '')).not.toContain(plain(guidance!.title));
  });

  it('keeps many lines on more pages, each numbered', async () => {
    const lines = Array.from({ length: 40 }, (_, i) => ({ ...month.lines[1]!, seq: i + 1 }));
    const bytes = await renderKepPdf({ collection: { ...month, lines }, memberName: 'ก ข', membershipNo: '000001' });
    const text = pdfText(bytes);
    if (text === null) return;
    expect(plain(text)).toContain(plain('หน้า 1/2'));
    expect(plain(text)).toContain(plain('หน้า 2/2'));
    expect(plain(text)).not.toContain(plain('หน้า 1/3'));
  });

  it('names the file without member data', () => {
    expect(kepPdfFileName(month)).toBe('receipt-2025-10.pdf');
    expect(kepPdfFileName({ ...month, posted: false })).toBe('bill-2025-10.pdf');
    // A month the payroll could not collect has no receipt.
    expect(kepPdfFileName({ ...month, collectedSatang: 0, receiptNo: null, receiptDate: null })).toBe(
      'bill-2025-10.pdf',
    );
  });
});

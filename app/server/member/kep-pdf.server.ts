import { createRequire } from 'node:module';

import PDFDocument from 'pdfkit';
import sharp from 'sharp';

import { collectionView } from '~/components/member/collections';
import { site } from '~/config/site';
import { formatDateTime } from '~/lib/thai-format';

import { appPath } from '../http/app-root.server';
import type { MonthlyCollection } from '../coop/types';

/**
 * A billing month (kep) as a PDF: the bill before the month is posted, the receipt after it (ADR 051).
 * Served to the vendor's client (`GET /api/member/print_pdf/{year}/{month}`) and as a download on the
 * printable month. Text is drawn in Sarabun, one TrueType font that holds Thai, Latin and digits, with
 * its GPOS tables, so tone marks and upper vowels sit where a Thai reader expects them.
 */

const require = createRequire(import.meta.url);
const FONT = {
  regular: require.resolve('@expo-google-fonts/sarabun/400Regular/Sarabun_400Regular.ttf'),
  bold: require.resolve('@expo-google-fonts/sarabun/700Bold/Sarabun_700Bold.ttf'),
};

const PAGE_MARGIN = 48;
const INK = '#1f2937';
const MUTED = '#4b5563';
const RULE = '#9ca3af';

/** The table's columns: share of the text width and alignment. */
const COLUMNS = [
  { head: 'ลำดับ', width: 0.08, align: 'center' },
  { head: 'รายการ', width: 0.35, align: 'left' },
  { head: 'งวด', width: 0.08, align: 'center' },
  { head: 'เงินต้น (บาท)', width: 0.17, align: 'right' },
  { head: 'ดอกเบี้ย (บาท)', width: 0.17, align: 'right' },
  { head: 'รวม (บาท)', width: 0.15, align: 'right' },
] as const;

let logoPng: Promise<Buffer | null> | undefined;

/** The cooperative's logo (an SVG under public/) rasterised once for the PDF; none if it cannot be read. */
function logo(): Promise<Buffer | null> {
  logoPng ??= sharp(appPath('public', site.logo.src.replace(/^\//, '')), { density: 300 })
    .resize(160, 160, { fit: 'contain', background: { r: 255, g: 255, b: 255, alpha: 0 } })
    .png()
    .toBuffer()
    .catch(() => null);
  return logoPng;
}

export interface KepPdfInput {
  collection: MonthlyCollection;
  memberName: string;
  membershipNo: string;
  /** When it was printed (shown in the footer). */
  now?: Date;
}

/** The file name a browser saves the PDF under: ASCII, no member data. */
export function kepPdfFileName(c: MonthlyCollection): string {
  return `${collectionView(c).isReceipt ? 'receipt' : 'bill'}-${c.year}-${String(c.month).padStart(2, '0')}.pdf`;
}

/** The PDF's bytes. */
export async function renderKepPdf({ collection, memberName, membershipNo, now = new Date() }: KepPdfInput) {
  const bill = collectionView(collection);
  const title = bill.isReceipt ? 'ใบเสร็จรับเงิน' : 'ใบแจ้งหนี้';
  const doc = new PDFDocument({
    size: 'A4',
    margin: PAGE_MARGIN,
    bufferPages: true,
    lang: 'th-TH',
    displayTitle: true,
    info: { Title: `${title} ประจำเดือน ${bill.month}`, Author: site.nameTh, Creator: site.nameTh },
  });
  const chunks: Buffer[] = [];
  doc.on('data', (chunk: Buffer) => chunks.push(chunk));
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });
  doc.registerFont('regular', FONT.regular);
  doc.registerFont('bold', FONT.bold);

  const left = PAGE_MARGIN;
  const width = doc.page.width - PAGE_MARGIN * 2;

  // The cooperative: logo, name and address.
  const image = await logo();
  const top = doc.y;
  if (image) doc.image(image, left, top, { width: 48, height: 48 });
  const textLeft = image ? left + 60 : left;
  doc
    .font('bold')
    .fontSize(15)
    .fillColor(INK)
    .text(site.nameTh, textLeft, top, { width: width - (textLeft - left) });
  doc
    .font('regular')
    .fontSize(10)
    .fillColor(MUTED)
    .text(site.address, { width: width - (textLeft - left) });
  doc.text(`โทร. ${site.phone.label}`, { width: width - (textLeft - left) });
  doc.y = Math.max(doc.y, top + 48) + 14;
  rule(doc, left, width, 1.2);

  // The document's title and the member.
  doc.moveDown(0.6);
  doc.font('bold').fontSize(18).fillColor(INK).text(title, left, doc.y, { width, align: 'center' });
  doc.font('regular').fontSize(12).text(`ประจำเดือน ${bill.month}`, { width, align: 'center' });
  doc.moveDown(0.8);

  const facts: [string, string][] = [
    ['ชื่อสมาชิก', memberName],
    ['เลขทะเบียนสมาชิก', membershipNo],
    ['สถานะ', bill.statusText],
  ];
  if (bill.isReceipt) {
    facts.push(['เลขที่ใบเสร็จ', bill.receiptNo], ['วันที่ใบเสร็จ', bill.receiptDate]);
  }
  for (const [label, value] of facts) {
    const y = doc.y;
    doc.font('bold').fontSize(11).fillColor(MUTED).text(label, left, y, { width: 130 });
    doc
      .font('regular')
      .fillColor(INK)
      .text(value, left + 140, y, { width: width - 140 });
    doc.moveDown(0.2);
  }
  doc.moveDown(0.6);

  // The lines.
  const columns = COLUMNS.map((c) => ({ ...c, width: c.width * width }));
  const drawRow = (cells: string[], font: 'regular' | 'bold') => {
    doc.font(font).fontSize(10.5);
    const heights = columns.map((c, i) => doc.heightOfString(cells[i] ?? '', { width: c.width - 8 }));
    const height = Math.max(...heights) + 8;
    if (doc.y + height > doc.page.height - PAGE_MARGIN - 40) {
      doc.addPage();
      drawHead();
      doc.font(font).fontSize(10.5);
    }
    const y = doc.y + 4;
    let x = left;
    columns.forEach((c, i) => {
      doc.fillColor(INK).text(cells[i] ?? '', x + 4, y, { width: c.width - 8, align: c.align });
      x += c.width;
    });
    doc.x = left;
    doc.y = y + height - 4;
    rule(doc, left, width, font === 'bold' ? 1 : 0.5);
  };
  const drawHead = () =>
    drawRow(
      COLUMNS.map((c) => c.head),
      'bold',
    );
  drawHead();
  for (const line of bill.lines) {
    const description = line.contractNo ? `${line.description} (${line.contractNo})` : line.description;
    drawRow(
      [String(line.seq), description, String(line.period), line.principal, line.interest, line.amount],
      'regular',
    );
  }
  if (!bill.lines.length) drawRow(['', 'ไม่มีรายการ', '', '', '', ''], 'regular');

  // Totals.
  doc.moveDown(0.8);
  const total = (label: string, value: string) => {
    const y = doc.y;
    doc
      .font('bold')
      .fontSize(12)
      .fillColor(INK)
      .text(label, left, y, { width: width - 160, align: 'right' });
    doc.text(`${value} บาท`, left + width - 150, y, { width: 150, align: 'right' });
    doc.moveDown(0.2);
  };
  total('ยอดเรียกเก็บรวม', bill.billed);
  if (bill.isReceipt) total('ยอดที่หักได้', bill.collected);

  // A month not collected in full: what happens next and whom to call, as the pages say it.
  if (bill.guidance) {
    doc.moveDown(0.8);
    doc.font('bold').fontSize(12).fillColor(INK).text(bill.guidance.title, left, doc.y, { width });
    doc.font('regular').fontSize(11);
    for (const line of bill.guidance.lines) doc.text(line, left, doc.y, { width });
  }

  doc.moveDown(1.2);
  doc
    .font('regular')
    .fontSize(10)
    .fillColor(MUTED)
    .text(
      bill.isReceipt
        ? 'ใบเสร็จรับเงินนี้พิมพ์จากระบบบริการสมาชิกออนไลน์ของสหกรณ์'
        : 'ใบแจ้งหนี้นี้ไม่ใช่ใบเสร็จรับเงิน เนื่องจากสหกรณ์ยังไม่ได้รับเงิน',
      left,
      doc.y,
      { width, align: 'center' },
    );

  // Footer on every page: when printed, and the page number.
  const range = doc.bufferedPageRange();
  for (let i = range.start; i < range.start + range.count; i++) {
    doc.switchToPage(i);
    // Below the bottom margin: without lifting it, pdfkit would start a new page for the footer.
    doc.page.margins.bottom = 0;
    const y = doc.page.height - PAGE_MARGIN + 12;
    doc.font('regular').fontSize(9).fillColor(MUTED);
    doc.text(`พิมพ์เมื่อ ${formatDateTime(now)}`, left, y, { width: width / 2, lineBreak: false });
    doc.text(`หน้า ${i + 1}/${range.count}`, left + width / 2, y, {
      width: width / 2,
      align: 'right',
      lineBreak: false,
    });
  }
  doc.end();
  return done;
}

function rule(doc: PDFKit.PDFDocument, left: number, width: number, lineWidth: number) {
  doc
    .moveTo(left, doc.y)
    .lineTo(left + width, doc.y)
    .lineWidth(lineWidth)
    .strokeColor(RULE)
    .stroke();
}

/** The PDF as a response: inline (the vendor's print button opens it in a tab) or as a download. */
export function pdfResponse(bytes: Buffer, fileName: string, disposition: 'inline' | 'attachment'): Response {
  return new Response(new Uint8Array(bytes), {
    headers: {
      'Content-Type': 'application/pdf',
      'Content-Length': String(bytes.length),
      'Content-Disposition': `${disposition}; filename="${fileName}"`,
      'Cache-Control': 'private, no-store',
      'X-Content-Type-Options': 'nosniff',
    },
  });
}

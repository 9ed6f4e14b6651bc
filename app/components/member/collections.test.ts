import { describe, expect, it } from 'vitest';

import type { MonthlyCollection } from '~/server/coop/types';

import { collectionView } from './collections';

const month: MonthlyCollection = {
  year: 2025,
  month: 3,
  billedSatang: 1_234_567,
  collectedSatang: 1_234_567,
  posted: true,
  receiptNo: 'R6803-000001',
  receiptDate: '2025-03-31',
  lines: [
    {
      seq: 1,
      itemCode: 'share',
      description: 'ค่าหุ้นรายเดือน',
      contractNo: null,
      period: 12,
      principalSatang: 0,
      interestSatang: 0,
      amountSatang: 300_000,
    },
    {
      seq: 2,
      itemCode: 'loan',
      description: 'เงินกู้สามัญ',
      contractNo: 'สม.67/0001',
      period: 3,
      principalSatang: 800_000,
      interestSatang: 134_567,
      amountSatang: 934_567,
    },
  ],
};

describe('collectionView', () => {
  it('is a receipt once money was received, and a bill before or when nothing was collected', () => {
    expect(collectionView(month)).toMatchObject({ isReceipt: true, statusText: 'หักได้ครบ' });
    expect(collectionView({ ...month, posted: false, collectedSatang: 0, receiptNo: null })).toMatchObject({
      isReceipt: false,
    });
    const failed = collectionView({ ...month, collectedSatang: 0, receiptNo: null, receiptDate: null });
    expect(failed).toMatchObject({ isReceipt: false, statusText: 'หักไม่ได้', receiptNo: ' - ' });
  });

  it('shows a line without a principal/interest split as principal, so the columns add up', () => {
    const [share, loan] = collectionView(month).lines;
    expect(share).toMatchObject({ principal: '3,000.00', interest: ' - ', amount: '3,000.00' });
    expect(loan).toMatchObject({ principal: '8,000.00', interest: '1,345.67', amount: '9,345.67' });
  });
});

import { describe, expect, it } from 'vitest';

import { site } from '~/config/site';

import { collectionGuidance } from './collection-guidance';

describe('collectionGuidance', () => {
  it('tells a member whose month could not be collected what is owed, what happens next and whom to call', () => {
    const guidance = collectionGuidance('failed', 1_234_567, 0);
    expect(guidance?.title).toBe('เดือนนี้หักเงินไม่ได้');
    expect(guidance?.lines[0]).toBe('สหกรณ์ยังไม่ได้รับเงินของเดือนนี้ ยอด 12,345.67 บาท ยังค้างชำระ');
    expect(guidance?.lines.at(-1)).toContain('เรียกเก็บรวมกับรายการของเดือนถัดไป');
    expect(guidance?.lines.at(-1)).toContain(`โทร. ${site.phone.label}`);
  });

  it('names what is still owed for a month collected in part', () => {
    const guidance = collectionGuidance('partial', 1_000_000, 250_050);
    expect(guidance?.title).toBe('เดือนนี้หักเงินได้ไม่ครบ');
    expect(guidance?.lines[0]).toBe('สหกรณ์หักเงินได้ 2,500.50 บาท จากยอดเรียกเก็บ 10,000.00 บาท ยังค้างชำระ 7,499.50 บาท');
    expect(guidance?.lines.at(-1)).toContain(site.phone.label);
  });

  it('says nothing for a month collected in full or not yet posted', () => {
    expect(collectionGuidance('full', 1_000, 1_000)).toBeNull();
    expect(collectionGuidance('pending', 1_000, 0)).toBeNull();
  });
});

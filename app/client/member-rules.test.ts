import { describe, expect, it } from 'vitest';

import { FIELD_RULES, firstBrokenRule } from '~/lib/forms/client-rules';

/**
 * The pure parts member.ts runs in the browser: the rules' first message. Its padding on blur is
 * `padMembershipNo`, whose cases are in thai-format.test.ts.
 */
describe('the member script: rules', () => {
  it("gives each field's first broken rule, once, in the rules' order", () => {
    const no = FIELD_RULES.membershipNo;
    expect(firstBrokenRule(no, '  ')).toBe('กรุณากรอกหมายเลขสมาชิก');
    expect(firstBrokenRule(no, '12345678a')).toBe('หมายเลขสมาชิกต้องเป็นตัวเลขเท่านั้น');
    expect(firstBrokenRule(no, '12345678')).toBe('หมายเลขสมาชิกต้องไม่เกิน 7 หลัก');
    expect(firstBrokenRule(no, ' 1234567 ')).toBe('');
  });

  it('counts a password in characters, and compares the confirmation once both are filled', () => {
    expect(firstBrokenRule(FIELD_RULES.newPassword, 'แกงส้ม12')).toBe('');
    expect(firstBrokenRule(FIELD_RULES.newPassword, 'แกงส้ม1')).toBe('รหัสผ่านใหม่ต้องมีอย่างน้อย 8 ตัวอักษร');
    const other = (password: string) => ({ other: (name: string) => (name === 'password' ? password : undefined) });
    expect(firstBrokenRule(FIELD_RULES.confirmPassword, 'abcdefgh', other('abcdefgi'))).toBe(
      'รหัสผ่านใหม่และการยืนยันรหัสผ่านไม่ตรงกัน',
    );
    expect(firstBrokenRule(FIELD_RULES.confirmPassword, 'abcdefgh', other(''))).toBe('');
  });

  it('asks for a box to be ticked', () => {
    expect(firstBrokenRule(FIELD_RULES.acceptTerms, '', { checked: false })).toBe(
      'กรุณายอมรับข้อกำหนดและเงื่อนไขการใช้บริการ',
    );
    expect(firstBrokenRule(FIELD_RULES.acceptTerms, '', { checked: true })).toBe('');
  });
});

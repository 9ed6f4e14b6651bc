import { describe, expect, it } from 'vitest';

import { parsePasswordChange } from '~/server/auth/password-policy.server';

import {
  CHANGE_PASSWORD_CONSTRAINT,
  CHANGE_PASSWORD_FIELDS,
  changePasswordErrors,
  newPasswordLengthError,
  PASSWORD_INPUT_MAX,
  PASSWORD_MAX,
  PASSWORD_MESSAGES,
  PASSWORD_MIN,
  type ChangePasswordField,
} from './password-rules';
import { formDataOf } from './form-data.test-support';

type Values = Partial<Record<ChangePasswordField, string>>;

/** The server's answer to the form as posted (the route's own parse): each field's first message. */
function serverErrors(values: Values) {
  const parsed = parsePasswordChange(formDataOf(values));
  return parsed.ok ? {} : parsed.errors;
}

const OK = { currentPassword: 'Test-abcdefgh', newPassword: 'ม้าลายกินหญ้า', confirmPassword: 'ม้าลายกินหญ้า' };
const THAI_8 = 'น้ำใจดีดี'; // 9 code points (3 of them combining marks), as typed: long enough
const ASTRAL_8 = '😀'.repeat(PASSWORD_MIN); // 8 code points, 16 UTF-16 units

const CASES: [string, Values][] = [
  ['nothing filled', {}],
  ['every field empty', { currentPassword: '', newPassword: '', confirmPassword: '' }],
  ['a valid form', OK],
  ['no current password', { ...OK, currentPassword: '' }],
  ['no new password', { ...OK, newPassword: '' }],
  ['no confirmation', { ...OK, confirmPassword: '' }],
  ['too short', { ...OK, newPassword: 'สั้นไป', confirmPassword: 'สั้นไป' }],
  ['seven characters', { ...OK, newPassword: 'abcdefg', confirmPassword: 'abcdefg' }],
  ['exactly eight characters', { ...OK, newPassword: 'abcdefgh', confirmPassword: 'abcdefgh' }],
  ['Thai with combining marks', { ...OK, newPassword: THAI_8, confirmPassword: THAI_8 }],
  ['astral characters', { ...OK, newPassword: ASTRAL_8, confirmPassword: ASTRAL_8 }],
  ['too long', { ...OK, newPassword: 'ก'.repeat(PASSWORD_MAX + 1), confirmPassword: 'ก'.repeat(PASSWORD_MAX + 1) }],
  ['the longest allowed', { ...OK, newPassword: 'ก'.repeat(PASSWORD_MAX), confirmPassword: 'ก'.repeat(PASSWORD_MAX) }],
  ['mismatch', { ...OK, confirmPassword: `${OK.newPassword}!` }],
  [
    'same as current',
    { currentPassword: OK.newPassword, newPassword: OK.newPassword, confirmPassword: OK.newPassword },
  ],
  ['short, same as current and mismatched', { currentPassword: 'abc', newPassword: 'abc', confirmPassword: 'abd' }],
  ['mismatch without a current password', { newPassword: 'abcdefghij', confirmPassword: 'abcdefghik' }],
  ['short without a current password', { newPassword: 'short', confirmPassword: 'shorx' }],
  ['spaces only', { currentPassword: ' ', newPassword: '  ', confirmPassword: '' }],
];

describe('the change-password rules, in the browser and on the server', () => {
  it.each(CASES)('%s: the page finds what the server finds, with the same messages', (_name, values) => {
    expect(changePasswordErrors(values)).toEqual(serverErrors(values));
  });

  it('gives the spec’s messages for the common mistakes', () => {
    expect(changePasswordErrors({})).toEqual({
      currentPassword: PASSWORD_MESSAGES.currentRequired,
      newPassword: PASSWORD_MESSAGES.newRequired,
      confirmPassword: PASSWORD_MESSAGES.confirmRequired,
    });
    expect(changePasswordErrors({ currentPassword: 'abc', newPassword: 'abc', confirmPassword: 'abd' })).toEqual({
      newPassword: 'รหัสผ่านใหม่ต้องมีอย่างน้อย 8 ตัวอักษร',
      confirmPassword: 'รหัสผ่านใหม่และการยืนยันรหัสผ่านไม่ตรงกัน',
    });
    expect(
      changePasswordErrors({ ...OK, newPassword: OK.currentPassword, confirmPassword: OK.currentPassword }),
    ).toEqual({ newPassword: 'รหัสผ่านใหม่ต้องไม่ซ้ำกับรหัสผ่านปัจจุบัน' });
    expect(changePasswordErrors(OK)).toEqual({});
  });

  it('counts a new password in characters as typed, not in UTF-16 units', () => {
    expect(newPasswordLengthError('abcdefg')).toBe(PASSWORD_MESSAGES.tooShort);
    expect(newPasswordLengthError(ASTRAL_8)).toBeNull();
    expect(newPasswordLengthError('😀'.repeat(PASSWORD_MAX))).toBeNull();
    expect(newPasswordLengthError('😀'.repeat(PASSWORD_MAX + 1))).toBe(PASSWORD_MESSAGES.tooLong);
  });

  it('tells a long pasted password its length limit, never that the confirmation differs or is missing', () => {
    for (const length of [PASSWORD_MAX + 1, PASSWORD_INPUT_MAX + 1, 1000]) {
      const long = 'x'.repeat(length);
      const values = { ...OK, newPassword: long, confirmPassword: long };
      const server = serverErrors(values);
      expect(server.newPassword, `${length}`).toBe(PASSWORD_MESSAGES.tooLong);
      expect([undefined, PASSWORD_MESSAGES.tooLong], `${length}`).toContain(server.confirmPassword);
      const page = changePasswordErrors(values);
      expect([undefined, PASSWORD_MESSAGES.tooLong], `${length}`).toContain(page.newPassword);
      expect(page.confirmPassword, `${length}`).toBeUndefined();
    }
  });

  it('lets the browser keep a pasted password whole: no field is cut to a length', () => {
    for (const field of CHANGE_PASSWORD_FIELDS)
      expect(CHANGE_PASSWORD_CONSTRAINT[field]).not.toHaveProperty('maxLength');
  });

  it('leaves a value longer than any password to the server, which refuses it', () => {
    for (const field of ['currentPassword', 'newPassword', 'confirmPassword'] as const) {
      const values = { ...OK, [field]: 'x'.repeat(PASSWORD_INPUT_MAX + 1) };
      expect(changePasswordErrors(values), field).toEqual({});
      expect(Object.keys(serverErrors(values)), field).toContain(field);
    }
  });
});

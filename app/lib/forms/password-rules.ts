/**
 * The password rules, without zod: their numbers, their messages, and the checks of the
 * change-password form, which the server's schemas (`./password`) and the page in the browser both
 * run, so the member meets the same Thai text with or without a round trip.
 */
/** ASVS V2.1: length is what matters; no composition rules. */
export const PASSWORD_MIN = 8;
export const PASSWORD_MAX = 128;

export const PASSWORD_MESSAGES = {
  currentRequired: 'กรุณากรอกรหัสผ่านปัจจุบัน',
  newRequired: 'กรุณากรอกรหัสผ่านใหม่',
  tooShort: `รหัสผ่านใหม่ต้องมีอย่างน้อย ${PASSWORD_MIN} ตัวอักษร`,
  tooLong: `รหัสผ่านใหม่ต้องไม่เกิน ${PASSWORD_MAX} ตัวอักษร`,
  confirmRequired: 'กรุณายืนยันรหัสผ่านใหม่',
  mismatch: 'รหัสผ่านใหม่และการยืนยันรหัสผ่านไม่ตรงกัน',
  common: 'รหัสผ่านนี้ถูกใช้กันทั่วไปและคาดเดาได้ง่าย กรุณาตั้งรหัสผ่านอื่น',
  containsMembershipNo: 'รหัสผ่านต้องไม่ใช่หรือประกอบด้วยหมายเลขสมาชิก',
  containsPersonal: 'รหัสผ่านต้องไม่ประกอบด้วยชื่อ นามสกุล หรือวันเกิดของสมาชิก',
  containsCoopName: 'รหัสผ่านต้องไม่ประกอบด้วยชื่อของสหกรณ์',
  sameAsCurrent: 'รหัสผ่านใหม่ต้องไม่ซ้ำกับรหัสผ่านปัจจุบัน',
  wrongCurrent: 'รหัสผ่านเดิม ไม่ถูกต้อง',
  changed: 'เปลี่ยนรหัสผ่านเรียบร้อยแล้ว',
} as const;

/** The longest value read at all, in UTF-16 units: anything longer is refused before it is counted. */
export const PASSWORD_INPUT_MAX = PASSWORD_MAX * 4;

/** The change-password form's password fields. */
export type ChangePasswordField = 'currentPassword' | 'newPassword' | 'confirmPassword';
export const CHANGE_PASSWORD_FIELDS: readonly ChangePasswordField[] = [
  'currentPassword',
  'newPassword',
  'confirmPassword',
];

/** Each field's first message, for the fields that have one. */
export type ChangePasswordErrors = Partial<Record<ChangePasswordField, string>>;

/**
 * The fields' HTML attributes, matching the rules (lengths in code points; Thai is BMP). No
 * `maxLength`: a browser cuts a longer pasted password to it without a word, the confirmation (which
 * has none) then differs, and the member was told "do not match" instead of the length limit.
 */
export const CHANGE_PASSWORD_CONSTRAINT = {
  currentPassword: { required: true },
  newPassword: { required: true, minLength: PASSWORD_MIN },
  confirmPassword: { required: true },
} satisfies Record<ChangePasswordField, object>;

/** A new password's length rule, counted in Unicode code points so Thai text counts as typed. */
export function newPasswordLengthError(password: string): string | null {
  const length = [...password].length;
  if (length < PASSWORD_MIN) return PASSWORD_MESSAGES.tooShort;
  if (length > PASSWORD_MAX) return PASSWORD_MESSAGES.tooLong;
  return null;
}

/** The rules between the three passwords, once all three are given. */
export function passwordPairErrors({
  currentPassword,
  newPassword,
  confirmPassword,
}: Record<ChangePasswordField, string>): ChangePasswordErrors {
  const errors: ChangePasswordErrors = {};
  if (confirmPassword !== newPassword) errors.confirmPassword = PASSWORD_MESSAGES.mismatch;
  if (currentPassword === newPassword) errors.newPassword = PASSWORD_MESSAGES.sameAsCurrent;
  return errors;
}

/**
 * The change-password form's checks as the page runs them before posting (an empty field is a
 * missing one, as the server reads the form): the same first message per field as the server's
 * schema, whose rules these are. A value longer than any password is left to the server, which
 * refuses it: nothing is reported for it here.
 */
export function changePasswordErrors(values: Partial<Record<ChangePasswordField, string>>): ChangePasswordErrors {
  const { currentPassword = '', newPassword = '', confirmPassword = '' } = values;
  if ([currentPassword, newPassword, confirmPassword].some((value) => value.length > PASSWORD_INPUT_MAX)) return {};
  const errors: ChangePasswordErrors = {};
  if (!currentPassword) errors.currentPassword = PASSWORD_MESSAGES.currentRequired;
  const length = newPassword ? newPasswordLengthError(newPassword) : PASSWORD_MESSAGES.newRequired;
  if (length) errors.newPassword = length;
  if (!confirmPassword) errors.confirmPassword = PASSWORD_MESSAGES.confirmRequired;
  if (currentPassword && newPassword && confirmPassword) {
    // The server's pair rules come after each field's own: a field keeps its first message.
    for (const [field, message] of Object.entries(
      passwordPairErrors({ currentPassword, newPassword, confirmPassword }),
    )) {
      errors[field as ChangePasswordField] ??= message;
    }
  }
  return errors;
}

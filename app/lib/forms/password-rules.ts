/**
 * The password rules' numbers and messages, without zod: pages that only show them (or validate on the
 * server only) stay light. The schemas are in `./password`.
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

/** The fields' HTML constraints for conform, matching the schema (lengths in code points; Thai is BMP). */
export const CHANGE_PASSWORD_CONSTRAINT = {
  currentPassword: { required: true },
  newPassword: { required: true, minLength: PASSWORD_MIN, maxLength: PASSWORD_MAX },
  confirmPassword: { required: true },
};

/**
 * Answers both backends give in the same words (the embedded store and the http backend, which turns
 * the vendor's replies into them), so a member reads the same Thai whichever one serves the site.
 */

/** One answer whichever identity field was wrong (or the member is not active): no enumeration. */
export const IDENTITY_MISMATCH = 'ข้อมูลไม่ตรงกับทะเบียนสมาชิก กรุณาตรวจสอบอีกครั้ง';
export const REGISTERED_MESSAGE = 'ลงทะเบียนสำเร็จ';
export const PASSWORD_RESET_MESSAGE = 'เปลี่ยนรหัสผ่านสำเร็จ';
export const alreadyRegistered = (membershipNo: string) => `สมาชิกเลขที่ ${membershipNo} นี้ ลงทะเบียนแล้ว`;

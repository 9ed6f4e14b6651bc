/**
 * The Thai messages of the sign-in and registration fields (spec §5), without zod: the server's
 * schemas (`./fields`, `./identity`, `./register`) and the rules the pages check in the browser
 * (`./client-rules`) both take them from here.
 */
export const MESSAGES = {
  membershipNoRequired: 'กรุณากรอกหมายเลขสมาชิก',
  membershipNoDigits: 'หมายเลขสมาชิกต้องเป็นตัวเลขเท่านั้น',
  membershipNoMax: 'หมายเลขสมาชิกต้องไม่เกิน 7 หลัก',
  passwordRequired: 'กรุณากรอกรหัสผ่าน',
} as const;

export const IDENTITY_MESSAGES = {
  nationalIdRequired: 'กรุณากรอกเลขประจำตัวประชาชน',
  nationalIdInvalid: 'เลขประจำตัวประชาชนไม่ถูกต้อง',
  beDateInvalid: 'กรุณากรอกวันที่ในรูปแบบ วว/ดด/ปปปป (พ.ศ.)',
  nameMax: 'ต้องไม่เกิน 100 ตัวอักษร',
} as const;

export const REGISTER_MESSAGES = {
  firstNameRequired: 'กรุณากรอกชื่อ',
  lastNameRequired: 'กรุณากรอกนามสกุล',
  birthDateRequired: 'กรุณากรอกวันเดือนปีเกิด',
  acceptTermsRequired: 'กรุณายอมรับข้อกำหนดและเงื่อนไขการใช้บริการ',
  tooMany: (minutes: number) => `ทำรายการหลายครั้งเกินไป กรุณาลองใหม่ในอีก ${minutes} นาที`,
  codeRequired: 'กรุณากรอกรหัสยืนยัน',
  codeInvalid: 'รหัสยืนยันต้องเป็นตัวเลข 6 หลัก',
  codeWrong: (triesLeft: number) => `รหัสยืนยันไม่ถูกต้อง ลองได้อีก ${triesLeft} ครั้ง`,
  codeSpent: 'รหัสยืนยันหมดอายุหรือใช้ไม่ได้แล้ว กรุณาขอรหัสยืนยันใหม่',
} as const;

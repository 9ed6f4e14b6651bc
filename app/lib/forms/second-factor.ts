/** Thai texts of the second factor (ADR 040): the sign-in code page and the account-security page. */
export const SECOND_FACTOR_MESSAGES = {
  verifyTitle: 'ยืนยันตัวตนขั้นที่สอง',
  codeLabel: 'รหัสยืนยันตัวตน',
  codeHint: 'รหัส 6 หลักจากแอปยืนยันตัวตน หรือรหัสสำรองที่ได้รับไว้ (ใช้ได้ครั้งเดียว)',
  codeRequired: 'กรุณากรอกรหัสยืนยันตัวตน',
  codeWrong: 'รหัสยืนยันตัวตนไม่ถูกต้อง หรือถูกใช้ไปแล้ว',
  locked: (minutes: number) => `กรอกรหัสยืนยันตัวตนผิดหลายครั้งเกินไป เพื่อความปลอดภัย กรุณาลองใหม่อีกครั้งในอีก ${minutes} นาที`,
  expired: 'หมดเวลายืนยันตัวตน กรุณาเข้าสู่ระบบใหม่อีกครั้ง',
  tooManyForChallenge: 'กรอกรหัสยืนยันตัวตนผิดหลายครั้ง กรุณาเข้าสู่ระบบใหม่อีกครั้ง',
  apiCodeRequired: 'บัญชีนี้เปิดใช้การยืนยันตัวตนสองขั้นตอน กรุณาส่งรหัสยืนยันตัวตนจากแอปยืนยันตัวตนในช่อง otp',
  pageTitle: 'ความปลอดภัยของบัญชี',
  enabled: 'เปิดใช้การยืนยันตัวตนสองขั้นตอนแล้ว',
  disabled: 'ปิดการยืนยันตัวตนสองขั้นตอนแล้ว',
  enrolWrong: 'รหัสไม่ถูกต้อง กรุณากรอกรหัส 6 หลักที่แอปแสดงอยู่ในขณะนี้',
  /** Told after a reset of the password by one-time code removed the factor (ADR 091). */
  clearedByReset:
    'การยืนยันตัวตนสองขั้นตอนของบัญชีนี้ถูกปิดแล้ว และรหัสสำรองเดิมใช้ไม่ได้อีก หลังเข้าสู่ระบบ ท่านเปิดใช้ใหม่ได้ที่หน้าความปลอดภัยของบัญชี',
  /**
   * Told after a reset of the password by a code sent to the member, when the factor is on: it stays
   * (ADR 132); whoever lost both the app and the recovery codes goes to the cooperative.
   */
  keptAfterReset:
    'การยืนยันตัวตนสองขั้นตอนของบัญชีนี้ยังเปิดอยู่ เมื่อเข้าสู่ระบบ กรุณากรอกรหัสจากแอปยืนยันตัวตนหรือรหัสสำรองที่ได้รับไว้ หากไม่มีทั้งสองอย่าง กรุณาติดต่อสหกรณ์พร้อมบัตรประจำตัวประชาชน',
  /** Re-authentication before a change of the account's security (ADR 090). */
  passwordLabel: 'รหัสผ่านปัจจุบัน',
  passwordHint: 'กรอกรหัสผ่านเพื่อยืนยันว่าเป็นท่าน',
  passwordRequired: 'กรุณากรอกรหัสผ่านปัจจุบัน',
  passwordWrong: 'รหัสผ่านปัจจุบันไม่ถูกต้อง',
  unavailable: 'ไม่สามารถตรวจสอบรหัสผ่านได้ในขณะนี้ กรุณาลองใหม่อีกครั้ง',
  tooMany: (minutes: number) => `ทำรายการหลายครั้งเกินไป กรุณาลองใหม่ในอีก ${minutes} นาที`,
  regenerated: 'สร้างรหัสสำรองชุดใหม่แล้ว รหัสชุดเดิมใช้ไม่ได้อีกต่อไป',
  codesKept: 'ซ่อนรหัสสำรองแล้ว',
  sessionEnded: 'ออกจากระบบอุปกรณ์นั้นแล้ว',
  tokenRevoked: 'ยกเลิกโทเคนแล้ว',
  othersEnded: 'ออกจากระบบทุกอุปกรณ์อื่นแล้ว',
  notFound: 'ไม่พบรายการนี้ อาจสิ้นสุดไปแล้ว',
  acting: 'การตั้งค่าความปลอดภัยเป็นของสมาชิกเท่านั้น เจ้าหน้าที่ที่ดำเนินการแทนสมาชิกดูได้แต่เปลี่ยนแปลงไม่ได้',
} as const;

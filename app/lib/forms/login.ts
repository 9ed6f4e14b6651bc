import * as z from 'zod';

import { membershipNoField, passwordField } from './fields';

export const LoginSchema = z.object({
  membershipNo: membershipNoField,
  password: passwordField,
  remember: z.boolean().optional(),
  redirectTo: z.string().max(2000).optional(),
});

export type LoginInput = z.infer<typeof LoginSchema>;

export const LOGIN_MESSAGES = {
  invalid: 'เข้าสู่ระบบไม่สำเร็จ หมายเลขสมาชิกหรือรหัสผ่านไม่ถูกต้อง',
  locked: (minutes: number) => `เข้าสู่ระบบไม่สำเร็จหลายครั้งเกินไป เพื่อความปลอดภัย กรุณาลองใหม่อีกครั้งในอีก ${minutes} นาที`,
  resetRequired: 'เพื่อความปลอดภัยในการใช้งาน กรุณาเปลี่ยนรหัสผ่านใหม่',
  unavailable: 'ไม่สามารถเชื่อมต่อได้',
  success: 'เข้าสู่ระบบแล้ว',
  sessionExpired: 'ขออภัยสิ้นสุดระยะเวลาการเข้าสู่ระบบ กรุณาเข้าสู่ระบบใหม่อีกครั้ง',
  loggedOut: 'ออกจากระบบ เรียบร้อยแล้ว',
} as const;

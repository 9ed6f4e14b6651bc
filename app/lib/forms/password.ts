import * as z from 'zod';

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
  sameAsCurrent: 'รหัสผ่านใหม่ต้องไม่ซ้ำกับรหัสผ่านปัจจุบัน',
  wrongCurrent: 'รหัสผ่านเดิม ไม่ถูกต้อง',
  changed: 'เปลี่ยนรหัสผ่านเรียบร้อยแล้ว',
} as const;

/** Length counted in Unicode code points, so Thai text counts as typed. */
export const newPasswordField = z
  .string({ error: PASSWORD_MESSAGES.newRequired })
  .refine((v) => [...v].length >= PASSWORD_MIN, PASSWORD_MESSAGES.tooShort)
  .refine((v) => [...v].length <= PASSWORD_MAX, PASSWORD_MESSAGES.tooLong);

export const ChangePasswordSchema = z
  .object({
    currentPassword: z.string({ error: PASSWORD_MESSAGES.currentRequired }).max(PASSWORD_MAX * 4),
    newPassword: newPasswordField,
    confirmPassword: z.string({ error: PASSWORD_MESSAGES.confirmRequired }),
    signOutOthers: z.boolean().optional(),
  })
  .superRefine((value, ctx) => {
    if (value.confirmPassword !== value.newPassword) {
      ctx.addIssue({ code: 'custom', path: ['confirmPassword'], message: PASSWORD_MESSAGES.mismatch });
    }
    if (value.currentPassword === value.newPassword) {
      ctx.addIssue({ code: 'custom', path: ['newPassword'], message: PASSWORD_MESSAGES.sameAsCurrent });
    }
  });

/** Thai copy of staff impersonation (ADR 010), shared by the banner, the link page and the refusing actions. */
export const IMPERSONATION_MESSAGES = {
  /** The one page every refused link gets (tampered, expired, used, unknown member). */
  linkRefusedTitle: 'ลิงก์นี้หมดอายุหรือถูกใช้แล้ว',
  linkRefusedText: 'ลิงก์เข้าใช้งานในนามสมาชิกใช้ได้ครั้งเดียวภายใน 60 วินาทีหลังจากสร้าง กรุณาสร้างลิงก์ใหม่แล้วเปิดทันที',
  endButton: 'สิ้นสุดการใช้งานในนามสมาชิก',
  bannerLabel: 'การใช้งานในนามสมาชิก',
  passwordBlocked: 'เจ้าหน้าที่ที่ใช้งานในนามสมาชิกไม่สามารถเปลี่ยนรหัสผ่านแทนสมาชิกได้ รหัสผ่านเปลี่ยนได้โดยสมาชิกเท่านั้น',
  termsBlocked: 'เจ้าหน้าที่ที่ใช้งานในนามสมาชิกไม่สามารถยอมรับข้อกำหนดและเงื่อนไขแทนสมาชิกได้ สมาชิกต้องยอมรับด้วยตนเองเมื่อเข้าสู่ระบบ',
} as const;

/** The banner's sentence: who is being acted as, and by whom. */
export function actingAsText(memberName: string, membershipNo: string, staff: string): string {
  return `คุณกำลังใช้งานในนามสมาชิก ${memberName} (${membershipNo}) — เจ้าหน้าที่: ${staff}`;
}

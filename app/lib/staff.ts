import type { StaffRole } from '~/server/staff/guard.server';

import { CONTENT_PAGES } from './staff-content';
import { MODERATION_NAV } from './staff-moderation';

/**
 * What the staff pages show about roles and their navigation (ADR 059). Safe for the browser: no
 * server code, only words and paths.
 */
export const STAFF_ROLES: readonly StaffRole[] = ['editor', 'moderator', 'support', 'admin'];

export const STAFF_ROLE_LABELS: Record<StaffRole, string> = {
  editor: 'บรรณาธิการเนื้อหา',
  moderator: 'ผู้ดูแลกระทู้',
  support: 'ฝ่ายบริการสมาชิก',
  admin: 'ผู้ดูแลระบบ',
};

export function isStaffRole(value: unknown): value is StaffRole {
  return typeof value === 'string' && (STAFF_ROLES as readonly string[]).includes(value);
}

/** The back office's menu: each entry shows to the role it names (and to admins). */
export interface StaffNavEntry {
  to: string;
  label: string;
  role: StaffRole;
  /** Also shown in http mode, where content, the board and members belong to the core. */
  ownData: boolean;
  /** The pages of its section (their own second menu's): on them, and under them, the entry is marked too. */
  section?: readonly string[];
}

export const STAFF_NAV: readonly StaffNavEntry[] = [
  {
    to: '/staff/content',
    label: 'เนื้อหาเว็บไซต์',
    role: 'editor',
    ownData: false,
    section: Object.values(CONTENT_PAGES),
  },
  {
    to: '/staff/board',
    label: 'กระทู้และความต้องการของสมาชิก',
    role: 'moderator',
    ownData: false,
    section: MODERATION_NAV.map((page) => page.to),
  },
  { to: '/staff/members', label: 'ช่วยเหลือสมาชิก', role: 'support', ownData: false },
  { to: '/staff/accounts', label: 'บัญชีเจ้าหน้าที่', role: 'admin', ownData: true },
  { to: '/staff/audit', label: 'บันทึกการใช้งาน', role: 'admin', ownData: true },
];

/**
 * How a menu entry marks itself on `pathname` (its `aria-current`): `page` on its own page, `true` on
 * another page of its section, nothing elsewhere.
 */
export function navCurrent(
  entry: Pick<StaffNavEntry, 'to' | 'section'>,
  pathname: string,
): 'page' | 'true' | undefined {
  if (pathname === entry.to) return 'page';
  const within = (base: string) => pathname === base || pathname.startsWith(`${base}/`);
  return within(entry.to) || (entry.section ?? []).some(within) ? 'true' : undefined;
}

export const STAFF_MESSAGES = {
  backOffice: 'ระบบหลังบ้านเจ้าหน้าที่',
  loginTitle: 'เข้าสู่ระบบเจ้าหน้าที่',
  codeTitle: 'ยืนยันตัวตนสองขั้นตอน',
  loginInvalid: 'ชื่อผู้ใช้หรือรหัสผ่านไม่ถูกต้อง',
  loginRequired: 'กรุณากรอกชื่อผู้ใช้และรหัสผ่าน',
  locked: (minutes: number) => `พยายามเข้าสู่ระบบหลายครั้งเกินไป กรุณาลองใหม่ในอีก ${minutes} นาที`,
  codeRequired: 'กรุณากรอกรหัส 6 หลักจากแอป หรือรหัสสำรอง',
  codeWrong: 'รหัสยืนยันตัวตนไม่ถูกต้อง',
  codeExpired: 'หมดเวลายืนยันตัวตน กรุณาเข้าสู่ระบบอีกครั้ง',
  sessionEnded: 'หมดเวลาการใช้งานเนื่องจากไม่มีการใช้งานเกิน 15 นาที กรุณาเข้าสู่ระบบอีกครั้ง',
  sessionEndedKept:
    'หมดเวลาการใช้งานก่อนบันทึก ระบบเก็บข้อความที่กรอกไว้ให้แล้ว (ยังไม่ได้บันทึก) เข้าสู่ระบบอีกครั้งภายใน 30 นาทีแล้วแบบฟอร์มจะกลับมาพร้อมข้อความเดิม',
  formRestored:
    'ข้อความที่กรอกไว้ก่อนหมดเวลาการใช้งานกลับมาแล้ว แต่ยังไม่ได้บันทึก กรุณาตรวจสอบแล้วกดบันทึกอีกครั้ง (รูปหน้าปกและไฟล์แนบต้องเลือกใหม่)',
  sessionEnding: 'การเข้าสู่ระบบจะหมดเวลาในอีกประมาณ 2 นาทีหากไม่มีการใช้งาน',
  sessionExtend: 'ใช้งานต่อ',
  sessionExtended: 'ขยายเวลาการใช้งานแล้ว',
  sessionOver: 'หมดเวลาการใช้งานแล้ว กรุณาเข้าสู่ระบบอีกครั้ง (ในแบบฟอร์มเนื้อหา กดบันทึกได้ ระบบจะเก็บข้อความไว้ให้จนเข้าสู่ระบบอีกครั้ง)',
  loggedOut: 'ออกจากระบบเจ้าหน้าที่แล้ว',
  forbiddenTitle: 'ไม่มีสิทธิ์เข้าถึงหน้านี้',
  forbiddenText: 'บัญชีเจ้าหน้าที่ของท่านไม่มีสิทธิ์ใช้หน้านี้ หากจำเป็นต้องใช้ กรุณาติดต่อผู้ดูแลระบบ',
  enrolTitle: 'ตั้งค่าบัญชีเจ้าหน้าที่',
  enrolLinkInvalid: 'ลิงก์ตั้งค่าบัญชีนี้ใช้ไม่ได้ อาจหมดอายุหรือถูกใช้ไปแล้ว กรุณาขอลิงก์ใหม่จากผู้ดูแลระบบ',
  enrolled: 'ตั้งค่าบัญชีเจ้าหน้าที่เรียบร้อยแล้ว',
  httpMode:
    'เว็บไซต์นี้เชื่อมต่อกับระบบหลักของสหกรณ์ ข้อมูลสมาชิก เนื้อหา และกระทู้อยู่ที่ระบบหลัก หน้านี้จึงดูแลได้เฉพาะสิ่งที่เว็บไซต์เก็บเอง ได้แก่ บันทึกการใช้งาน การเข้าสู่ระบบ บัญชีเจ้าหน้าที่ และลิงก์เข้าใช้แทนสมาชิก (เมื่อระบบหลักรองรับ)',
} as const;

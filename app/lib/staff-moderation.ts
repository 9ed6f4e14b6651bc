/**
 * What the moderator's pages of the back office say (ADR 062). Safe for the browser: words and
 * paths only.
 */

/** The moderator's pages, shown as a second menu on each of them. */
export const MODERATION_NAV = [
  { to: '/staff/board', label: 'รายการรอตรวจ' },
  { to: '/staff/board/topics', label: 'กระทู้ทั้งหมด' },
  { to: '/staff/demand', label: 'ความต้องการของสมาชิก' },
  { to: '/staff/blocks', label: 'รายการระงับการโพสต์' },
] as const;

export const MOD_MESSAGES = {
  httpMode:
    'เว็บไซต์นี้เชื่อมต่อกับระบบหลักของสหกรณ์ กระดานถาม-ตอบและความต้องการของสมาชิกอยู่ที่ระบบหลัก การตรวจ ซ่อน ตอบ และระงับการโพสต์จึงต้องทำที่ระบบหลัก ไม่ใช่ที่หน้านี้',
  reasonRequired: 'กรุณาระบุเหตุผล',
  reasonMax: 'เหตุผลต้องไม่เกิน 300 ตัวอักษร',
  answerRequired: 'กรุณากรอกข้อความคำตอบ',
  answerMax: 'ข้อความคำตอบต้องไม่เกิน 5,000 ตัวอักษร',
  nameRequired: 'กรุณากรอกชื่อที่แสดงเป็นผู้ตอบ',
  nameMax: 'ชื่อที่แสดงต้องไม่เกิน 60 ตัวอักษร',
  addressInvalid: 'กรุณากรอกที่อยู่ไอพีให้ถูกต้อง เช่น 203.0.113.5 หรือ 2001:db8::1',
  daysInvalid: 'กรุณาเลือกระยะเวลาการระงับ',
  statusInvalid: 'กรุณาเลือกสถานะ',
  changedMeanwhile: 'รายการนี้ถูกเปลี่ยนไปแล้วโดยเจ้าหน้าที่ท่านอื่น หน้านี้แสดงสถานะล่าสุด',
  reviewed: 'ทำเครื่องหมายว่าตรวจแล้ว',
  topicHidden: 'ซ่อนกระทู้แล้ว กระทู้นี้ไม่แสดงบนเว็บไซต์',
  topicRestored: 'แสดงกระทู้อีกครั้งแล้ว',
  answerHidden: 'ซ่อนความเห็นแล้ว ความเห็นนี้ไม่แสดงบนเว็บไซต์',
  answerRestored: 'แสดงความเห็นอีกครั้งแล้ว',
  closed: 'ปิดกระทู้แล้ว ผู้เยี่ยมชมตอบกระทู้นี้ไม่ได้',
  reopened: 'เปิดรับคำตอบอีกครั้งแล้ว',
  answered: 'บันทึกคำตอบจากสหกรณ์แล้ว',
  demandHidden: 'ซ่อนเรื่องนี้แล้ว ไม่แสดงบนเว็บไซต์',
  demandRestored: 'แสดงเรื่องนี้อีกครั้งแล้ว',
  demandAnswered: 'บันทึกคำตอบและสถานะแล้ว',
  blocked: (label: string) => `ระงับการโพสต์จาก ${label} แล้ว`,
  unblocked: (label: string) => `ยกเลิกการระงับ ${label} แล้ว`,
  noAuthor: 'ระงับผู้เขียนรายการนี้ไม่ได้ เพราะระบบไม่ได้เก็บข้อมูลการเชื่อมต่อของผู้เขียนไว้',
  blockGone: 'ไม่พบรายการระงับนี้ อาจหมดอายุหรือถูกยกเลิกไปแล้ว',
} as const;

/** The block durations the form offers, in days, with their Thai labels. */
export const BLOCK_DURATIONS: ReadonlyArray<{ days: number; label: string }> = [
  { days: 1, label: '1 วัน' },
  { days: 7, label: '7 วัน' },
  { days: 30, label: '30 วัน' },
  { days: 90, label: '90 วัน' },
  { days: 365, label: '1 ปี' },
];

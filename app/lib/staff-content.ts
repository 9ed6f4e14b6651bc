/**
 * Words of the editors' pages (ADR 061). Safe for the browser: no server code.
 */

/** The editors' pages, in their menu's order: the second menu on each, and the back office menu's section. */
export const CONTENT_PAGES = {
  content: '/staff/content',
  media: '/staff/media',
  menu: '/staff/menu',
  home: '/staff/home',
  trash: '/staff/content/trash',
} as const;

export const CONTENT_TEXT = {
  content: 'เนื้อหาเว็บไซต์',
  newItem: 'เพิ่มเนื้อหา',
  editItem: 'แก้ไขเนื้อหา',
  preview: 'ตัวอย่างก่อนเผยแพร่',
  menu: 'เมนูเว็บไซต์',
  home: 'หน้าแรก: แบนเนอร์และเวลาทำการ',
  published: 'เผยแพร่แล้ว',
  scheduled: 'ตั้งเวลาเผยแพร่',
  draft: 'ฉบับร่าง',
  scheduledNotice: (when: string) => `ตั้งเวลาเผยแพร่แล้ว เนื้อหาจะแสดงบนเว็บไซต์ตั้งแต่ ${when}`,
  scheduledNoAnnounce: (when: string) => `ตั้งเวลาเผยแพร่แล้ว เนื้อหาจะแสดงบนเว็บไซต์ตั้งแต่ ${when} จึงยังไม่ได้ส่งการแจ้งเตือน`,
  altMissing: 'ยังเผยแพร่ไม่ได้: รูปทุกรูปต้องมีคำอธิบาย (ข้อความแทนรูป) ก่อน ดูรายการที่ต้องแก้ไขด้านล่าง',
  altSaved: 'บันทึกคำอธิบายภาพแล้ว',
  mediaReused: 'เพิ่มไฟล์จากคลังสื่อแล้ว',
  previewUnsaved: 'ตัวอย่างก่อนบันทึก: สิ่งที่แก้ไขยังไม่ได้บันทึก ปิดแท็บนี้เพื่อกลับไปแก้ไขต่อ',
  previewFilesLeftOut: 'ไฟล์ที่เลือกไว้ใหม่ยังไม่แสดงในตัวอย่าง จะแสดงหลังบันทึก',
  media: 'คลังสื่อ',
  coreOwnsContent:
    'เว็บไซต์นี้เชื่อมต่อกับระบบหลักของสหกรณ์ เนื้อหา เมนู แบนเนอร์ และเวลาทำการอยู่ที่ระบบหลัก กรุณาแก้ไขที่ระบบหลัก เว็บไซต์นี้จึงไม่มีแบบฟอร์มแก้ไขเนื้อหา',
  saved: 'บันทึกเนื้อหาแล้ว',
  created: 'เพิ่มเนื้อหาเป็นฉบับร่างแล้ว ตรวจดูตัวอย่างแล้วกดเผยแพร่เมื่อพร้อม',
  publishedNotice: 'เผยแพร่เนื้อหาแล้ว',
  announced: 'เผยแพร่เนื้อหาและส่งการแจ้งเตือนแล้ว',
  announceOff: 'เผยแพร่เนื้อหาแล้ว แต่ยังไม่ได้ตั้งค่าการแจ้งเตือน จึงไม่ได้ส่งการแจ้งเตือน',
  announceFailed: 'เผยแพร่เนื้อหาแล้ว แต่ส่งการแจ้งเตือนไม่สำเร็จ',
  unpublished: 'ยกเลิกการเผยแพร่แล้ว เนื้อหานี้ไม่แสดงบนเว็บไซต์',
  fileRemoved: 'นำไฟล์ออกแล้ว',
  menuSaved: 'บันทึกเมนูแล้ว',
  menuDeleted: 'ลบรายการแล้ว',
  hoursSaved: 'บันทึกเวลาทำการแล้ว',
  notFound: 'ไม่พบรายการนี้ อาจถูกลบไปแล้ว',
} as const;

/** Thai messages of uploads that cannot be stored. */
/** The label of an item's state: published, scheduled (published, its time still to come) or draft. */
export function stateLabel(state: 'published' | 'scheduled' | 'draft'): string {
  return state === 'published'
    ? CONTENT_TEXT.published
    : state === 'scheduled'
      ? CONTENT_TEXT.scheduled
      : CONTENT_TEXT.draft;
}

export const UPLOAD_TEXT = {
  /** The files chosen together are more than one save carries (the text typed is kept). */
  tooLarge: (limit: string) =>
    `ไฟล์ที่เลือกรวมกันมีขนาดใหญ่เกินไป ไฟล์ทั้งหมดที่ส่งในการบันทึกแต่ละครั้งรวมกันต้องไม่เกิน ${limit} ข้อความที่กรอกไว้ยังอยู่ครบ กรุณาเลือกไฟล์ใหม่ที่เล็กลง`,
  /** A PDF is kept as it is, so it has a limit of its own. */
  pdfTooLarge: (limit: string, size: string) => `ไฟล์ PDF ต้องไม่เกิน ${limit} (ไฟล์ที่เลือกมีขนาด ${size})`,
  /** A text field far longer than any field allows (it could not be kept). */
  fieldTooLong: 'ข้อความในช่องนี้ยาวเกินกว่าที่ระบบรับได้ จึงไม่ได้เก็บไว้ กรุณาแบ่งเนื้อหาเป็นหลายตอน',
  /** Files are not kept across a refused save: the browser forgets them. */
  chooseAgain: 'กรุณาเลือกรูปหรือไฟล์แนบอีกครั้ง',
  malformed: 'ไม่สามารถอ่านข้อมูลที่ส่งมาได้ กรุณาลองใหม่อีกครั้ง',
  coverType: 'รูปหน้าปกต้องเป็นไฟล์ JPG, PNG หรือ WebP',
  attachmentType: 'ไฟล์แนบต้องเป็นไฟล์ PDF หรือรูปภาพ JPG, PNG หรือ WebP',
  unreadable: 'ไม่สามารถอ่านรูปภาพนี้ได้ กรุณาเลือกไฟล์อื่น',
  dimensions: 'รูปภาพมีขนาดพิกเซลใหญ่เกินไป กรุณาย่อรูปก่อนอัปโหลด',
  busy: 'ระบบกำลังประมวลผลรูปภาพอื่นอยู่ กรุณาลองใหม่อีกครั้งในอีกสักครู่',
} as const;

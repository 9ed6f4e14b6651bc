/** Spec §8: shown when the cooperative's data cannot be fetched. */
export const UNAVAILABLE_MESSAGE = 'ไม่สามารถเชื่อมต่อได้';

/** The heading of the page shown when something could not be saved because the server's storage is full. */
export const DISK_FULL_TITLE = 'พื้นที่จัดเก็บข้อมูลของระบบเต็ม';

/** Said instead of "cannot connect" when a save failed because the server's storage is full (ADR 098). */
export const DISK_FULL_MESSAGE =
  'ขออภัย ระบบไม่สามารถบันทึกข้อมูลได้ในขณะนี้ เนื่องจากพื้นที่จัดเก็บข้อมูลเต็ม กรุณาลองใหม่อีกครั้งในภายหลัง หรือติดต่อสหกรณ์';

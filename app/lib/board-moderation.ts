/** What the public board says about moderation (ADR 062); shared by the pages and the server. */

/** What a blocked visitor is told: nothing about why, how long, or how the site knows. */
export const BLOCKED_MESSAGE = 'ขออภัย ขณะนี้ระบบไม่สามารถรับข้อความจากการเชื่อมต่อของท่านได้ หากต้องการสอบถาม โปรดติดต่อสหกรณ์โดยตรง';

/** The public topic page and the vendor API, for a topic a moderator closed. */
export const TOPIC_CLOSED_MESSAGE = 'กระทู้นี้ปิดแล้ว ไม่รับคำตอบเพิ่ม';

/** The label of an answer written by the cooperative (the staff flag of ADR 012). */
export const OFFICIAL_ANSWER_LABEL = 'คำตอบจากสหกรณ์';

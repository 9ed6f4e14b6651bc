import { formatSizeLimit } from './thai-format';

/** Where a member's own photo is served (always "my photo": there is no member number in it). */
export const PHOTO_URL = '/member/photo.jpg';

/** The photo URL for a version (its update time), so a new photo is never taken from the page's image cache. */
export function photoUrl(version: number): string {
  return `${PHOTO_URL}?v=${version}`;
}

/**
 * Largest decoded image accepted (width × height). Phone cameras give 12–50 megapixels; a small
 * compressed file that claims far more is a decompression bomb and is refused before decoding.
 */
export const MAX_INPUT_PIXELS = 50_000_000;

/** A rectangle in source pixels of the upright (EXIF-oriented) image. */
export interface CropArea {
  x: number;
  y: number;
  width: number;
  height: number;
}

/** The hidden form fields the cropper fills, one per side of the crop area. */
export const CROP_FIELDS = { x: 'cropX', y: 'cropY', width: 'cropWidth', height: 'cropHeight' } as const;

/** Types the server accepts (checked there by magic bytes; `accept` only guides the file picker). */
export const PHOTO_ACCEPT = 'image/jpeg,image/png,image/webp';

export const PHOTO_MESSAGES = {
  title: 'รูปโปรไฟล์',
  choose: 'เลือกรูปภาพ',
  save: 'บันทึกรูปภาพ',
  required: 'กรุณาเลือกรูปภาพ',
  wrongType: 'รองรับเฉพาะไฟล์ JPEG, PNG หรือ WebP',
  tooLarge: (maxBytes: number) => `ไฟล์มีขนาดใหญ่เกิน ${formatSizeLimit(maxBytes)}`,
  unreadable: 'ไม่สามารถอ่านไฟล์รูปภาพนี้ได้ กรุณาเลือกไฟล์อื่น',
  dimensions: `รูปภาพมีความละเอียดสูงเกินไป กรุณาเลือกรูปที่มีขนาดไม่เกิน ${MAX_INPUT_PIXELS / 1_000_000} ล้านพิกเซล`,
  tooMany: (minutes: number) => `อัปโหลดรูปภาพบ่อยเกินไป กรุณาลองใหม่ในอีก ${minutes} นาที`,
  busy: 'ขณะนี้มีผู้อัปโหลดรูปภาพจำนวนมาก กรุณาลองใหม่อีกครั้งในอีกสักครู่',
  saved: 'บันทึกรูปโปรไฟล์เรียบร้อยแล้ว',
  none: 'ยังไม่มีรูปโปรไฟล์',
} as const;

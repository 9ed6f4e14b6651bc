/**
 * The site's colours (the custom properties at the top of app/styles/app.css, kept equal by a unit
 * test) and WCAG 2.x contrast maths for the `/colors` page.
 */

export interface PaletteColour {
  /** CSS custom property, without the leading `--`. */
  token: string;
  /** `#rrggbb`. */
  hex: string;
  name: string;
  use: string;
}

export const PALETTE: readonly PaletteColour[] = [
  { token: 'green-900', hex: '#063d26', name: 'เขียวเข้ม', use: 'แถบบนสุด ส่วนท้ายเว็บไซต์ หัวข้อ' },
  { token: 'green-700', hex: '#0b5d3b', name: 'เขียวหลัก', use: 'ปุ่ม ลิงก์ แถบเมนูสมาชิก' },
  { token: 'green-600', hex: '#0f7049', name: 'เขียวกลาง', use: 'กราฟและสถานะ' },
  { token: 'green-50', hex: '#eaf5ef', name: 'เขียวอ่อน', use: 'พื้นเมนูเมื่อชี้ พื้นหัวข้อหมวดข่าว' },
  { token: 'gold-400', hex: '#f2c14e', name: 'ทอง', use: 'เส้นใต้ส่วนหัว ปุ่มบนพื้นเขียว หัวข้อส่วนท้าย' },
  { token: 'gold-100', hex: '#fdf3d8', name: 'ทองอ่อน', use: 'กล่องข้อความแจ้ง พื้นหัวข้อหมวดประกาศ' },
  { token: 'ink', hex: '#1d2520', name: 'หมึก', use: 'ตัวอักษรหลัก' },
  { token: 'ink-muted', hex: '#4a554e', name: 'หมึกจาง', use: 'คำอธิบาย วันที่' },
  { token: 'line', hex: '#c9d3cd', name: 'เส้นขอบ', use: 'เส้นขอบการ์ดและตาราง' },
  { token: 'paper', hex: '#ffffff', name: 'ขาว', use: 'พื้นการ์ดและเนื้อหา' },
  { token: 'canvas', hex: '#f5f7f6', name: 'พื้นหน้า', use: 'พื้นหลังของหน้า' },
  { token: 'red-700', hex: '#b3261e', name: 'แดง', use: 'ข้อผิดพลาด สถานะไม่สำเร็จ' },
  { token: 'red-50', hex: '#fdecea', name: 'แดงอ่อน', use: 'พื้นข้อผิดพลาด พื้นหัวข้อหมวดคำสั่ง' },
  { token: 'red-900', hex: '#7f1d17', name: 'แดงเข้ม', use: 'ปุ่มลบเมื่อชี้' },
  { token: 'focus', hex: '#ffbf47', name: 'กรอบโฟกัส', use: 'กรอบของส่วนที่เลือกด้วยแป้นพิมพ์' },
  { token: 'blue-700', hex: '#1f4e8c', name: 'น้ำเงิน', use: 'แถบสีหัวข้อหมวดรายงาน' },
  { token: 'blue-50', hex: '#e8f0fa', name: 'น้ำเงินอ่อน', use: 'พื้นหัวข้อหมวดรายงานและการลงทุน' },
  { token: 'purple-700', hex: '#5b3a8c', name: 'ม่วง', use: 'แถบสีหัวข้อหมวดกฎหมาย' },
  { token: 'purple-50', hex: '#f1ebf8', name: 'ม่วงอ่อน', use: 'พื้นหัวข้อหมวดกฎหมายและระเบียบ' },
  { token: 'teal-700', hex: '#17675f', name: 'เขียวน้ำทะเล', use: 'แถบสีหัวข้อหมวดสวัสดิการ' },
  { token: 'teal-50', hex: '#e5f4f2', name: 'เขียวน้ำทะเลอ่อน', use: 'พื้นหัวข้อหมวดสวัสดิการและดาวน์โหลด' },
  { token: 'brown-700', hex: '#7a4a12', name: 'น้ำตาล', use: 'แถบสีหัวข้อหมวดภาพกิจกรรม' },
  { token: 'brown-50', hex: '#f7efe4', name: 'น้ำตาลอ่อน', use: 'พื้นหัวข้อหมวดภาพกิจกรรมและวิดีโอ' },
];

/** Foreground/background pairs the site actually uses for text. */
export const TEXT_PAIRS: readonly { fg: string; bg: string; where: string }[] = [
  { fg: 'ink', bg: 'canvas', where: 'ตัวอักษรบนพื้นหน้า' },
  { fg: 'ink', bg: 'paper', where: 'ตัวอักษรบนการ์ด' },
  { fg: 'ink-muted', bg: 'paper', where: 'วันที่และคำอธิบายบนการ์ด' },
  { fg: 'green-700', bg: 'paper', where: 'ลิงก์' },
  { fg: 'green-700', bg: 'canvas', where: 'ลิงก์บนพื้นหน้า' },
  { fg: 'paper', bg: 'green-700', where: 'ตัวอักษรบนปุ่ม' },
  { fg: 'paper', bg: 'green-900', where: 'ส่วนท้ายเว็บไซต์' },
  { fg: 'gold-400', bg: 'green-900', where: 'หัวข้อในส่วนท้าย' },
  { fg: 'ink', bg: 'gold-400', where: 'ปุ่มบนพื้นเขียว' },
  { fg: 'red-700', bg: 'paper', where: 'ข้อความแจ้งข้อผิดพลาด' },
  { fg: 'paper', bg: 'red-700', where: 'ตัวอักษรบนปุ่มลบ' },
  { fg: 'paper', bg: 'red-900', where: 'ตัวอักษรบนปุ่มลบเมื่อชี้' },
  { fg: 'ink', bg: 'green-50', where: 'หัวข้อหมวดข่าว' },
  { fg: 'ink', bg: 'gold-100', where: 'หัวข้อหมวดประกาศ' },
  { fg: 'ink', bg: 'blue-50', where: 'หัวข้อหมวดรายงาน' },
  { fg: 'ink', bg: 'purple-50', where: 'หัวข้อหมวดกฎหมาย' },
  { fg: 'ink', bg: 'teal-50', where: 'หัวข้อหมวดสวัสดิการ' },
  { fg: 'ink', bg: 'brown-50', where: 'หัวข้อหมวดภาพกิจกรรม' },
  { fg: 'ink', bg: 'red-50', where: 'หัวข้อหมวดคำสั่ง' },
];

/** `#rgb` or `#rrggbb` to 0–255 channels; throws on anything else. */
export function parseHex(hex: string): [number, number, number] {
  const m = /^#?([0-9a-f]{3}|[0-9a-f]{6})$/i.exec(hex.trim());
  if (!m?.[1]) throw new RangeError(`not a hex colour: ${hex}`);
  const h = m[1].length === 3 ? [...m[1]].map((c) => c + c).join('') : m[1];
  return [0, 2, 4].map((i) => parseInt(h.slice(i, i + 2), 16)) as [number, number, number];
}

/** WCAG 2.x relative luminance (sRGB), 0 for black to 1 for white. */
export function relativeLuminance(hex: string): number {
  const [r, g, b] = parseHex(hex).map((v) => {
    const c = v / 255;
    return c <= 0.04045 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  }) as [number, number, number];
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
}

/** WCAG contrast ratio of two colours, from 1 (same) to 21 (black on white); order does not matter. */
export function contrastRatio(a: string, b: string): number {
  const la = relativeLuminance(a);
  const lb = relativeLuminance(b);
  return (Math.max(la, lb) + 0.05) / (Math.min(la, lb) + 0.05);
}

export type WcagLevel = 'AAA' | 'AA' | 'AA-large' | 'fail';

/** The level a text colour pair reaches: AAA ≥ 7, AA ≥ 4.5, AA for large text ≥ 3. */
export function wcagLevel(ratio: number): WcagLevel {
  // Compare at the two decimals people are shown, so 4.499 does not pass as "4.50".
  const r = Math.floor(ratio * 100) / 100;
  if (r >= 7) return 'AAA';
  if (r >= 4.5) return 'AA';
  if (r >= 3) return 'AA-large';
  return 'fail';
}

/** Thai label of a WCAG level. */
export const WCAG_LABEL: Record<WcagLevel, string> = {
  AAA: 'ผ่าน AAA',
  AA: 'ผ่าน AA',
  'AA-large': 'ผ่าน AA เฉพาะตัวอักษรใหญ่',
  fail: 'ไม่ผ่าน',
};

/** A ratio as people read it: `4.56:1` (floored, never rounded up into a pass). */
export function formatRatio(ratio: number): string {
  return `${(Math.floor(ratio * 100) / 100).toFixed(2)}:1`;
}

export function colourHex(token: string): string {
  const colour = PALETTE.find((c) => c.token === token);
  if (!colour) throw new RangeError(`unknown colour token: ${token}`);
  return colour.hex;
}

/**
 * A short Thai name for the browser and system of a User-Agent ("Chrome บน Android"), for the list of
 * sessions on the account-security page. Only well-known names are told apart; anything else is
 * "เบราว์เซอร์อื่น" or "ระบบอื่น". The checks are plain substring tests (no backtracking).
 */
const BROWSERS: Array<[needle: string, name: string]> = [
  ['Edg/', 'Microsoft Edge'],
  ['EdgA/', 'Microsoft Edge'],
  ['OPR/', 'Opera'],
  ['SamsungBrowser/', 'Samsung Internet'],
  [' Line/', 'LINE'],
  ['FBAV/', 'Facebook'],
  ['Firefox/', 'Firefox'],
  ['FxiOS/', 'Firefox'],
  ['CriOS/', 'Chrome'],
  ['Chrome/', 'Chrome'],
  ['Safari/', 'Safari'],
];

const SYSTEMS: Array<[needle: string, name: string]> = [
  ['Android', 'Android'],
  ['iPhone', 'iPhone'],
  ['iPad', 'iPad'],
  ['CrOS', 'ChromeOS'],
  ['Windows', 'Windows'],
  ['Mac OS X', 'macOS'],
  ['Macintosh', 'macOS'],
  ['Linux', 'Linux'],
];

export const UNKNOWN_DEVICE = 'อุปกรณ์ที่ไม่ทราบชนิด';

export function describeDevice(userAgent: string | null | undefined): string {
  if (!userAgent) return UNKNOWN_DEVICE;
  const browser = BROWSERS.find(([needle]) => userAgent.includes(needle))?.[1];
  const system = SYSTEMS.find(([needle]) => userAgent.includes(needle))?.[1];
  if (!browser && !system) return UNKNOWN_DEVICE;
  return `${browser ?? 'เบราว์เซอร์อื่น'} บน ${system ?? 'ระบบอื่น'}`;
}

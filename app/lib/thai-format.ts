/**
 * Thai formatting helpers (dates in the Buddhist era, money, ages, text).
 * Isomorphic: runs in the browser and on the server, so it relies only on Intl, date-fns and arithmetic.
 *
 * Years: dates are printed here with BE years (Gregorian + 543), from the Bangkok calendar date and
 * Thai month names that a unit test keeps equal to Intl's th-TH Buddhist calendar. date-fns `format`
 * with the `th` locale prints Gregorian years, so it must never be used for dates shown to users.
 */
import { formatDistanceStrict } from 'date-fns/formatDistanceStrict';
import { th } from 'date-fns/locale/th';

/** The cooperative's time zone; every calendar-day decision is made here. */
export const BANGKOK_TZ = 'Asia/Bangkok';

/** Anything the date formatters accept. */
export type DateInput = Date | string | number | null | undefined;

/**
 * Shown for missing values, and for zero (`0000-00-00`) or invalid dates (spec value: space, hyphen,
 * space).
 */
export const EMPTY = ' - ';
const BE_OFFSET = 543;
// Bangkok has been UTC+7 without DST since 1920, so zone-less strings can use a fixed offset.
const BANGKOK_OFFSET_MS = 7 * 60 * 60 * 1000;
const DAY_MS = 24 * 60 * 60 * 1000;

/** Turns a Gregorian year into a Buddhist-era year (+543). */
export function toBuddhistYear(gregorianYear: number): number {
  return gregorianYear + BE_OFFSET;
}

/** Turns a Buddhist-era year into a Gregorian year (−543). */
export function fromBuddhistYear(beYear: number): number {
  return beYear - BE_OFFSET;
}

/** Thai month names as th-TH prints them, January first (a unit test compares every month with Intl). */
export const THAI_MONTHS = [
  'มกราคม',
  'กุมภาพันธ์',
  'มีนาคม',
  'เมษายน',
  'พฤษภาคม',
  'มิถุนายน',
  'กรกฎาคม',
  'สิงหาคม',
  'กันยายน',
  'ตุลาคม',
  'พฤศจิกายน',
  'ธันวาคม',
] as const;
const MONTHS_SHORT = [
  'ม.ค.',
  'ก.พ.',
  'มี.ค.',
  'เม.ย.',
  'พ.ค.',
  'มิ.ย.',
  'ก.ค.',
  'ส.ค.',
  'ก.ย.',
  'ต.ค.',
  'พ.ย.',
  'ธ.ค.',
] as const;

interface BangkokParts {
  year: number;
  month: number;
  day: number;
  hour: number;
  minute: number;
}

/**
 * The Gregorian calendar date and time in Bangkok. Bangkok has been UTC+7 without DST since April 1920, so
 * this is arithmetic, not an Intl call: a statement formats dozens of dates per page (docs/performance.md),
 * and the server and an old phone's browser cannot disagree (a unit test compares with Intl).
 */
function bangkokParts(date: Date): BangkokParts {
  const local = new Date(date.getTime() + BANGKOK_OFFSET_MS);
  return {
    year: local.getUTCFullYear(),
    month: local.getUTCMonth() + 1,
    day: local.getUTCDate(),
    hour: local.getUTCHours(),
    minute: local.getUTCMinutes(),
  };
}

/** `15 ม.ค.` or `15 มกราคม`, and the BE year after it unless `year` is false. */
function thaiDate(date: Date, style: 'short' | 'long', year = true): string {
  const { year: y, month, day } = bangkokParts(date);
  const name = (style === 'short' ? MONTHS_SHORT : THAI_MONTHS)[month - 1];
  return year ? `${day} ${name} ${toBuddhistYear(y)}` : `${day} ${name}`;
}

/** Date.UTC without its mapping of years 0–99 to 1900–1999. */
function utc(year: number, month: number, day: number, h = 0, mi = 0, s = 0, ms = 0): number {
  return new Date(0).setUTCFullYear(year, month - 1, day) + ((h * 60 + mi) * 60 + s) * 1000 + ms;
}

function daysInMonth(year: number, month: number): number {
  return new Date(utc(year, month + 1, 0)).getUTCDate();
}

/** Days since 1970-01-01 of the Bangkok calendar date (Thursday = day 0). */
function bangkokDayNumber(date: Date): number {
  const { year, month, day } = bangkokParts(date);
  return utc(year, month, day) / DAY_MS;
}

const pad2 = (n: number) => String(n).padStart(2, '0');

const LOCAL_DATETIME = /^(\d{4})-(\d{2})-(\d{2})(?:[ T](\d{2}):(\d{2})(?::(\d{2})(?:\.(\d{1,3})\d*)?)?)?$/;

const ISO_WITH_ZONE = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:?\d{2})$/i;

/** Parses any accepted input into an instant, or null for missing/zero/invalid dates. */
function toDate(value: DateInput): Date | null {
  if (value === null || value === undefined || value === '') return null;
  if (value instanceof Date) return Number.isNaN(value.getTime()) ? null : new Date(value);
  if (typeof value === 'number') {
    const d = new Date(value);
    return Number.isNaN(d.getTime()) ? null : d;
  }
  const text = value.trim();
  if (text === '' || text.startsWith('0000-00-00')) return null;
  const m = LOCAL_DATETIME.exec(text);
  if (m) {
    // A calendar date or a zone-less wall-clock time: both mean Bangkok, not UTC.
    const [y = 0, mo = 0, d = 0, h = 0, mi = 0, s = 0] = m.slice(1, 7).map((x) => Number(x ?? 0));
    const ms = Number((m[7] ?? '').padEnd(3, '0'));
    if (mo < 1 || mo > 12 || d < 1 || d > daysInMonth(y, mo) || h > 23 || mi > 59 || s > 59) {
      return null;
    }
    return new Date(utc(y, mo, d, h, mi, s, ms) - BANGKOK_OFFSET_MS);
  }
  // Only ISO strings with a zone go to Date parsing; other formats parse differently per engine.
  if (!ISO_WITH_ZONE.test(text)) return null;
  const d = new Date(text);
  return Number.isNaN(d.getTime()) ? null : d;
}

/** `14:05 น.`, the space a no-break one so that a narrow screen never leaves `น.` alone on a line. */
function formatTime(date: Date): string {
  const { hour, minute } = bangkokParts(date);
  return `${pad2(hour)}:${pad2(minute)}\u00a0น.`;
}

/** Thai date with BE year in Bangkok: short `15 ม.ค. 2568`, long `15 มกราคม 2568`; `' - '` if empty. */
export function formatDate(value: DateInput, style: 'short' | 'long' = 'long'): string {
  const date = toDate(value);
  if (!date) return EMPTY;
  return thaiDate(date, style);
}

/** Date plus Bangkok time: `15 มกราคม 2568 เวลา 14:05 น.`; `' - '` if empty. */
export function formatDateTime(value: DateInput, style: 'short' | 'long' = 'long'): string {
  const date = toDate(value);
  if (!date) return EMPTY;
  return `${formatDate(date, style)} เวลา ${formatTime(date)}`;
}

/**
 * The age of a kept copy shown when fresh data could not be fetched (ADR 021):
 * `ข้อมูล ณ วันที่ 22 พ.ย. 2569 14:05 น.` (short BE date, Bangkok time); `' - '` if empty.
 */
export function formatDataAsOf(value: DateInput): string {
  const date = toDate(value);
  if (!date) return EMPTY;
  return `ข้อมูล ณ วันที่ ${formatDate(date, 'short')} ${formatTime(date)}`;
}

/** A billing month (Gregorian year, month 1–12) in Thai with its BE year: `พฤษภาคม 2568` or `พ.ค. 68`. */
export function formatMonth(year: number, month: number, style: 'short' | 'long' = 'long'): string {
  if (!Number.isInteger(year) || !Number.isInteger(month) || month < 1 || month > 12) return ' - ';
  const be = toBuddhistYear(year);
  return style === 'long'
    ? `${THAI_MONTHS[month - 1]} ${be}`
    : `${MONTHS_SHORT[month - 1]} ${String(((be % 100) + 100) % 100).padStart(2, '0')}`;
}

/** `DD/MM/BBBB` with BE year in Bangkok, e.g. `05/01/2568`; `' - '` if empty. */
export function formatDateDMY(value: DateInput): string {
  const date = toDate(value);
  if (!date) return EMPTY;
  const { year, month, day } = bangkokParts(date);
  return `${pad2(day)}/${pad2(month)}/${toBuddhistYear(year)}`;
}

/**
 * Parses a typed BE date `D/M/BBBB` (separators `/`, `-` or `.`) into Gregorian `YYYY-MM-DD`.
 * Returns null for impossible dates or BE years outside 2400–2700.
 */
export function parseDateDMY(text: string): string | null {
  const m = /^(\d{1,2})([/.-])(\d{1,2})\2(\d{4})$/.exec(text.trim());
  if (!m) return null;
  const day = Number(m[1]);
  const month = Number(m[3]);
  const beYear = Number(m[4]);
  if (beYear < 2400 || beYear > 2700 || month < 1 || month > 12) return null;
  const year = fromBuddhistYear(beYear);
  if (day < 1 || day > daysInMonth(year, month)) return null;
  return `${year}-${pad2(month)}-${pad2(day)}`;
}

/**
 * Relative time by Bangkok calendar days: today → `5 นาทีที่ผ่านมา` (date-fns `th`);
 * yesterday → `เมื่อวาน เวลา 14:05 น.`; up to 6 days ago or in the current week (Sunday start)
 * → `12 ม.ค. 14:05 น.`; otherwise the long BE date. `' - '` if empty.
 */
export function formatRelativeTime(value: DateInput, now: Date = new Date()): string {
  const date = toDate(value);
  if (!date) return EMPTY;
  const today = bangkokDayNumber(now);
  const day = bangkokDayNumber(date);
  const daysAgo = today - day;
  if (daysAgo === 0) return formatDistanceStrict(date, now, { addSuffix: true, locale: th });
  if (daysAgo === 1) return `เมื่อวาน เวลา ${formatTime(date)}`;
  // Day 0 (1970-01-01) was a Thursday; weeks start on Sunday as in the th locale.
  const weekStart = (n: number) => n - ((((n + 4) % 7) + 7) % 7);
  if ((daysAgo > 1 && daysAgo < 7) || weekStart(day) === weekStart(today)) {
    return `${thaiDate(date, 'short', false)} ${formatTime(date)}`;
  }
  return formatDate(date, 'long');
}

const numberFormats = new Map<number, Intl.NumberFormat>();

/**
 * Thai-grouped number with exactly `fractionDigits` decimals, e.g. `1,234.50`.
 * Accepts numbers, bigints and decimal strings (`"1,234.5"`); invalid input gives `' - '`.
 */
export function formatNumber(value: number | string | bigint, fractionDigits = 2): string {
  let fmt = numberFormats.get(fractionDigits);
  if (!fmt) {
    fmt = new Intl.NumberFormat('th-TH', {
      minimumFractionDigits: fractionDigits,
      maximumFractionDigits: fractionDigits,
    });
    numberFormats.set(fractionDigits, fmt);
  }
  if (typeof value === 'bigint') return fmt.format(value);
  if (typeof value === 'number') return Number.isFinite(value) ? fmt.format(value) : EMPTY;
  const text = value.replace(/,/g, '').trim();
  if (!/^[+-]?(\d+(\.\d*)?|\.\d+)$/.test(text)) return EMPTY;
  // Intl formats decimal strings exactly, so large amounts keep their precision.
  return fmt.format(text as Intl.StringNumericLiteral);
}

/**
 * Integer satang (1/100 baht) as `1,234.56`, using integer arithmetic only.
 * Throws RangeError for numbers that are not safe integers.
 */
/**
 * `1234567` → `1,234,567`: what th-TH grouping prints (a unit test compares with Intl), without an
 * Intl call per figure — statements print hundreds of them per page.
 */
function groupThousands(digits: string): string {
  let out = '';
  for (let end = digits.length; end > 0; end -= 3) {
    const part = digits.slice(Math.max(0, end - 3), end);
    out = out ? `${part},${out}` : part;
  }
  return out;
}

export function formatSatang(satang: number | bigint): string {
  if (typeof satang === 'number' && !Number.isSafeInteger(satang)) {
    throw new RangeError(`formatSatang: expected an integer number of satang, got ${satang}`);
  }
  const amount = BigInt(satang);
  const abs = amount < 0n ? -amount : amount;
  const sign = amount < 0n ? '-' : '';
  return `${sign}${groupThousands(String(abs / 100n))}.${String(abs % 100n).padStart(2, '0')}`;
}

const fileSizeFmt = new Intl.NumberFormat('th-TH', { maximumFractionDigits: 1 });

/**
 * A file size (a limit) in MB with at most one decimal, rounded down so the limit is never overstated:
 * `5 MB`, `2.3 MB`; below 1 MB in whole KB: `64 KB`. (1 MB = 1,048,576 bytes.)
 */
export function formatSizeLimit(bytes: number): string {
  if (bytes < 1024 * 1024) return `${fileSizeFmt.format(Math.floor(bytes / 1024))} KB`;
  return `${fileSizeFmt.format(Math.floor((bytes / 1024 / 1024) * 10) / 10)} MB`;
}

/** Satang as baht with unit: `1,234.56 บาท`. */
export function formatBaht(satang: number | bigint): string {
  return `${formatSatang(satang)} บาท`;
}

/**
 * A baht amount written as a decimal string → integer satang, with string arithmetic only (never
 * floating point, so `0.10` is exactly 10 satang): `1234.50`, `-20`, `+3.5`, `1,234.56` (commas only
 * in groups of three). At most two decimals. Null for anything else, or beyond ±MAX_SAFE_INTEGER satang.
 */
export function parseBahtToSatang(text: string): number | null {
  const m = /^([+-]?)(\d{1,3}(?:,\d{3})+|\d+)(?:\.(\d{1,2}))?$/.exec(text.trim());
  if (!m) return null;
  const satang = BigInt(`${(m[2] ?? '').replace(/,/g, '')}${(m[3] ?? '').padEnd(2, '0')}`);
  if (satang > BigInt(Number.MAX_SAFE_INTEGER)) return null;
  const value = Number(satang);
  return m[1] === '-' && value !== 0 ? -value : value;
}

/**
 * Age in completed years and months by Bangkok calendar days, text `47 ปี 2 เดือน`.
 * A missing, invalid or future birth date gives NaN numbers and text `' - '`.
 */
export function formatAge(
  birth: string | Date,
  now: Date = new Date(),
): { years: number; months: number; text: string } {
  const date = toDate(birth);
  if (!date || date.getTime() > now.getTime()) return { years: NaN, months: NaN, text: EMPTY };
  const b = bangkokParts(date);
  const n = bangkokParts(now);
  let total = (n.year - b.year) * 12 + (n.month - b.month);
  // A birthday on the 29th–31st is reached on the last day of a shorter month.
  if (n.day < Math.min(b.day, daysInMonth(n.year, n.month))) total -= 1;
  const years = Math.floor(total / 12);
  const months = total % 12;
  return { years, months, text: `${years} ปี ${months} เดือน` };
}

/** Default maximum length (graphemes) for `truncate`. */
export const TRUNCATE_DEFAULT = 80;
/** Maximum length (graphemes) for question titles. */
export const TRUNCATE_QUESTION = 120;

let segmenter: Intl.Segmenter | undefined;

/**
 * Cuts `text` to `max` grapheme clusters (so Thai marks such as in `ที่` stay attached),
 * trims trailing whitespace and appends `…`; text within the limit is returned unchanged.
 * It reads no further than the grapheme after the limit: a long body costs what its first `max`
 * graphemes cost.
 */
export function truncate(text: string, max: number = TRUNCATE_DEFAULT): string {
  // A grapheme is at least one UTF-16 unit: text no longer than `max` units is within the limit.
  if (text.length <= max) return text;
  segmenter ??= new Intl.Segmenter('th', { granularity: 'grapheme' });
  let count = 0;
  for (const { index } of segmenter.segment(text)) {
    if (count === max) return `${text.slice(0, index).trimEnd()}…`;
    count++;
  }
  return text;
}

/** `truncate` with the question limit (120 graphemes). */
export function truncateQuestion(text: string): string {
  return truncate(text, TRUNCATE_QUESTION);
}

/** Left-pads a 1–6 digit membership number to 6 digits; anything else is returned trimmed. */
export { padMembershipNo } from './membership-no';

const sizeFormats = [0, 1].map(
  (digits) => new Intl.NumberFormat('th-TH', { minimumFractionDigits: digits, maximumFractionDigits: digits }),
);

/**
 * A file size for people, in binary units as file managers show them: `850 ไบต์`, `12.5 KB`,
 * `3.2 MB`, `1.1 GB` (one decimal below 100, none above). Missing or invalid sizes give `' - '`.
 */
export function formatFileSize(bytes: number | null | undefined): string {
  if (bytes === null || bytes === undefined || !Number.isFinite(bytes) || bytes < 0) return EMPTY;
  if (bytes < 1024) return `${sizeFormats[0]?.format(Math.round(bytes))} ไบต์`;
  const units = ['KB', 'MB', 'GB', 'TB'];
  let value = bytes / 1024;
  let unit = 0;
  while (value >= 1024 && unit < units.length - 1) {
    value /= 1024;
    unit++;
  }
  // Round first, so 1023.96 KB does not print as "1,024.0 KB".
  if (Math.round(value * 10) / 10 >= 1024 && unit < units.length - 1) {
    value /= 1024;
    unit++;
  }
  const fmt = value < 100 ? sizeFormats[1] : sizeFormats[0];
  return `${fmt?.format(value)} ${units[unit]}`;
}

/** What a screen reader is given for an empty value (EMPTY, a lone hyphen, which it says nothing for). */
export const SPOKEN_EMPTY = 'ไม่มี';

/** The date format hint as written (วว/ดด/ปปปป) and as said: the slashes are read as "slash". */
export const DATE_FORMAT_HINT = 'วว/ดด/ปปปป';
export const DATE_FORMAT_SPOKEN = 'วัน เดือน ปี';

// A short month name after a day number (`30 ต.ค. 2569`) or before a two-digit year (`พ.ค. 68`).
const SHORT_MONTH_IN_TEXT = new RegExp(
  `(^|\\d\\s)(${MONTHS_SHORT.map((m) => m.replace(/\./g, '\\.')).join('|')})(?=\\s\\d|$)`,
  'g',
);
const MASKED_ID = /^(\d)-(\d{4})-x{5}-x{2}-(\d)$/;
const INSTALMENT = /^(\d+)\s*\/\s*(\d+)$/;

/**
 * How a text this module printed is said, for a screen reader (ADR 113): a short month in full
 * (`30 ต.ค. 2569` → `30 ตุลาคม 2569`, readers spell `ต.ค.` letter by letter), the empty value as
 * `ไม่มี`, the date format hint as `วัน เดือน ปี`, a masked ID card number by its digits shown and
 * the digits hidden (`3-1005-xxxxx-xx-8`, read as letters and a Roman numeral otherwise).
 * Any other text is returned as it is.
 */
export function spokenThai(text: string): string {
  const trimmed = text.trim();
  if (trimmed === '' || trimmed === '-') return SPOKEN_EMPTY;
  const masked = MASKED_ID.exec(trimmed);
  if (masked) return `${masked[1]} ${masked[2]} ตามด้วยเลขที่ซ่อนไว้ 7 หลัก และ ${masked[3]}`;
  return text
    .replace(SHORT_MONTH_IN_TEXT, (_, before: string, short: string) => {
      const month = MONTHS_SHORT.indexOf(short as (typeof MONTHS_SHORT)[number]);
      return `${before}${THAI_MONTHS[month] ?? short}`;
    })
    .replaceAll(DATE_FORMAT_HINT, DATE_FORMAT_SPOKEN);
}

/** `60 / 180` (instalments paid of all) as said: `งวดที่ 60 จาก 180`; any other text through spokenThai. */
export function spokenInstalment(text: string): string {
  const m = INSTALMENT.exec(text.trim());
  return m ? `งวดที่ ${m[1]} จาก ${m[2]}` : spokenThai(text);
}

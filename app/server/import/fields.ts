/**
 * The value types of the import's CSV columns (docs/import.md), as zod schemas from the cell's text
 * to the stored value. Every cell is trimmed; an empty cell is "missing". Money is decimal baht turned
 * into integer satang by string arithmetic; dates are ISO `YYYY-MM-DD` or Buddhist-era `DD/MM/BBBB`.
 */
import * as z from 'zod';

import { membershipNoField } from '~/lib/forms/fields';
import { IDENTITY_MESSAGES, isValidThaiNationalId } from '~/lib/forms/identity';
import { formatSatang, fromBuddhistYear, parseBahtToSatang, parseDateDMY } from '~/lib/thai-format';

export const FIELD_MESSAGES = {
  required: 'ต้องระบุ (ว่างไม่ได้)',
  tooLong: (max: number) => `ยาวเกิน ${max} ตัวอักษร`,
  control: 'มีอักขระควบคุมที่พิมพ์ไม่ได้',
  idCardDigits: `${IDENTITY_MESSAGES.nationalIdInvalid} (ต้องเป็นตัวเลข 13 หลัก)`,
  idCardChecksum: `${IDENTITY_MESSAGES.nationalIdInvalid} (checksum)`,
  date: 'วันที่ไม่ถูกต้อง: ใช้ YYYY-MM-DD (ค.ศ.) หรือ DD/MM/YYYY (พ.ศ.)',
  dateBeInIso: (year: number, rest: string) =>
    `ปี ${year} เป็น พ.ศ.: ในรูปแบบ YYYY-MM-DD ให้ใช้ ค.ศ. (${year - 543}-${rest}) หรือเขียนเป็น DD/MM/${year}`,
  dateCeInDmy: 'วันที่แบบ DD/MM/YYYY ต้องใช้ปี พ.ศ. (เช่น 31/05/2567)',
  money: 'จำนวนเงินไม่ถูกต้อง: เขียนเป็นบาท เช่น 1234.50 หรือ 1,234.50',
  moneyDecimals: 'จำนวนเงินมีทศนิยมเกิน 2 ตำแหน่ง',
  moneyNegative: 'จำนวนเงินต้องไม่ติดลบ',
  integer: (min: number, max: number) => `ต้องเป็นจำนวนเต็ม ${min}–${max}`,
  oneOf: (values: readonly string[]) => `ต้องเป็น ${values.join(' หรือ ')}`,
  year: 'ปีไม่ถูกต้อง: ใช้ ค.ศ. (เช่น 2024) หรือ พ.ศ. (เช่น 2567)',
  rate: 'อัตราไม่ถูกต้อง: เขียนเป็นร้อยละ เช่น 6.25',
  email: 'อีเมลไม่ถูกต้อง (เช่น somchai@example.com)',
} as const;

/** A column's schema: from the cell's text to the value stored. */
export type Cell<T> = z.ZodType<T, string>;

type Parsed<T> = { ok: true; value: T } | { ok: false; message: string };
const ok = <T>(value: T): Parsed<T> => ({ ok: true, value });
const bad = (message: string): Parsed<never> => ({ ok: false, message });

function cell<T, E>(parse: (text: string) => Parsed<T>, required: boolean, empty: E): Cell<T | E> {
  return z.string().transform((raw, ctx) => {
    const text = raw.trim();
    if (text === '') {
      if (!required) return empty;
      ctx.addIssue({ code: 'custom', message: FIELD_MESSAGES.required });
      return z.NEVER;
    }
    const result = parse(text);
    if (!result.ok) {
      ctx.addIssue({ code: 'custom', message: result.message });
      return z.NEVER;
    }
    return result.value;
  });
}

/** A required value of a column. */
export function required<T>(parse: (text: string) => Parsed<T>): Cell<T> {
  return cell(parse, true, undefined as never);
}

/** An optional value of a column: `empty` when the cell is empty or the column is absent. */
export function optional<T, E>(parse: (text: string) => Parsed<T>, empty: E): Cell<T | E> {
  return cell(parse, false, empty);
}

// ---------------------------------------------------------------------------------------------
// Parsers, one per value type

const CONTROL = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]/;

/** Free text on one line: NFC, runs of white space (line breaks too) become one space. */
export function text(max: number) {
  return (raw: string): Parsed<string> => {
    if (CONTROL.test(raw)) return bad(FIELD_MESSAGES.control);
    const value = raw.normalize('NFC').replace(/\s+/g, ' ').trim();
    return [...value].length > max ? bad(FIELD_MESSAGES.tooLong(max)) : ok(value);
  };
}

/** A membership number: digits, at most 7; 1–6 digits are left-padded to 6 (as at login). */
const emailSchema = z.email().max(254);

/** An email address (where one-time codes are sent, ADR 038): stored lowercased. */
export function email(raw: string): Parsed<string> {
  const value = raw.toLowerCase();
  return emailSchema.safeParse(value).success ? ok(value) : bad(FIELD_MESSAGES.email);
}

export function membershipNo(raw: string): Parsed<string> {
  const r = membershipNoField.safeParse(raw);
  return r.success ? ok(r.data) : bad(r.error.issues[0]?.message ?? FIELD_MESSAGES.required);
}

/** A Thai national ID, dashes and spaces allowed, checksum verified → 13 digits. */
export function nationalId(raw: string): Parsed<string> {
  const digits = raw.replace(/[\s-]/g, '');
  if (!/^\d{13}$/.test(digits)) return bad(FIELD_MESSAGES.idCardDigits);
  return isValidThaiNationalId(digits) ? ok(digits) : bad(FIELD_MESSAGES.idCardChecksum);
}

const ISO_DATE = /^(\d{4})-(\d{2})-(\d{2})$/;

/** `YYYY-MM-DD` (Gregorian, 1900–2399) or `DD/MM/BBBB` (Buddhist era, `/`, `-` or `.`) → `YYYY-MM-DD`. */
export function date(raw: string): Parsed<string> {
  const iso = ISO_DATE.exec(raw);
  if (iso) {
    const [y, m, d] = [Number(iso[1]), Number(iso[2]), Number(iso[3])];
    if (y >= 2400) return bad(FIELD_MESSAGES.dateBeInIso(y, raw.slice(5)));
    const daysInMonth = new Date(Date.UTC(y, m, 0)).getUTCDate();
    return y >= 1900 && m >= 1 && m <= 12 && d >= 1 && d <= daysInMonth ? ok(raw) : bad(FIELD_MESSAGES.date);
  }
  const be = parseDateDMY(raw);
  if (be) return ok(be);
  const dmy = /^\d{1,2}([/.-])\d{1,2}\1(\d{4})$/.exec(raw);
  return bad(dmy && Number(dmy[2]) < 2400 ? FIELD_MESSAGES.dateCeInDmy : FIELD_MESSAGES.date);
}

/** Decimal baht → integer satang; `signed` allows negative amounts. */
export function money(signed: boolean) {
  return (raw: string): Parsed<number> => {
    const satang = parseBahtToSatang(raw);
    if (satang === null) return bad(/\.\d{3,}$/.test(raw) ? FIELD_MESSAGES.moneyDecimals : FIELD_MESSAGES.money);
    return !signed && satang < 0 ? bad(FIELD_MESSAGES.moneyNegative) : ok(satang);
  };
}

/** A whole number between min and max. */
export function integer(min: number, max: number) {
  return (raw: string): Parsed<number> => {
    if (!/^[+-]?\d{1,15}$/.test(raw)) return bad(FIELD_MESSAGES.integer(min, max));
    const value = Number(raw);
    return value >= min && value <= max ? ok(value) : bad(FIELD_MESSAGES.integer(min, max));
  };
}

/** A Gregorian year; a Buddhist-era year (2400 and later) is converted. */
export function year(raw: string): Parsed<number> {
  if (!/^\d{4}$/.test(raw)) return bad(FIELD_MESSAGES.year);
  const value = Number(raw) >= 2400 ? fromBuddhistYear(Number(raw)) : Number(raw);
  return value >= 1900 && value <= 2200 ? ok(value) : bad(FIELD_MESSAGES.year);
}

/** One of the listed codes, as written (case-sensitive). */
export function oneOf<const T extends string>(values: readonly T[]) {
  return (raw: string): Parsed<T> =>
    (values as readonly string[]).includes(raw) ? ok(raw as T) : bad(FIELD_MESSAGES.oneOf(values));
}

/** A yes/no flag written `0` or `1`. */
export function flag(raw: string): Parsed<0 | 1> {
  return raw === '1' ? ok(1) : raw === '0' ? ok(0) : bad(FIELD_MESSAGES.oneOf(['0', '1']));
}

/** A percentage per year such as `6.25` → `6.25` (at least two decimals, no leading zeros). */
export function rate(raw: string): Parsed<string> {
  const m = /^(\d{1,3})(?:\.(\d{1,4}))?$/.exec(raw);
  if (!m) return bad(FIELD_MESSAGES.rate);
  return ok(`${Number(m[1])}.${(m[2] ?? '').padEnd(2, '0')}`);
}

/** Satang as the baht text the operator wrote, for messages: `1,234.50`. */
export const baht = (satang: number): string => formatSatang(satang);

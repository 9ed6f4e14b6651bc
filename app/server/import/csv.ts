import { CsvError, parse } from 'csv-parse/sync';

/**
 * The import's CSV reader (docs/import.md, ADR 065): csv-parse, set up for what operators' files
 * hold: comma-separated, records ending in CRLF, LF or CR (even mixed), fields optionally in double
 * quotes with `""` for a quote and line breaks allowed inside quotes. Every record carries the line
 * number it starts on, counting the line breaks inside quoted fields, so problems can be reported as
 * `file:line`. A stray quote marks its record and reading goes on; an unterminated quote or an
 * over-long record fails the file.
 */

export interface CsvRecord {
  /** 1-based line of the file on which the record starts. */
  line: number;
  fields: string[];
  /** A problem confined to this record (a stray quote); the record is still split into fields. */
  problem: string | null;
}

export type CsvResult = { ok: true; records: CsvRecord[] } | { ok: false; line: number; message: string };

/** Longest record read, in UTF-8 bytes (a Thai letter is three): no row of the import's files comes near it. */
export const MAX_RECORD_BYTES = 64 * 1024;

export const CSV_MESSAGES = {
  notUtf8: 'ไฟล์ไม่ใช่ UTF-8 (อาจบันทึกเป็น TIS-620/Windows-874): ให้บันทึกใหม่เป็น "CSV UTF-8" / the file is not UTF-8',
  unterminatedQuote: 'เครื่องหมายคำพูด (") เปิดไว้แต่ไม่ได้ปิดจนจบไฟล์ / unterminated quoted field',
  quoteInField: 'มีเครื่องหมายคำพูด (") กลางช่องที่ไม่ได้ครอบด้วยเครื่องหมายคำพูด: ครอบทั้งช่องและเขียน "" แทน "',
  textAfterQuote: 'มีข้อความต่อท้ายหลังเครื่องหมายคำพูดปิด (") ในช่องเดียวกัน',
  recordTooLong: `แถวนี้ยาวเกิน ${MAX_RECORD_BYTES / 1024} KiB (อาจมีเครื่องหมายคำพูด (") ที่ไม่ได้ปิด) / record too long`,
} as const;

/** UTF-8 bytes → text without the optional byte-order mark; null when the bytes are not UTF-8. */
export function decodeUtf8(bytes: Uint8Array): string | null {
  try {
    const text = new TextDecoder('utf-8', { fatal: true, ignoreBOM: true }).decode(bytes);
    return text.startsWith('\uFEFF') ? text.slice(1) : text;
  } catch {
    return null;
  }
}

const LINE_BREAK = /\r\n|\r|\n/g;

/** Splits CSV text into records. Blank lines are skipped; an unterminated quote fails the file. */
export function parseCsv(text: string): CsvResult {
  const records: CsvRecord[] = [];
  // The line the next record starts on: csv-parse counts CR and LF of a CRLF apart, so the line
  // breaks of each record's raw text are counted here instead.
  let line = 1;
  // What the relaxed reader let through in the current record: quotes inside an unquoted field, and
  // quoted fields whose value starts with a quote (`"""a"""` is fine, `"a"b` is text after the
  // closing quote, kept with its quotes; the raw record tells them apart).
  let fields: string[] = [];
  let quoteInField = false;
  const startsWithQuote: string[] = [];
  try {
    parse(text, {
      record_delimiter: ['\r\n', '\n', '\r'],
      relax_column_count: true,
      // A stray quote is read as text and reported on its record, not a reason to stop.
      relax_quotes: true,
      max_record_size: MAX_RECORD_BYTES,
      raw: true,
      // Fields are gathered here, record by record, and the record finished in on_record.
      cast: (value, context) => {
        fields.push(value);
        if (!context.quoting && value.includes('"')) quoteInField = true;
        if (context.quoting && value.startsWith('"')) startsWithQuote.push(value);
        return value;
      },
      on_record: (_, { raw = '' }) => {
        const record = fields;
        fields = [];
        const start = line;
        line += raw.match(LINE_BREAK)?.length ?? 0;
        const textAfterQuote = startsWithQuote.some((value) => !raw.includes(`"${value.replaceAll('"', '""')}"`));
        const problem = quoteInField ? CSV_MESSAGES.quoteInField : textAfterQuote ? CSV_MESSAGES.textAfterQuote : null;
        quoteInField = false;
        startsWithQuote.length = 0;
        // A line with nothing on it (not even `""` or a comma) is not a record.
        if (!/^[\r\n]*$/.test(raw)) records.push({ line: start, fields: record, problem });
        return null;
      },
    });
  } catch (error) {
    if (!(error instanceof CsvError)) throw error;
    if (error.code === 'CSV_QUOTE_NOT_CLOSED') return { ok: false, line, message: CSV_MESSAGES.unterminatedQuote };
    if (error.code === 'CSV_MAX_RECORD_SIZE') return { ok: false, line, message: CSV_MESSAGES.recordTooLong };
    throw error;
  }
  return { ok: true, records };
}

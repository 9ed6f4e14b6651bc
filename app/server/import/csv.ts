/**
 * A small RFC 4180 CSV reader for the import (docs/import.md): comma-separated, records ending in
 * CRLF, LF or CR, fields optionally in double quotes with `""` for a quote and line breaks allowed
 * inside quotes. Every record carries the line number it starts on, counting the line breaks inside
 * quoted fields, so problems can be reported as `file:line`.
 */

export interface CsvRecord {
  /** 1-based line of the file on which the record starts. */
  line: number;
  fields: string[];
  /** A problem confined to this record (a stray quote); the record is still split into fields. */
  problem: string | null;
}

export type CsvResult = { ok: true; records: CsvRecord[] } | { ok: false; line: number; message: string };

export const CSV_MESSAGES = {
  notUtf8: 'ไฟล์ไม่ใช่ UTF-8 (อาจบันทึกเป็น TIS-620/Windows-874): ให้บันทึกใหม่เป็น "CSV UTF-8" / the file is not UTF-8',
  unterminatedQuote: 'เครื่องหมายคำพูด (") เปิดไว้แต่ไม่ได้ปิดจนจบไฟล์ / unterminated quoted field',
  quoteInField: 'มีเครื่องหมายคำพูด (") กลางช่องที่ไม่ได้ครอบด้วยเครื่องหมายคำพูด: ครอบทั้งช่องและเขียน "" แทน "',
  textAfterQuote: 'มีข้อความต่อท้ายหลังเครื่องหมายคำพูดปิด (") ในช่องเดียวกัน',
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

/** Splits CSV text into records. Blank lines are skipped; an unterminated quote fails the file. */
export function parseCsv(text: string): CsvResult {
  const records: CsvRecord[] = [];
  const n = text.length;
  let i = 0;
  let line = 1;

  while (i < n) {
    const start = line;
    const fields: string[] = [];
    let problem: string | null = null;
    let blank = true;

    // One record: fields until a line break outside quotes or the end of the text.
    for (;;) {
      let value = '';
      if (text[i] === '"') {
        blank = false;
        const opened = line;
        i += 1;
        for (;;) {
          if (i >= n) return { ok: false, line: opened, message: CSV_MESSAGES.unterminatedQuote };
          const c = text[i];
          if (c === '"') {
            if (text[i + 1] === '"') {
              value += '"';
              i += 2;
              continue;
            }
            i += 1;
            break;
          }
          if (c === '\r' || c === '\n') {
            // CRLF is one line break.
            if (c === '\r' && text[i + 1] === '\n') {
              value += '\r';
              i += 1;
            }
            line += 1;
          }
          value += text[i];
          i += 1;
        }
        // After the closing quote only a comma, a line break or the end may follow.
        while (i < n && text[i] !== ',' && text[i] !== '\r' && text[i] !== '\n') {
          problem ??= CSV_MESSAGES.textAfterQuote;
          value += text[i];
          i += 1;
        }
      } else {
        while (i < n && text[i] !== ',' && text[i] !== '\r' && text[i] !== '\n') {
          if (text[i] === '"') problem ??= CSV_MESSAGES.quoteInField;
          value += text[i];
          i += 1;
        }
      }
      fields.push(value);
      if (value !== '') blank = false;

      if (i >= n) break;
      const c = text[i];
      if (c === ',') {
        blank = false;
        i += 1;
        continue;
      }
      // A line break ends the record.
      i += c === '\r' && text[i + 1] === '\n' ? 2 : 1;
      line += 1;
      break;
    }

    if (!blank) records.push({ line: start, fields, problem });
  }
  return { ok: true, records };
}

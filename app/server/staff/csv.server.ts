import { stringify } from 'csv-stringify/sync';

/**
 * The back office's CSV downloads (ADR 122): the audit log and the content list, as Excel opens them
 * in Thai (UTF-8 with a byte order mark, CRLF rows), written by csv-stringify (csv-parse's sibling,
 * which reads the import's files).
 */

/**
 * A cell a spreadsheet would read as a formula (OWASP "CSV injection", ASVS 5.0 1.2.10): one starting
 * with `=`, `+`, `-`, `@`, tab, CR, LF or a null; one whose first sign is full-width (Excel in an East
 * Asian locale reads `＝` as `=`); or one with spaces (any Unicode space) before such a sign, which
 * Sheets and Calc drop before looking.
 */
const FORMULA_START = /^(?:[\t\r\n\u0000]|\s*[=+\-@\uFF1D\uFF0B\uFF0D\uFF20])/u;

/** The text of a cell, with a leading apostrophe when a spreadsheet would take it for a formula. */
export function safeCell(value: string | number | null | undefined): string {
  if (value === null || value === undefined) return '';
  const text = String(value);
  return FORMULA_START.test(text) ? `'${text}` : text;
}

/** The CSV text: the header row then the rows, every cell guarded, with the BOM in front. */
export function toCsv(header: readonly string[], rows: readonly (readonly (string | number | null)[])[]): string {
  return stringify([header.map(safeCell), ...rows.map((row) => row.map(safeCell))], {
    bom: true,
    record_delimiter: 'windows',
  });
}

/** A download of `text` as `filename` (ASCII), never stored by a cache. */
export function csvResponse(filename: string, text: string): Response {
  return new Response(text, {
    status: 200,
    headers: {
      'Content-Type': 'text/csv; charset=utf-8',
      'Content-Disposition': `attachment; filename="${filename}"`,
      'Cache-Control': 'private, no-store',
      'X-Content-Type-Options': 'nosniff',
    },
  });
}

/** `YYYYMMDD-HHmm` in Bangkok, for a file name. */
export function bangkokStamp(ms: number): string {
  const d = new Date(ms + 7 * 3_600_000);
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${d.getUTCFullYear()}${pad(d.getUTCMonth() + 1)}${pad(d.getUTCDate())}-${pad(d.getUTCHours())}${pad(d.getUTCMinutes())}`;
}

/** An instant as ISO 8601 in Bangkok time (`2026-11-29T10:05:00+07:00`): sortable in a spreadsheet. */
export function bangkokIso(ms: number): string {
  return `${new Date(ms + 7 * 3_600_000).toISOString().slice(0, 19)}+07:00`;
}

import { parse } from 'csv-parse/sync';
import { describe, expect, it } from 'vitest';

import { bangkokStamp, csvResponse, safeCell, toCsv } from './csv.server';

describe('the back office CSV', () => {
  it('puts an apostrophe before a cell a spreadsheet would run as a formula', () => {
    for (const text of ['=1+1', '+66812345678', '-2', '@SUM(A1)', '\tx', '\rx'])
      expect(safeCell(text)).toBe(`'${text}`);
    for (const text of ['ข่าว', '012345', 'a=b', '']) expect(safeCell(text)).toBe(text);
    expect(safeCell(null)).toBe('');
    expect(safeCell(12)).toBe('12');
  });

  it('guards a cell starting with a null or a line feed (ASVS 5.0 1.2.10), full-width signs, or spaces before a sign', () => {
    // A member writes the board post or the title; Excel in an East Asian locale reads full-width
    // signs as the ASCII ones, and Sheets and Calc drop leading spaces before looking for a formula.
    for (const text of ['\u0000=1+1', '\nx', '＝HYPERLINK("http://x")', '＋1', '－1', '＠SUM(A1)', ' =1+1', '\u00a0=1+1', '\u3000@x'])
      expect(safeCell(text)).toBe(`'${text}`);
    for (const text of [' ข่าว', 'ข่าว ＝ ราคา', ' 012345']) expect(safeCell(text)).toBe(text);
  });

  it('writes UTF-8 with a BOM and CRLF rows that read back cell for cell, Thai and quotes kept', () => {
    const text = toCsv(
      ['เวลา', 'รายการ'],
      [
        ['29/11/2569 10:00', 'ข่าว "ประกาศ", ใหม่'],
        ['=HYPERLINK("http://x")', 'สอง\nบรรทัด'],
      ],
    );
    expect(text.startsWith('\uFEFF')).toBe(true);
    expect(text).toContain('\r\n');
    const rows = parse(text, { bom: true }) as string[][];
    expect(rows).toEqual([
      ['เวลา', 'รายการ'],
      ['29/11/2569 10:00', 'ข่าว "ประกาศ", ใหม่'],
      ['\'=HYPERLINK("http://x")', 'สอง\nบรรทัด'],
    ]);
  });

  it('answers as a download that no cache keeps', async () => {
    const response = csvResponse('audit-20261129-1000.csv', toCsv(['a'], [['b']]));
    expect(response.headers.get('Content-Type')).toBe('text/csv; charset=utf-8');
    expect(response.headers.get('Content-Disposition')).toBe('attachment; filename="audit-20261129-1000.csv"');
    expect(response.headers.get('Cache-Control')).toBe('private, no-store');
    expect(new Uint8Array(await response.arrayBuffer()).slice(0, 3)).toEqual(new Uint8Array([0xef, 0xbb, 0xbf]));
  });

  it('stamps a file name with the Bangkok time', () => {
    expect(bangkokStamp(Date.UTC(2026, 10, 29, 20, 5))).toBe('20261130-0305');
  });
});

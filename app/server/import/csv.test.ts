import { describe, expect, it } from 'vitest';

import { CSV_MESSAGES, MAX_RECORD_BYTES, decodeUtf8, parseCsv } from './csv';

function records(text: string) {
  const result = parseCsv(text);
  if (!result.ok) throw new Error(`unexpected failure: ${result.message}`);
  return result.records;
}

describe('parseCsv', () => {
  it('splits plain records and numbers their lines', () => {
    expect(records('a,b,c\n1,2,3\n')).toEqual([
      { line: 1, fields: ['a', 'b', 'c'], problem: null },
      { line: 2, fields: ['1', '2', '3'], problem: null },
    ]);
  });

  it('accepts CRLF, LF and CR line ends, with or without a final line break', () => {
    for (const text of ['a,b\r\n1,2\r\n', 'a,b\n1,2', 'a,b\r1,2\r']) {
      expect(records(text).map((r) => [r.line, r.fields])).toEqual([
        [1, ['a', 'b']],
        [2, ['1', '2']],
      ]);
    }
  });

  it('keeps empty fields, including a trailing one', () => {
    expect(records('a,,c,\n').map((r) => r.fields)).toEqual([['a', '', 'c', '']]);
    expect(records(',').map((r) => r.fields)).toEqual([['', '']]);
  });

  it('reads quoted commas, doubled quotes and empty quoted fields', () => {
    expect(records('"1,234.50","say ""hi""",""\n').map((r) => r.fields)).toEqual([['1,234.50', 'say "hi"', '']]);
  });

  it('keeps line breaks inside quotes and counts them in the following line numbers', () => {
    const text = 'name,address\r\nก,"99/1 ถนนงามวงศ์วาน\r\nแขวงลาดยาว\r\nเขตจตุจักร"\r\nข,"x\ny"\nค,z\n';
    const got = records(text);
    expect(got.map((r) => r.line)).toEqual([1, 2, 5, 7]);
    expect(got[1]?.fields[1]).toBe('99/1 ถนนงามวงศ์วาน\r\nแขวงลาดยาว\r\nเขตจตุจักร');
    expect(got[2]?.fields[1]).toBe('x\ny');
  });

  it('skips blank lines but still counts them', () => {
    const got = records('a\n\n\r\nb\n\n');
    expect(got.map((r) => [r.line, r.fields])).toEqual([
      [1, ['a']],
      [4, ['b']],
    ]);
  });

  it('fails the file on an unterminated quote, naming the line where it opened', () => {
    expect(parseCsv('a,b\n1,"open\n2,3\n')).toEqual({ ok: false, line: 2, message: CSV_MESSAGES.unterminatedQuote });
  });

  it('marks a record with a stray quote but keeps reading the file', () => {
    const got = records('a,b\n1,say "hi"\n"x"y,2\n3,4\n');
    expect(got.map((r) => r.problem)).toEqual([null, CSV_MESSAGES.quoteInField, CSV_MESSAGES.textAfterQuote, null]);
    expect(got[3]?.fields).toEqual(['3', '4']);
  });

  it('does not mistake a quoted field that starts with a doubled quote for a stray quote', () => {
    const got = records('a,b\n"""ก"" ข","x "" y"\n');
    expect(got[1]).toEqual({ line: 2, fields: ['"ก" ข', 'x " y'], problem: null });
  });

  it('reads a file whose line ends are mixed', () => {
    expect(records('a,b\r\n1,2\n3,4\r5,6').map((r) => [r.line, r.fields])).toEqual([
      [1, ['a', 'b']],
      [2, ['1', '2']],
      [3, ['3', '4']],
      [4, ['5', '6']],
    ]);
  });

  it('fails the file on a record longer than the bound, naming the line it starts on', () => {
    const long = 'ก'.repeat(MAX_RECORD_BYTES / 3 + 1);
    expect(parseCsv(`a,b\n1,2\n3,"${long}"\n`)).toEqual({ ok: false, line: 3, message: CSV_MESSAGES.recordTooLong });
    expect(parseCsv(`a,b\n1,"${'x'.repeat(MAX_RECORD_BYTES - 10)}"\n`).ok).toBe(true);
  });

  it('reads Thai text unchanged', () => {
    expect(records('นาย,สมชาย,ใจดี\n')[0]?.fields).toEqual(['นาย', 'สมชาย', 'ใจดี']);
  });
});

describe('decodeUtf8', () => {
  const utf8 = (s: string) => new TextEncoder().encode(s);

  it('drops the byte-order mark', () => {
    expect(decodeUtf8(new Uint8Array([0xef, 0xbb, 0xbf, ...utf8('ก,ข')]))).toBe('ก,ข');
    expect(decodeUtf8(utf8('ก,ข'))).toBe('ก,ข');
  });

  it('refuses bytes that are not UTF-8 (e.g. TIS-620 Thai)', () => {
    // "ก" in TIS-620 / Windows-874 is the single byte 0xA1.
    expect(decodeUtf8(new Uint8Array([0xa1, 0x2c, 0x41]))).toBeNull();
  });
});

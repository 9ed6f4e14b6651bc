import type * as z from 'zod';
import { describe, expect, it } from 'vitest';

import { beDateField, isValidThaiNationalId, nationalIdField, thaiNameField } from './identity';

const REQUIRED = 'กรุณากรอกเลขประจำตัวประชาชน';
const INVALID = 'เลขประจำตัวประชาชนไม่ถูกต้อง';
const DATE_INVALID = 'กรุณากรอกวันที่ในรูปแบบ วว/ดด/ปปปป (พ.ศ.)';

/** Appends the check digit to 12 digits, computed independently of the module. */
function withCheckDigit(first12: string): string {
  const sum = [...first12].reduce((acc, d, i) => acc + Number(d) * (14 - (i + 1)), 0);
  return `${first12}${(11 - (sum % 11)) % 10}`;
}

/** Every issue message for an input. */
function messages(schema: z.ZodType, input: unknown): string[] {
  const r = schema.safeParse(input);
  return r.success ? [] : r.error.issues.map((i) => i.message);
}

const GENERATED = ['123456789012', '110170012345', '310050123456', '199990000001', '380010055555', '000000000000'].map(
  withCheckDigit,
);

describe('isValidThaiNationalId', () => {
  it('agrees with known values of the formula', () => {
    expect(GENERATED).toEqual([
      '1234567890121',
      '1101700123456',
      '3100501234563',
      '1999900000013',
      '3800100555559',
      '0000000000001',
    ]);
  });

  it.each(GENERATED)('accepts %s', (id) => {
    expect(isValidThaiNationalId(id)).toBe(true);
  });

  it('covers every check digit, including the mod-10 wrap (0 and 1)', () => {
    const seen = new Set<string>();
    for (let n = 0; n < 200; n++) {
      const id = withCheckDigit(`1${String(n * 7919).padStart(11, '0')}`);
      expect(isValidThaiNationalId(id)).toBe(true);
      seen.add(id.slice(-1));
    }
    expect(seen.size).toBe(10);
  });

  it.each(GENERATED)('rejects %s with any other check digit', (id) => {
    for (let d = 0; d < 10; d++) {
      const other = `${id.slice(0, 12)}${d}`;
      if (other !== id) expect(isValidThaiNationalId(other)).toBe(false);
    }
  });

  it('rejects a swapped pair of digits', () => {
    expect(isValidThaiNationalId('2134567890121')).toBe(false);
  });

  it.each([
    '',
    '123456789012',
    '12345678901211',
    '1-2345-67890-12-1',
    '123456789012a',
    ' 1234567890121',
    '１２３４５６７８９０１２１',
  ])('rejects non-13-digit input %j', (value) => {
    expect(isValidThaiNationalId(value)).toBe(false);
  });
});

describe('nationalIdField', () => {
  it('strips dashes and spaces', () => {
    expect(nationalIdField.parse('1-2345-67890-12-1')).toBe('1234567890121');
    expect(nationalIdField.parse(' 1 2345 67890 12 1 ')).toBe('1234567890121');
    expect(nationalIdField.parse('3100501234563')).toBe('3100501234563');
  });

  it('requires a value (one message only)', () => {
    expect(messages(nationalIdField, '')).toEqual([REQUIRED]);
    expect(messages(nationalIdField, ' - - ')).toEqual([REQUIRED]);
    expect(messages(nationalIdField, undefined)).toEqual([REQUIRED]);
  });

  it.each([
    '1-2345-67890-12-2',
    '1234567890120',
    '123456789012',
    '12345678901210',
    '12345x7890121',
    '1/2345/67890/12/1',
  ])('rejects %s', (value) => {
    expect(messages(nationalIdField, value)).toEqual([INVALID]);
  });
});

describe('beDateField', () => {
  const field = beDateField('กรุณากรอกวันเกิด');

  it('converts a BE date to Gregorian', () => {
    expect(field.parse('15/05/2530')).toBe('1987-05-15');
    expect(field.parse(' 1/1/2568 ')).toBe('2025-01-01');
    expect(field.parse('29/02/2567')).toBe('2024-02-29');
  });

  it('uses the given required message', () => {
    expect(messages(field, '')).toEqual(['กรุณากรอกวันเกิด']);
    expect(messages(field, '   ')).toEqual(['กรุณากรอกวันเกิด']);
    expect(messages(field, undefined)).toEqual(['กรุณากรอกวันเกิด']);
  });

  it.each(['29/02/2568', '32/01/2568', '1987-05-15', '15/05/1987', 'พรุ่งนี้'])('rejects %s', (value) => {
    expect(messages(field, value)).toEqual([DATE_INVALID]);
  });
});

describe('thaiNameField', () => {
  const field = thaiNameField('กรุณากรอกชื่อ');

  it('trims', () => {
    expect(field.parse('  สมชาย ')).toBe('สมชาย');
  });

  it('requires a value', () => {
    expect(messages(field, '')).toEqual(['กรุณากรอกชื่อ']);
    expect(messages(field, '  ')).toEqual(['กรุณากรอกชื่อ']);
    expect(messages(field, undefined)).toEqual(['กรุณากรอกชื่อ']);
  });

  it('allows 100 characters and rejects 101', () => {
    expect(field.parse('ก'.repeat(100))).toHaveLength(100);
    expect(field.safeParse('ก'.repeat(101)).success).toBe(false);
    expect(field.safeParse(` ${'ก'.repeat(100)} `).success).toBe(true);
  });
});

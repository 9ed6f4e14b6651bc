import type * as z from 'zod';
import { getZodConstraint } from '@conform-to/zod/v4';
import { describe, expect, it } from 'vitest';

import {
  AnswerSchema,
  BOARD_LIMITS,
  BOARD_MESSAGES,
  cleanLine,
  cleanMultiline,
  parseListPage,
  parseRecordId,
  TopicSchema,
} from './board';

const KEY = 'k3y-Of_Twenty-Four-Chars';

/** The first message per field of a failed parse. */
function errors(schema: z.ZodType, input: unknown): Record<string, string> {
  const r = schema.safeParse(input);
  if (r.success) return {};
  const out: Record<string, string> = {};
  for (const issue of r.error.issues) {
    const key = String(issue.path[0]);
    out[key] ??= issue.message;
  }
  return out;
}

describe('TopicSchema', () => {
  it('gives the Thai message of every missing field', () => {
    expect(errors(TopicSchema, { formKey: KEY })).toEqual({
      title: BOARD_MESSAGES.titleRequired,
      body: BOARD_MESSAGES.bodyRequired,
      displayName: BOARD_MESSAGES.nameRequired,
    });
    expect(errors(TopicSchema, { title: '  ', body: '\n \n', displayName: '\u200b', formKey: KEY })).toEqual({
      title: 'กรุณากรอกหัวข้อกระทู้',
      body: 'กรุณากรอกรายละเอียด',
      displayName: 'กรุณากรอกชื่อผู้ตั้งกระทู้',
    });
  });

  it('trims and keeps the text as typed (no HTML interpretation)', () => {
    const value = TopicSchema.parse({
      title: '  ถามเรื่อง <b>เงินกู้</b>\n ด่วน ',
      body: '\r\nบรรทัดแรก  \r\nบรรทัดสอง\r\n\r\n\r\n\r\nย่อหน้าใหม่\u0000\n',
      displayName: ' สมชาย ',
      formKey: KEY,
    });
    expect(value).toEqual({
      title: 'ถามเรื่อง <b>เงินกู้</b> ด่วน',
      body: 'บรรทัดแรก\nบรรทัดสอง\n\nย่อหน้าใหม่',
      displayName: 'สมชาย',
      formKey: KEY,
    });
  });

  it('allows 200 / 5000 / 60 characters and refuses one more', () => {
    const ok = { title: 'ก'.repeat(200), body: 'ข'.repeat(5000), displayName: 'ค'.repeat(60), formKey: KEY };
    expect(TopicSchema.safeParse(ok).success).toBe(true);
    expect(
      errors(TopicSchema, {
        title: 'ก'.repeat(201),
        body: 'ข'.repeat(5001),
        displayName: 'ค'.repeat(61),
        formKey: KEY,
      }),
    ).toEqual({
      title: 'หัวข้อกระทู้ต้องไม่เกิน 200 ตัวอักษร',
      body: 'รายละเอียดต้องไม่เกิน 5,000 ตัวอักษร',
      displayName: 'ชื่อต้องไม่เกิน 60 ตัวอักษร',
    });
  });

  it('refuses a missing or malformed submission key', () => {
    const fields = { title: 'ก', body: 'ข', displayName: 'ค' };
    expect(errors(TopicSchema, fields)).toEqual({ formKey: BOARD_MESSAGES.formKeyInvalid });
    expect(errors(TopicSchema, { ...fields, formKey: 'short' })).toEqual({ formKey: BOARD_MESSAGES.formKeyInvalid });
    expect(errors(TopicSchema, { ...fields, formKey: `${'a'.repeat(20)}'; drop` })).toEqual({
      formKey: BOARD_MESSAGES.formKeyInvalid,
    });
  });
});

describe('AnswerSchema', () => {
  it('has its own messages', () => {
    expect(errors(AnswerSchema, { formKey: KEY })).toEqual({
      body: 'กรุณากรอกข้อความตอบกระทู้',
      displayName: 'กรุณากรอกชื่อผู้ตอบ',
    });
    expect(AnswerSchema.parse({ body: ' ขอบคุณครับ ', displayName: 'ก', formKey: KEY }).body).toBe('ขอบคุณครับ');
  });
});

describe('cleaning', () => {
  it('normalises to NFC and drops control and zero-width characters', () => {
    expect(cleanMultiline('e\u0301\u200b\u0007x\ty')).toBe('\u00e9x\ty');
    expect(cleanLine('ก\n\nข\t ค')).toBe('ก ข ค');
  });
});

describe('parseRecordId', () => {
  it.each([
    ['12', 12],
    ['1', 1],
    ['0', null],
    ['-1', null],
    ['1e3', null],
    ['12abc', null],
    ['1234567890', null],
    [undefined, null],
  ])('%j → %j', (input, expected) => {
    expect(parseRecordId(input)).toBe(expected);
  });
});

describe('parseListPage', () => {
  it.each([
    ['', 1],
    ['?page=2', 2],
    ['?page=0', 1],
    ['?page=-3', 1],
    ['?page=abc', 1],
    ['?page=9999999', 1],
  ])('%s → %d', (search, expected) => {
    expect(parseListPage(new URL(`http://coop.test/board${search}`))).toBe(expected);
  });
});

describe('bounded before cleaning (no regular-expression denial of service)', () => {
  const tabs = '\t'.repeat(100_000);

  it('cleans 100,000 tabs followed by a letter in linear time', () => {
    const started = performance.now();
    expect(cleanMultiline(`${tabs}x`)).toBe(`${tabs}x`.trim());
    expect(cleanMultiline(`a${tabs}\nb`)).toBe('a\nb');
    expect(performance.now() - started).toBeLessThan(200);
  });

  it('refuses an over-long body as too long without cleaning it', () => {
    const started = performance.now();
    expect(errors(TopicSchema, { title: 'หัวข้อ', body: `${tabs}x`, displayName: 'ชื่อ', formKey: KEY })).toEqual({
      body: BOARD_MESSAGES.bodyMax,
    });
    expect(errors(AnswerSchema, { body: 'ตอบ', displayName: `${tabs}x`, formKey: KEY })).toEqual({
      displayName: BOARD_MESSAGES.nameMax,
    });
    expect(performance.now() - started).toBeLessThan(200);
  });

  it('still accepts a body at its limit with blanks and CRLF line ends that cleaning removes', () => {
    const body = `${'ก'.repeat(BOARD_LIMITS.body - 2)} \r\nข`;
    const r = TopicSchema.safeParse({ title: 'หัวข้อ', body, displayName: 'ชื่อ', formKey: KEY });
    expect(r.success && r.data.body).toBe(`${'ก'.repeat(BOARD_LIMITS.body - 2)}\nข`);
  });

  it("gives the form the field's real limit as maxLength", () => {
    const constraint = getZodConstraint(TopicSchema);
    expect(constraint.body?.maxLength).toBe(BOARD_LIMITS.body);
    expect(constraint.title?.maxLength).toBe(BOARD_LIMITS.title);
  });
});

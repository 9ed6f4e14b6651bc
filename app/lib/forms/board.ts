import * as z from 'zod';

import { trimEndOf } from '../trim';

/** Lengths in characters (UTF-16 code units, as the inputs' `maxLength` counts them). */
export const BOARD_LIMITS = { title: 200, body: 5000, name: 60 } as const;

/** Topics and demand items per list page. */
export const BOARD_PAGE_SIZE = 10;

/** The spam trap's field name: people leave it empty, form-filling robots do not. */
export const HONEYPOT_FIELD = 'website';

export const BOARD_MESSAGES = {
  titleRequired: 'กรุณากรอกหัวข้อกระทู้',
  titleMax: `หัวข้อกระทู้ต้องไม่เกิน ${BOARD_LIMITS.title} ตัวอักษร`,
  bodyRequired: 'กรุณากรอกรายละเอียด',
  bodyMax: 'รายละเอียดต้องไม่เกิน 5,000 ตัวอักษร',
  nameRequired: 'กรุณากรอกชื่อผู้ตั้งกระทู้',
  nameMax: `ชื่อต้องไม่เกิน ${BOARD_LIMITS.name} ตัวอักษร`,
  answerRequired: 'กรุณากรอกข้อความตอบกระทู้',
  answerMax: 'ข้อความตอบกระทู้ต้องไม่เกิน 5,000 ตัวอักษร',
  answerNameRequired: 'กรุณากรอกชื่อผู้ตอบ',
  formKeyInvalid: 'แบบฟอร์มไม่สมบูรณ์ กรุณาตรวจสอบข้อความแล้วกดส่งอีกครั้ง',
  tooMany: (minutes: number) => `ส่งข้อความบ่อยเกินไป กรุณาลองใหม่อีกครั้งในอีก ${minutes} นาที`,
  topicSaved: 'บันทึกกระทู้เรียบร้อยแล้ว',
  answerSaved: 'บันทึกคำตอบเรียบร้อยแล้ว',
} as const;

/** Control characters other than tab and line feed, zero-width spaces, BOMs and Unicode line separators. */
const CONTROL = /[\u0000-\u0008\u000b-\u001f\u007f-\u009f\u200b\u2028\u2029\ufeff]/g;

/**
 * Multi-line text as typed: NFC, `\n` line ends, no control characters, no trailing spaces, trimmed.
 * Linear in the text's length (every pattern here consumes what it tries; trailing blanks are cut by
 * a loop), and only ever given text already bounded by `rawLimit`.
 */
export function cleanMultiline(text: string): string {
  return text
    .normalize('NFC')
    .replace(/\r\n?/g, '\n')
    .replace(CONTROL, '')
    .split('\n')
    .map((line) => trimEndOf(line, ' \t'))
    .join('\n')
    .replace(/\n{3,}/g, '\n\n')
    .trim();
}

/**
 * The most a field may hold as posted, before it is cleaned: twice its limit, so that line ends,
 * trailing blanks and control characters that cleaning removes do not refuse an acceptable text.
 * Checked first: no normalisation ever runs over an unbounded value.
 */
export const rawLimit = (max: number): number => max * 2;

/** One-line text: like `cleanMultiline`, with every run of white space (line breaks too) made one space. */
export function cleanLine(text: string): string {
  return cleanMultiline(text).replace(/\s+/g, ' ');
}

function textField(clean: (text: string) => string, required: string, max: number, tooLong: string) {
  return z
    .string({ error: required })
    .max(rawLimit(max), { error: tooLong, abort: true })
    .overwrite(clean)
    .min(1, { error: required, abort: true })
    .max(max, tooLong);
}

/**
 * The form's hidden submission key (ADR 012). A form rendered by us always has one; a missing or
 * malformed key means a tampered or truncated post, answered with a form error (nothing stored).
 */
const formKeyField = z
  .string({ error: BOARD_MESSAGES.formKeyInvalid })
  .regex(/^[A-Za-z0-9_-]{16,64}$/, BOARD_MESSAGES.formKeyInvalid);

/** /boardPost: a new topic. */
export const TopicSchema = z.object({
  title: textField(cleanLine, BOARD_MESSAGES.titleRequired, BOARD_LIMITS.title, BOARD_MESSAGES.titleMax),
  body: textField(cleanMultiline, BOARD_MESSAGES.bodyRequired, BOARD_LIMITS.body, BOARD_MESSAGES.bodyMax),
  displayName: textField(cleanLine, BOARD_MESSAGES.nameRequired, BOARD_LIMITS.name, BOARD_MESSAGES.nameMax),
  formKey: formKeyField,
});

/** /boardShow/{topicId}: an answer. */
export const AnswerSchema = z.object({
  body: textField(cleanMultiline, BOARD_MESSAGES.answerRequired, BOARD_LIMITS.body, BOARD_MESSAGES.answerMax),
  displayName: textField(cleanLine, BOARD_MESSAGES.answerNameRequired, BOARD_LIMITS.name, BOARD_MESSAGES.nameMax),
  formKey: formKeyField,
});

/** The forms' fields as posted (for conform's `useForm`). */
export type TopicFields = z.input<typeof TopicSchema>;
export type AnswerFields = z.input<typeof AnswerSchema>;

/** A record number from the URL (`/boardShow/{topicId}`): digits only, or null (the route answers 404). */
export function parseRecordId(value: string | undefined): number | null {
  if (!value || !/^\d{1,9}$/.test(value)) return null;
  const id = Number(value);
  return id >= 1 ? id : null;
}

/** `?page=N` of a public list: a positive integer; missing or junk gives 1. */
export function parseListPage(url: URL): number {
  const text = (url.searchParams.get('page') ?? '').trim();
  if (!/^\d{1,6}$/.test(text)) return 1;
  return Math.max(1, Number(text));
}

import type * as z from 'zod';

import { AnswerSchema, TopicSchema } from '~/lib/forms/board';

import { IDEMPOTENCY_KEY_PATTERN, newIdempotencyKey } from '../../idempotency.server';
import type {
  BoardAnswer,
  BoardTopic,
  BoardTopicSummary,
  DemandItem,
  DemandSummary,
  NewBoardAnswer,
  NewBoardTopic,
  Page,
} from '../types';
import { field, vendorJson } from './api.server';
import { mapPage, paginator, vendorDateTime, vendorInt } from './wire.server';

/**
 * Domain → vendor serializers of the web board and the demand section (ADR 025): the vendor's board
 * endpoints (§7.3) with the fields a Sahakorn core adds (`board_ans`, `No`, `replayed`), and
 * Sahakorn's own demand endpoints. Rows use the vendor's `www_board` column names (`CountAnwser`
 * sic); dates go out as Bangkok wall time. Never an IP address or a member number.
 */

type Json = Record<string, unknown>;

/** Topics per page of `api/info/board` (the vendor's paginator). */
export const VENDOR_BOARD_PAGE = 15;
/** Items per page of `api/info/demand`. */
export const VENDOR_DEMAND_PAGE = 10;

/** The vendor's category code of a board topic. */
export const BOARD_CATEGORY = 'BOARD_TOPIC';

/** The vendor's "saved" (`rc_des` of a stored posting). */
export const SAVED_MESSAGE = 'บันทึกสำเร็จ';
/** `rc_des` of an answer to a topic that is not shown. */
export const TOPIC_NOT_FOUND_MESSAGE = 'ไม่พบกระทู้';

/** Laravel's throttle answer (HTTP 429). */
export const tooManyBody = (): Json => ({ message: 'Too Many Attempts.' });

/** The limit's answer: HTTP 429 with Laravel's body and, for a front to tell its visitor, `Retry-After`. */
export function tooMany(minutes: number): Response {
  const response = vendorJson(tooManyBody(), 429);
  response.headers.set('Retry-After', String(minutes * 60));
  return response;
}

/** A record number from a vendor path or body: 1–10 digits within a 32-bit id, or null. */
export function vendorRecordId(value: string): number | null {
  if (!/^\d{1,10}$/.test(value)) return null;
  const id = Number(value);
  return id >= 1 && id <= 2_147_483_647 ? id : null;
}

/** The request's `Idempotency-Key` when it has the right form (ADR 012), else a fresh key. */
export function idempotencyKeyOf(request: Request): string {
  const key = request.headers.get('Idempotency-Key')?.trim() ?? '';
  return IDEMPOTENCY_KEY_PATTERN.test(key) ? key : newIdempotencyKey();
}

/** Text made safe inside HTML: `& < > " '` as entities. */
export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

/** A topic as the vendor's `www_board` row; `Note` (the body) only where the vendor sends it. */
export function boardTopicRow(t: BoardTopicSummary, note = ''): Json {
  return {
    No: String(t.id),
    Category: BOARD_CATEGORY,
    Question: t.title,
    Note: note,
    Name: t.displayName,
    Date: vendorDateTime(t.createdAt),
    // The vendor's spelling (sic).
    CountAnwser: String(t.answerCount),
    show_status: '1',
  };
}

/** `GET api/info/board?page=N`: a page of topics (15 a page); nobody is an admin here. */
export function boardListBody(page: Page<BoardTopicSummary>, path: string): Json {
  return {
    board: paginator(
      mapPage(page, (t) => boardTopicRow(t)),
      path,
    ),
    is_admin: false,
  };
}

/** An answer as a Sahakorn core's `board_ans` row (`Namer` "Admin" for the cooperative's staff). */
export function boardAnswerRow(topicId: number, a: BoardAnswer): Json {
  return {
    No: String(a.id),
    QuestionNo: String(topicId),
    Name: a.displayName,
    Namer: a.staff ? 'Admin' : '',
    Msg: a.body,
    Date: vendorDateTime(a.createdAt),
  };
}

/**
 * The vendor's `board_detail`: the answers as one HTML string, every text escaped, line breaks as
 * `<br>`. Unlike the vendor's it holds no delete icons, addresses or member numbers.
 */
export function boardDetailHtml(answers: BoardAnswer[]): string {
  return answers
    .map((a) => {
      const msg = escapeHtml(a.body).replace(/\n/g, '<br>');
      const by = `${escapeHtml(a.displayName)} ${vendorDateTime(a.createdAt)}`;
      return `<div class="board-ans"><p>${msg}</p><small>${by}</small></div>`;
    })
    .join('');
}

/** `GET api/info/board_show/{No}`: the topic with its body, its answers as HTML and as rows. */
export function boardShowBody(topic: BoardTopic): Json {
  return {
    showboard: boardTopicRow(topic, topic.body),
    board_detail: boardDetailHtml(topic.answers),
    board_ans: topic.answers.map((a) => boardAnswerRow(topic.id, a)),
    // Sahakorn's (ADR 062): a closed topic takes no more answers.
    closed: topic.closed ? '1' : '0',
    is_admin: false,
  };
}

/** A topic that is not shown (unknown, hidden, or a malformed number). */
export const unknownBoardShowBody = (): Json => ({ showboard: null, board_ans: [] });

/** A stored (or replayed) posting: `No` is the topic's or the answer's id. */
export function postedBody(id: number | null, replayed: boolean): Json {
  return { rc_code: '1', rc_des: SAVED_MESSAGE, No: vendorInt(id), replayed: replayed ? '1' : '0' };
}

/** A posting refused by the form's rules: HTTP 200 with the first rule's message, as the vendor answers. */
export const refusedBody = (message: string): Json => ({ rc_code: '0', rc_des: message });

export type Checked<T> = { ok: true; value: T } | { ok: false; message: string };

// The site's own forms' rules (trimming, required fields, lengths, messages) without their hidden
// submission key: over the API the key is the `Idempotency-Key` header.
const TopicText = TopicSchema.omit({ formKey: true });
const AnswerText = AnswerSchema.omit({ formKey: true });

function check<S extends z.ZodType>(schema: S, input: unknown): Checked<z.output<S>> {
  const result = schema.safeParse(input);
  if (result.success) return { ok: true, value: result.data };
  return { ok: false, message: result.error.issues[0]?.message ?? '' };
}

/** `board_create`'s `{Question, QNote, QName}` checked as the board's form checks a topic. */
export function topicInput(body: Json): Checked<NewBoardTopic> {
  return check(TopicText, {
    title: field(body, 'Question'),
    body: field(body, 'QNote'),
    displayName: field(body, 'QName'),
  });
}

/** `board_ans`'s `{QNote, QName}` checked as the topic page's form checks an answer. */
export function answerInput(body: Json): Checked<NewBoardAnswer> {
  return check(AnswerText, { body: field(body, 'QNote'), displayName: field(body, 'QName') });
}

/** A demand item as a row of `api/info/demand`. */
export function demandRow(d: DemandSummary): Json {
  return {
    No: String(d.id),
    Question: d.question,
    Name: d.askerName,
    Date: vendorDateTime(d.askedAt),
    status: d.status,
  };
}

/** `GET api/info/demand?page=N`: a page of demand items (10 a page). */
export function demandListBody(page: Page<DemandSummary>, path: string): Json {
  return { demand: paginator(mapPage(page, demandRow), path) };
}

/** `GET api/info/demand_show/{No}`: the item with its detail and the cooperative's answer, or null. */
export function demandShowBody(item: DemandItem | null): Json {
  if (!item) return { showdemand: null };
  return {
    showdemand: {
      No: String(item.id),
      Question: item.question,
      Note: item.detail,
      Name: item.askerName,
      Date: vendorDateTime(item.askedAt),
      status: item.status,
      Answer: item.answer,
      AnswerName: item.answeredBy,
      AnswerDate: item.answeredAt && vendorDateTime(item.answeredAt),
    },
  };
}

import { describe, expect, it } from 'vitest';

import { BOARD_LIMITS, BOARD_MESSAGES } from '~/lib/forms/board';

import { vendorInstant } from '../http/schemas.server';
import type { BoardTopic, BoardTopicSummary, DemandItem, Page } from '../types';
import {
  answerInput,
  boardListBody,
  boardShowBody,
  demandListBody,
  demandShowBody,
  escapeHtml,
  idempotencyKeyOf,
  postedBody,
  topicInput,
  unknownBoardShowBody,
  vendorRecordId,
} from './board.server';
import { vendorDateTime } from './wire.server';

/** What goes over the wire: the serializer's output as JSON text and back. */
const wire = (body: unknown): unknown => JSON.parse(JSON.stringify(body)) as unknown;

// 2024-06-03 17:30:05 UTC is 2024-06-04 00:30:05 in Bangkok: the day turns over.
const late = new Date(Date.UTC(2024, 5, 3, 17, 30, 5, 999));

const summary: BoardTopicSummary = {
  id: 12,
  title: 'สอบถามเรื่องเงินกู้ <ฉุกเฉิน>',
  displayName: 'สมชาย',
  createdAt: late,
  answerCount: 3,
};

const topic: BoardTopic = {
  ...summary,
  body: 'บรรทัดแรก\nบรรทัดที่สอง',
  answerCount: 2,
  answers: [
    {
      id: 40,
      body: '<script>alert("x")</script> & ขอบคุณ\nครับ',
      displayName: "O'Brien <b>",
      staff: false,
      createdAt: new Date(Date.UTC(2024, 5, 4, 2, 0, 0)),
    },
    {
      id: 41,
      body: 'เจ้าหน้าที่ตอบ',
      displayName: 'เจ้าหน้าที่สหกรณ์',
      staff: true,
      createdAt: new Date(Date.UTC(2024, 5, 4, 3, 15, 0)),
    },
  ],
};

const page = <T>(rows: T[], total: number, p = 1, pageSize = 15): Page<T> => ({ rows, total, page: p, pageSize });

describe('vendor board and demand serializers (ADR 025)', () => {
  it('vendorDateTime writes Bangkok wall time that the adapter reads back as the same second', () => {
    expect(vendorDateTime(late)).toBe('2024-06-04 00:30:05');
    expect(vendorDateTime(new Date(Date.UTC(2023, 11, 31, 16, 59, 59)))).toBe('2023-12-31 23:59:59');
    expect(vendorInstant(vendorDateTime(late))?.getTime()).toBe(Math.floor(late.getTime() / 1000) * 1000);
  });

  it('board list: a paginator of www_board rows, numbers as strings, no body, nobody an admin', () => {
    const body = wire(boardListBody(page([summary], 31, 2), 'http://x/api/info/board')) as {
      board: Record<string, unknown>;
      is_admin: unknown;
    };
    expect(body.is_admin).toBe(false);
    expect(body.board).toMatchObject({
      current_page: 2,
      per_page: 15,
      total: 31,
      last_page: 3,
      next_page_url: 'http://x/api/info/board?page=3',
    });
    expect(body.board.data).toEqual([
      {
        No: '12',
        Category: 'BOARD_TOPIC',
        Question: 'สอบถามเรื่องเงินกู้ <ฉุกเฉิน>',
        Note: '',
        Name: 'สมชาย',
        Date: '2024-06-04 00:30:05',
        CountAnwser: '3',
        show_status: '1',
      },
    ]);
  });

  it('board show: the topic with its body, the answers as rows and as escaped HTML', () => {
    const body = wire(boardShowBody(topic)) as Record<string, unknown>;
    expect(Object.keys(body).sort()).toEqual(['board_ans', 'board_detail', 'closed', 'is_admin', 'showboard']);
    expect(body.is_admin).toBe(false);
    expect(body.showboard).toEqual({
      No: '12',
      Category: 'BOARD_TOPIC',
      Question: topic.title,
      Note: 'บรรทัดแรก\nบรรทัดที่สอง',
      Name: 'สมชาย',
      Date: '2024-06-04 00:30:05',
      CountAnwser: '2',
      show_status: '1',
    });
    expect(body.board_ans).toEqual([
      {
        No: '40',
        QuestionNo: '12',
        Name: "O'Brien <b>",
        Namer: '',
        Msg: '<script>alert("x")</script> & ขอบคุณ\nครับ',
        Date: '2024-06-04 09:00:00',
      },
      {
        No: '41',
        QuestionNo: '12',
        Name: 'เจ้าหน้าที่สหกรณ์',
        Namer: 'Admin',
        Msg: 'เจ้าหน้าที่ตอบ',
        Date: '2024-06-04 10:15:00',
      },
    ]);
    const html = body.board_detail as string;
    expect(html).toBe(
      '<div class="board-ans"><p>&#60;script&#62;alert(&#34;x&#34;)&#60;/script&#62; &#38; ขอบคุณ<br>ครับ</p>' +
        '<small>O&#39;Brien &#60;b&#62; 2024-06-04 09:00:00</small></div>' +
        '<div class="board-ans"><p>เจ้าหน้าที่ตอบ</p><small>เจ้าหน้าที่สหกรณ์ 2024-06-04 10:15:00</small></div>',
    );
    expect(html).not.toMatch(/<script|<b>/);
  });

  it('board show of a topic not shown, and a topic without answers', () => {
    expect(unknownBoardShowBody()).toEqual({ showboard: null, board_ans: [] });
    const bare = wire(boardShowBody({ ...topic, answers: [], answerCount: 0 })) as Record<string, unknown>;
    expect(bare.board_detail).toBe('');
    expect(bare.board_ans).toEqual([]);
  });

  it('escapeHtml leaves no markup-significant character', () => {
    expect(escapeHtml(`<a href="x">'&'</a>`)).toBe('&#60;a href=&#34;x&#34;&#62;&#39;&#38;&#39;&#60;/a&#62;');
  });

  it('a posting answers its id and whether it was a replay, as strings', () => {
    expect(postedBody(77, false)).toEqual({ rc_code: '1', rc_des: 'บันทึกสำเร็จ', No: '77', replayed: '0' });
    expect(postedBody(77, true)).toMatchObject({ No: '77', replayed: '1' });
  });

  it("topic input: the board form's trimming and rules, the first failing rule's Thai message", () => {
    expect(topicInput({ Question: '  หัวข้อ\n  ใหม่ ', QNote: ' รายละเอียด\r\nต่อ  ', QName: ' นาม ' })).toEqual({
      ok: true,
      value: { title: 'หัวข้อ ใหม่', body: 'รายละเอียด\nต่อ', displayName: 'นาม' },
    });
    expect(topicInput({})).toEqual({ ok: false, message: BOARD_MESSAGES.titleRequired });
    expect(topicInput({ Question: 'หัวข้อ', QNote: '   ', QName: '' })).toEqual({
      ok: false,
      message: BOARD_MESSAGES.bodyRequired,
    });
    expect(topicInput({ Question: 'ก'.repeat(BOARD_LIMITS.title + 1), QNote: 'x', QName: 'y' })).toEqual({
      ok: false,
      message: BOARD_MESSAGES.titleMax,
    });
    expect(topicInput({ Question: 'หัวข้อ', QNote: 'x', QName: 'ก'.repeat(BOARD_LIMITS.name + 1) })).toEqual({
      ok: false,
      message: BOARD_MESSAGES.nameMax,
    });
    // Not text: as if missing.
    expect(topicInput({ Question: ['a'], QNote: 'x', QName: 'y' })).toEqual({
      ok: false,
      message: BOARD_MESSAGES.titleRequired,
    });
  });

  it("answer input: the answer form's rules", () => {
    expect(answerInput({ QNo: '12', QNote: ' ตอบ ', QName: ' ผู้ตอบ ' })).toEqual({
      ok: true,
      value: { body: 'ตอบ', displayName: 'ผู้ตอบ' },
    });
    expect(answerInput({ QNote: '', QName: '' })).toEqual({ ok: false, message: BOARD_MESSAGES.answerRequired });
    expect(answerInput({ QNote: 'ตอบ', QName: ' ' })).toEqual({
      ok: false,
      message: BOARD_MESSAGES.answerNameRequired,
    });
    expect(answerInput({ QNote: 'ก'.repeat(BOARD_LIMITS.body + 1), QName: 'x' })).toEqual({
      ok: false,
      message: BOARD_MESSAGES.answerMax,
    });
  });

  it('record ids: 1–10 digits within a 32-bit id', () => {
    expect(vendorRecordId('12')).toBe(12);
    expect(vendorRecordId('2147483647')).toBe(2_147_483_647);
    for (const bad of ['', '0', '-1', '1.5', '12a', ' 12', '2147483648', '12345678901']) {
      expect(vendorRecordId(bad)).toBeNull();
    }
  });

  it('the Idempotency-Key header when well formed, else a fresh key', () => {
    const key = 'abcdefghijklmnop_-12';
    const at = (headers: Record<string, string>) => new Request('http://x/api/info/board_create', { headers });
    expect(idempotencyKeyOf(at({ 'Idempotency-Key': key }))).toBe(key);
    const fresh = idempotencyKeyOf(at({ 'Idempotency-Key': 'short' }));
    expect(fresh).toMatch(/^[A-Za-z0-9_-]{16,64}$/);
    expect(fresh).not.toBe(idempotencyKeyOf(at({})));
  });

  it('demand list and item: status as a word, the answer or nulls', () => {
    const item: DemandItem = {
      id: 5,
      question: 'ขอให้เพิ่มช่องทางชำระเงิน',
      askerName: 'สมหญิง',
      askedAt: late,
      status: 'in_progress',
      detail: 'รายละเอียด\nของคำขอ',
      answer: null,
      answeredBy: null,
      answeredAt: null,
    };
    const list = wire(demandListBody(page([item], 1, 1, 10), 'http://x/api/info/demand')) as {
      demand: Record<string, unknown>;
    };
    expect(list.demand).toMatchObject({ per_page: 10, total: 1, current_page: 1 });
    expect(list.demand.data).toEqual([
      { No: '5', Question: item.question, Name: 'สมหญิง', Date: '2024-06-04 00:30:05', status: 'in_progress' },
    ]);
    expect(wire(demandShowBody(item))).toEqual({
      showdemand: {
        No: '5',
        Question: item.question,
        Note: 'รายละเอียด\nของคำขอ',
        Name: 'สมหญิง',
        Date: '2024-06-04 00:30:05',
        status: 'in_progress',
        Answer: null,
        AnswerName: null,
        AnswerDate: null,
      },
    });
    const answered = { ...item, status: 'done' as const, answer: 'ดำเนินการแล้ว', answeredBy: 'ฝ่ายบริการ' };
    expect(wire(demandShowBody({ ...answered, answeredAt: new Date(Date.UTC(2024, 6, 1, 1, 2, 3)) }))).toMatchObject({
      showdemand: { status: 'done', Answer: 'ดำเนินการแล้ว', AnswerName: 'ฝ่ายบริการ', AnswerDate: '2024-07-01 08:02:03' },
    });
    expect(demandShowBody(null)).toEqual({ showdemand: null });
  });
});

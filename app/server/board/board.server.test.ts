import type { ActionFunctionArgs, AppLoadContext } from '@remix-run/node';
import { describe, expect, it } from 'vitest';

import { useOwnStore } from '../app-store.test-support';

useOwnStore('board', { BOARD_MAX_POSTS_PER_ADDRESS: '3', BOARD_WINDOW_MINUTES: '10' });

const { app } = await import('../app.server');
const { countBoardPost } = await import('./board.server');
const { newIdempotencyKey } = await import('../idempotency.server');
const boardPost = await import('~/routes/_info.boardPost');
const boardShow = await import('~/routes/_info.boardShow.$topicId');
const { BOARD_MESSAGES } = await import('~/lib/forms/board');

const ORIGIN = 'http://coop.test';
let address = 0;

/** Calls a route action as Remix does, from an address of its own unless given. */
async function post(
  action: (args: ActionFunctionArgs) => Promise<Response>,
  url: string,
  fields: Record<string, string>,
  clientAddress = `192.0.2.${++address}`,
) {
  const context: AppLoadContext = { cspNonce: 'n', clientAddress };
  const request = new Request(`${ORIGIN}${url}`, { method: 'POST', body: new URLSearchParams(fields) });
  const topicId = /^\/boardShow\/(.+)$/.exec(url)?.[1];
  try {
    const response = await action({ request, params: topicId ? { topicId } : {}, context });
    return { response, context };
  } catch (error) {
    if (error instanceof Response) return { response: error, context };
    throw error;
  }
}

async function topicsTitled(title: string): Promise<number> {
  const { db } = await app();
  const r = await db
    .selectFrom('board_topics')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('title', '=', title)
    .executeTakeFirstOrThrow();
  return Number(r.n);
}

function topicFields(title: string, formKey = newIdempotencyKey()) {
  return { title, body: 'รายละเอียด\n\nย่อหน้าที่สอง', displayName: 'ผู้ทดสอบ', formKey, website: '' };
}

describe('countBoardPost', () => {
  it('allows BOARD_MAX_POSTS_PER_ADDRESS postings per window and address, then says how long to wait', async () => {
    const now = Date.UTC(2025, 0, 1);
    const results = [];
    for (let i = 0; i < 4; i++) results.push(await countBoardPost('198.51.100.7', now + i * 1000));
    expect(results.slice(0, 3)).toEqual([{ ok: true }, { ok: true }, { ok: true }]);
    expect(results[3]).toEqual({ ok: false, minutes: 10 });
    expect(await countBoardPost('198.51.100.8', now + 5000)).toEqual({ ok: true });
    expect(await countBoardPost('198.51.100.7', now + 10 * 60_000)).toEqual({ ok: true });
  });

  it('counts an IPv6 client by its /64: a new address of the same network is no new allowance (ADR 133)', async () => {
    const now = Date.UTC(2025, 0, 2);
    const results = [];
    for (let i = 1; i <= 4; i++) results.push(await countBoardPost(`2001:db8:5:6::${i}`, now + i * 1000));
    expect(results.slice(0, 3)).toEqual([{ ok: true }, { ok: true }, { ok: true }]);
    expect(results[3]).toEqual({ ok: false, minutes: 10 });
    expect(await countBoardPost('2001:db8:5:7::1', now + 5000)).toEqual({ ok: true });
  });
});

describe('/boardPost action', () => {
  it('answers 400 with every field error and stores nothing', async () => {
    const { response, context } = await post(boardPost.action, '/boardPost', { formKey: newIdempotencyKey() });
    expect(response.status).toBe(400);
    expect(response.headers.get('Cache-Control')).toBe('private, no-store');
    const { result } = (await response.json()) as { result: { error: Record<string, string[]> } };
    expect(result.error).toEqual({
      title: ['กรุณากรอกหัวข้อกระทู้'],
      body: ['กรุณากรอกรายละเอียด'],
      displayName: ['กรุณากรอกชื่อผู้ตั้งกระทู้'],
    });
    expect(context.formErrors).toBe(true);
  });

  it('stores a topic and redirects to it with a notice; the same key again stores nothing and lands there too', async () => {
    const title = `กระทู้ทดสอบ ${newIdempotencyKey()}`;
    const fields = topicFields(title);
    const first = await post(boardPost.action, '/boardPost', fields);
    expect(first.response.status).toBe(303);
    const location = first.response.headers.get('Location');
    expect(location).toMatch(/^\/boardShow\/\d+$/);
    expect(first.response.headers.get('Set-Cookie')).toContain('sahakorn_flash=');
    // The same form sent again (double click, resend after a lost response), even from another instance.
    const again = await post(boardPost.action, '/boardPost', fields);
    expect(again.response.status).toBe(303);
    expect(again.response.headers.get('Location')).toBe(location);
    expect(await topicsTitled(title)).toBe(1);

    const { backend } = await app();
    const topic = await backend.getBoardTopic(Number(location?.split('/').pop()));
    expect(topic).toMatchObject({ title, body: 'รายละเอียด\n\nย่อหน้าที่สอง', displayName: 'ผู้ทดสอบ', answers: [] });
  });

  it('pretends to succeed but stores nothing when the spam trap is filled', async () => {
    const title = `สแปม ${newIdempotencyKey()}`;
    const { response } = await post(boardPost.action, '/boardPost', {
      ...topicFields(title),
      website: 'http://spam.example',
    });
    expect(response.status).toBe(303);
    expect(response.headers.get('Location')).toBe('/board');
    expect(response.headers.get('Set-Cookie')).toContain('sahakorn_flash=');
    expect(await topicsTitled(title)).toBe(0);
  });

  it('answers 429 with a Thai message once an address has posted too often, storing nothing', async () => {
    const from = '203.0.113.99';
    for (let i = 0; i < 3; i++) {
      const { response } = await post(boardPost.action, '/boardPost', topicFields(`ชุด ${i} ${from}`), from);
      expect(response.status).toBe(303);
    }
    const title = `เกินโควตา ${newIdempotencyKey()}`;
    const { response, context } = await post(boardPost.action, '/boardPost', topicFields(title), from);
    expect(response.status).toBe(429);
    const { result } = (await response.json()) as { result: { error: Record<string, string[]> } };
    expect(result.error['']).toEqual([BOARD_MESSAGES.tooMany(10)]);
    expect(context.formErrors).toBe(true);
    expect(await topicsTitled(title)).toBe(0);
  });
});

describe('/boardShow/{topicId} action', () => {
  it('stores an answer once per key and redirects to it', async () => {
    const { backend } = await app();
    const [newest] = (await backend.listBoardTopics({ page: 1, pageSize: 1 })).rows;
    if (!newest) throw new Error('no topics');
    const fields = { body: 'ขอบคุณครับ', displayName: 'ผู้ตอบ', formKey: newIdempotencyKey(), website: '' };
    const first = await post(boardShow.action, `/boardShow/${newest.id}`, fields);
    expect(first.response.status).toBe(303);
    const location = first.response.headers.get('Location');
    expect(location).toMatch(new RegExp(`^/boardShow/${newest.id}#answer-\\d+$`));
    const again = await post(boardShow.action, `/boardShow/${newest.id}`, fields);
    expect(again.response.headers.get('Location')).toBe(location);
    const topic = await backend.getBoardTopic(newest.id);
    expect(topic?.answers.filter((a) => a.body === 'ขอบคุณครับ')).toHaveLength(1);
    expect(topic?.answerCount).toBe(newest.answerCount + 1);
  });

  it('answers 404 for a hidden or unknown topic', async () => {
    const fields = { body: 'ก', displayName: 'ข', formKey: newIdempotencyKey() };
    const { db } = await app();
    const hidden = await db.selectFrom('board_topics').select('id').where('hidden', '=', 1).executeTakeFirstOrThrow();
    expect((await post(boardShow.action, `/boardShow/${hidden.id}`, fields)).response.status).toBe(404);
    expect(
      (await post(boardShow.action, '/boardShow/999999', { ...fields, formKey: newIdempotencyKey() })).response.status,
    ).toBe(404);
    expect((await post(boardShow.action, '/boardShow/abc', fields)).response.status).toBe(404);
  });
});

describe('embedded board and demand', () => {
  it('lists visible topics newest first, ten a page, with their answer counts', async () => {
    const { backend, db } = await app();
    const visible = await db.selectFrom('board_topics').select('id').where('hidden', '=', 0).execute();
    const page1 = await backend.listBoardTopics({ page: 1, pageSize: 10 });
    expect(page1.total).toBe(visible.length);
    expect(page1.rows).toHaveLength(10);
    const times = page1.rows.map((r) => r.createdAt.getTime());
    expect([...times].sort((a, b) => b - a)).toEqual(times);
    for (const row of page1.rows) {
      const topic = await backend.getBoardTopic(row.id);
      expect(topic?.answers).toHaveLength(row.answerCount);
    }
    const last = await backend.listBoardTopics({ page: Math.ceil(visible.length / 10), pageSize: 10 });
    expect(last.rows.length).toBe(visible.length % 10 || 10);
  });

  it('never shows a hidden topic or answer', async () => {
    const { backend, db } = await app();
    const hidden = await db.selectFrom('board_topics').select('id').where('hidden', '=', 1).execute();
    expect(hidden.length).toBeGreaterThan(0);
    const all = await backend.listBoardTopics({ page: 1, pageSize: 1000 });
    for (const { id } of hidden) {
      expect(all.rows.some((r) => r.id === id)).toBe(false);
      expect(await backend.getBoardTopic(id)).toBeNull();
    }
    const topic = all.rows.find((r) => r.answerCount > 1);
    if (!topic) throw new Error('no answered topic');
    const before = await backend.getBoardTopic(topic.id);
    const answer = before?.answers[0];
    if (!answer) throw new Error('no answer');
    await db.updateTable('board_answers').set({ hidden: 1 }).where('id', '=', answer.id).execute();
    const after = await backend.getBoardTopic(topic.id);
    expect(after?.answers.map((a) => a.id)).not.toContain(answer.id);
    const listed = (await backend.listBoardTopics({ page: 1, pageSize: 1000 })).rows.find((r) => r.id === topic.id);
    expect(listed?.answerCount).toBe(topic.answerCount - 1);
    await db.updateTable('board_answers').set({ hidden: 0 }).where('id', '=', answer.id).execute();
  });

  it('lists demand items and shows one with its answer; unknown ids are null', async () => {
    const { backend } = await app();
    const list = await backend.listDemandItems({ page: 1, pageSize: 10 });
    expect(list.total).toBeGreaterThanOrEqual(12);
    expect(list.rows).toHaveLength(10);
    const done = (await backend.listDemandItems({ page: 1, pageSize: 100 })).rows.find((d) => d.status === 'done');
    if (!done) throw new Error('no answered item');
    const item = await backend.getDemandItem(done.id);
    expect(item?.answer).toBeTruthy();
    expect(item?.answeredBy).toBeTruthy();
    expect(item?.answeredAt?.getTime()).toBeGreaterThan(item?.askedAt.getTime() ?? Infinity);
    expect(await backend.getDemandItem(999_999)).toBeNull();
  });
});

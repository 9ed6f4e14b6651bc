import type { ActionFunctionArgs, AppLoadContext } from '@remix-run/node';
import { beforeAll, describe, expect, it } from 'vitest';

import { useOwnStore } from '../app-store.test-support';

useOwnStore('board-refusals');

const { app } = await import('../app.server');
const { newIdempotencyKey } = await import('../idempotency.server');
const m = await import('./moderation.server');
const boardPost = await import('~/routes/_info.boardPost');
const boardShow = await import('~/routes/_info.boardShow.$topicId');
// The vendor API's one route (ADR 079): each call goes to the endpoint its path names.
const vendorApi = await import('~/routes/api.$');

const ORIGIN = 'http://coop.test';

/** Calls a route action as Remix does, from the given client address. */
async function call(
  action: (args: ActionFunctionArgs) => Promise<Response>,
  url: string,
  body: URLSearchParams | string,
  clientAddress: string,
  params: Record<string, string> = {},
): Promise<Response> {
  const context: AppLoadContext = { cspNonce: 'n', clientAddress };
  const headers = typeof body === 'string' ? { 'Content-Type': 'application/json' } : undefined;
  const request = new Request(`${ORIGIN}${url}`, { method: 'POST', body, headers });
  try {
    return await action({ request, params, context });
  } catch (error) {
    if (error instanceof Response) return error;
    throw error;
  }
}

/** Calls the vendor API (`/api/...`) with a JSON body, from the given client address. */
const callApi = (url: string, body: Record<string, string>, clientAddress: string) =>
  call(vendorApi.action, url, JSON.stringify(body), clientAddress);

const formErrors = async (response: Response): Promise<string[]> =>
  ((await response.json()) as { result: { error: Record<string, string[]> } }).result.error[''] ?? [];

async function topicsTitled(title: string): Promise<{ id: number; author_key: string | null }[]> {
  const { db } = await app();
  return db.selectFrom('board_topics').select(['id', 'author_key']).where('title', '=', title).execute();
}

// Opening the store seeds the demo data: slow on a busy shared machine.
beforeAll(async () => {
  await app();
}, 120_000);

describe('a blocked address', () => {
  it('cannot post a topic or an answer, on the site or over the API, and is told only that it cannot', async () => {
    const { db } = await app();
    await m.blockAddress(db, { address: '198.51.100.66', reason: 'สแปม', days: 1, by: 'mod' });
    const blocked = '::ffff:198.51.100.66';

    const topic = new URLSearchParams({
      title: 'กระทู้จากที่อยู่ที่ถูกระงับ',
      body: 'ข้อความ',
      displayName: 'ผู้ถูกระงับ',
      formKey: newIdempotencyKey(),
      website: '',
    });
    const site = await call(boardPost.action, '/boardPost', topic, blocked);
    expect(site.status).toBe(403);
    expect(await formErrors(site)).toEqual([m.BLOCKED_MESSAGE]);
    expect(await topicsTitled('กระทู้จากที่อยู่ที่ถูกระงับ')).toEqual([]);

    const api = await callApi(
      '/api/info/board_create',
      { Question: 'กระทู้จากที่อยู่ที่ถูกระงับ', QNote: 'x', QName: 'y' },
      blocked,
    );
    expect(api.status).toBe(403);
    expect(await api.json()).toEqual({ rc_code: '0', rc_des: m.BLOCKED_MESSAGE });
    expect(await topicsTitled('กระทู้จากที่อยู่ที่ถูกระงับ')).toEqual([]);

    const answer = new URLSearchParams({
      body: 'ตอบ',
      displayName: 'ผู้ถูกระงับ',
      formKey: newIdempotencyKey(),
      website: '',
    });
    const reply = await call(boardShow.action, '/boardShow/1', answer, blocked, { topicId: '1' });
    expect(reply.status).toBe(403);
    const apiReply = await callApi('/api/info/board_ans', { QNo: '1', QName: 'y', QNote: 'ตอบ' }, blocked);
    expect(apiReply.status).toBe(403);

    // Another address posts as before, and its topic keeps the key that can block its author.
    topic.set('formKey', newIdempotencyKey());
    const other = await call(boardPost.action, '/boardPost', topic, '198.51.100.67');
    expect(other.status).toBe(303);
    expect(await topicsTitled('กระทู้จากที่อยู่ที่ถูกระงับ')).toEqual([
      { id: expect.any(Number), author_key: m.addressKey('198.51.100.67') },
    ]);
  });
});

describe('a closed topic', () => {
  it('shows no answer form and refuses answers on the site (409) and over the API (409, the envelope)', async () => {
    const { db, backend } = await app();
    const { topicId } = await backend.createBoardTopic(
      { title: 'กระทู้ที่จะปิดรับคำตอบ', body: 'x', displayName: 'y' },
      { idempotencyKey: newIdempotencyKey() },
    );
    const id = String(topicId);
    await m.setTopicClosed(db, Number(id), true);

    const page = await boardShow.loader({
      request: new Request(`${ORIGIN}/boardShow/${id}`),
      params: { topicId: id },
      context: { cspNonce: 'n', clientAddress: '203.0.113.9' },
    });
    expect(((await page.json()) as { closed: boolean }).closed).toBe(true);

    const answer = new URLSearchParams({
      body: 'ตอบหลังปิด',
      displayName: 'ผู้ตอบ',
      formKey: newIdempotencyKey(),
      website: '',
    });
    const site = await call(boardShow.action, `/boardShow/${id}`, answer, '203.0.113.9', { topicId: id });
    expect(site.status).toBe(409);
    expect(await formErrors(site)).toEqual([m.TOPIC_CLOSED_MESSAGE]);

    const api = await callApi('/api/info/board_ans', { QNo: id, QName: 'ผู้ตอบ', QNote: 'ตอบหลังปิด' }, '203.0.113.9');
    expect(api.status).toBe(409);
    expect(await api.json()).toEqual({ rc_code: '0', rc_des: m.TOPIC_CLOSED_MESSAGE });
    expect((await m.getStaffTopic(db, Number(id)))?.answers).toEqual([]);

    // Refused answers were not counted against the address.
    const counted = await db
      .selectFrom('rate_limits')
      .select('count')
      .where('key', '=', 'board:address:203.0.113.9')
      .executeTakeFirst();
    expect(counted?.count ?? 0).toBe(0);
  });
});

import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { cliRunner } from '../app/server/ops/cli.test-support';
import { contentItem } from '../app/server/content/content-item.test-support';
import { testPusherEnv } from '../tests/pusher/env';
import { startTestPusherServer, type TestPusherServer } from '../tests/pusher/test-server';

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'sahakorn-publish-cli-'));
Object.assign(process.env, { DATA_DIR: dataDir, LOG_LEVEL: 'silent' });

const { migrate, openDb } = await import('../app/server/db/index.server');
const { main } = await import('./publish');

const PORT = Number(process.env.PUSHER_TEST_PORT ?? 3712);
const APP = { appId: 'cli-app', key: 'cli-key', secret: 'cli-secret' };
const BASE = { DATA_DIR: dataDir, PUBLIC_URL: 'https://coop.example', LOG_LEVEL: 'silent', SEED_DEMO: '0' };
const PUSH = { ...BASE, ...testPusherEnv(APP, PORT) };
const db = openDb({ dataDir });
let pusher: TestPusherServer;
let no = 0;

const run = cliRunner(main, PUSH);

beforeAll(async () => {
  await migrate(db);
  const category = await db.selectFrom('content_categories').select('code').executeTakeFirst();
  const code = category?.code ?? 'news';
  if (!category) {
    await db
      .insertInto('content_categories')
      .values({ code, description: 'ข่าว', type: 'S', content_type: 'news', status: 1, sort: 1, background: null })
      .execute();
  }
  const inserted = await db
    .insertInto('content_items')
    .values(
      contentItem({
        category: code,
        title: 'ประกาศ  รับสมัคร\nสมาชิก',
        body_html: '<p>เปิดรับสมัคร <b>สมาชิกใหม่</b> &amp; สมทบ</p><script>alert(1)</script>',
        posted_at: Date.now(),
        disabled: 1,
      }),
    )
    .returning('no')
    .executeTakeFirstOrThrow();
  no = inserted.no;
  pusher = await startTestPusherServer({ port: PORT, ...APP });
});

afterAll(async () => {
  await pusher.close();
  await db.destroy();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

describe('npm run publish', () => {
  it('publishes the item and broadcasts desktopNotify with plain text and its number', async () => {
    const result = await run([String(no)]);
    expect(result.err).toBe('');
    expect(result.code).toBe(0);
    expect(result.out).toEqual([`Published https://coop.example/show/${no}`, 'Announced on channel announcements.']);
    const item = await db.selectFrom('content_items').select('disabled').where('no', '=', no).executeTakeFirstOrThrow();
    expect(item.disabled).toBe(0);
    const event = pusher.triggered.at(-1);
    expect(event?.name).toBe('desktopNotify');
    expect(event?.channels).toEqual(['announcements']);
    expect(JSON.parse(event?.data ?? '')).toEqual({
      title: 'ประกาศ รับสมัคร สมาชิก',
      body: 'เปิดรับสมัคร สมาชิกใหม่ & สมทบ',
      url: String(no),
    });
  });

  it('puts the published item in the site search index', async () => {
    await db.deleteFrom('search_documents').where('content_no', '=', no).execute();
    expect((await run([String(no)], BASE)).code).toBe(0);
    const indexed = await db.selectFrom('search_documents').select('content_no').where('content_no', '=', no).execute();
    expect(indexed).toHaveLength(1);
    const terms = await db.selectFrom('search_terms').select('term').where('content_no', '=', no).execute();
    expect(terms.map((t) => t.term)).toContain('สมาชิก');
  });

  it('publishes without broadcasting when notifications are not configured', async () => {
    const before = pusher.triggered.length;
    const result = await run([String(no)], BASE);
    expect(result.code).toBe(0);
    expect(result.err).toMatch(/not configured/);
    expect(pusher.triggered.length).toBe(before);
  });

  it('refuses bad arguments, unknown items, http mode and a failed broadcast', async () => {
    expect((await run([])).code).toBe(2);
    expect((await run(['abc'])).err).toMatch(/Not a content number/);
    expect((await run(['999999'])).err).toBe('No content item 999999.');
    const http = await run([String(no)], { ...PUSH, COOP_BACKEND: 'http', COOP_API_URL: 'https://core.example/' });
    expect(http.code).toBe(1);
    expect(http.err).toMatch(/core system/);
    const wrong = await run([String(no)], { ...PUSH, PUSHER_SECRET: 'wrong' });
    expect(wrong.code).toBe(1);
    expect(wrong.err).toMatch(/announcement failed/);
  });
});

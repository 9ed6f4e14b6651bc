import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { dropDatabase, freshDatabase } from '../../../scripts/instances.mjs';
import { contentItem } from '../content/content-item.test-support';
import type { Db } from '../db/index.server';

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'sahakorn-dashboard-'));
Object.assign(process.env, { DATA_DIR: dataDir, LOG_LEVEL: 'silent' });

const { migrate, openDb } = await import('../db/index.server');
const { recordAudit } = await import('../audit.server');
const d = await import('./dashboard.server');

const LIMITS = { LOGIN_MAX_FAILURES_PER_MEMBER: 5, LOGIN_MEMBER_BACKOFF_FAILURES: 10 };

describe('Bangkok days and months', () => {
  it('starts a day and a month at 00:00 in Bangkok (17:00 UTC the day before)', () => {
    // 1 Dec 2026 06:30 in Bangkok is 30 Nov 23:30 UTC.
    const now = Date.UTC(2026, 10, 30, 23, 30);
    expect(new Date(d.bangkokDayStart(now)).toISOString()).toBe('2026-11-30T17:00:00.000Z');
    expect(new Date(d.bangkokMonth(now).start).toISOString()).toBe('2026-11-30T17:00:00.000Z');
    expect(new Date(d.bangkokMonth(now).next).toISOString()).toBe('2026-12-31T17:00:00.000Z');
    expect(new Date(d.bangkokMonth(Date.UTC(2026, 10, 30, 16, 59)).start).toISOString()).toBe(
      '2026-10-31T17:00:00.000Z',
    );
  });
});

const PG = process.env.TEST_DATABASE_URL;

describe.each([['SQLite'], ...(PG ? [['PostgreSQL']] : [])])('the dashboard numbers on %s', (store) => {
  let db: Db;

  beforeAll(async () => {
    const databaseUrl = store === 'PostgreSQL' ? await freshDatabase(PG ?? '', 'dashboard') : undefined;
    db = openDb({ dataDir: fs.mkdtempSync(path.join(dataDir, 'db-')), databaseUrl });
    await migrate(db);
  });

  afterAll(async () => {
    await db.destroy();
    if (store === 'PostgreSQL') await dropDatabase(PG ?? '', 'dashboard');
  });

  it('counts the posts no moderator has seen', async () => {
    const before = await d.postsWaiting(db);
    const now = Date.now();
    const topic = await db
      .insertInto('board_topics')
      .values({ title: 'รอตรวจ', body: 'x', display_name: 'ก', created_at: now, hidden: 0 })
      .returning('id')
      .executeTakeFirstOrThrow();
    await db
      .insertInto('board_answers')
      .values({ topic_id: topic.id, body: 'y', display_name: 'ข', created_at: now, hidden: 0, staff: 0 })
      .execute();
    await db
      .insertInto('board_topics')
      .values({ title: 'ตรวจแล้ว', body: 'x', display_name: 'ก', created_at: now, hidden: 0, reviewed_at: now })
      .execute();
    expect(await d.postsWaiting(db)).toBe(before + 2);
  });

  it('counts published items dated this Bangkok month up to now, not drafts, last month or later', async () => {
    const now = Date.UTC(2026, 10, 15, 5);
    const before = await d.publishedThisMonth(db, now);
    await db
      .insertInto('content_categories')
      .values({
        code: 'dash',
        description: 'ข่าว',
        type: 'S',
        content_type: 'news',
        status: 1,
        sort: 1,
        background: null,
      })
      .onConflict((oc) => oc.column('code').doNothing())
      .execute();
    const item = (posted_at: number, disabled: number, title: string) =>
      contentItem({ category: 'dash', title, body_html: '<p>x</p>', posted_at, disabled });
    await db
      .insertInto('content_items')
      .values([
        item(Date.UTC(2026, 10, 2), 0, 'เดือนนี้'),
        item(Date.UTC(2026, 9, 31, 17), 0, 'ต้นเดือนตามเวลาไทย'),
        item(Date.UTC(2026, 9, 31, 16), 0, 'เดือนก่อน'),
        item(Date.UTC(2026, 10, 3), 1, 'ฉบับร่าง'),
        item(Date.UTC(2026, 10, 20), 0, 'ตั้งเวลาไว้'),
      ])
      .execute();
    expect(await d.publishedThisMonth(db, now)).toBe(before + 2);
  });

  it('lists the members whose sign-in is locked now, by back-off or by failures from one address', async () => {
    const now = Date.now();
    await db
      .insertInto('rate_limits')
      .values([
        { key: 'login:backoff:000101', count: 10, reset_at: now + 60_000 },
        { key: 'login:backoff:000102', count: 9, reset_at: now + 60_000 },
        { key: 'login:pair:000103:203.0.113.9', count: 5, reset_at: now + 30_000 },
        { key: 'login:pair:000103:203.0.113.10', count: 6, reset_at: now + 90_000 },
        { key: 'login:pair:000104:203.0.113.9', count: 4, reset_at: now + 60_000 },
        { key: 'login:backoff:000105', count: 12, reset_at: now - 1 },
        { key: 'login:address:203.0.113.9', count: 50, reset_at: now + 60_000 },
      ])
      .execute();
    expect(await d.lockedMembers(db, LIMITS, now)).toEqual([
      { membershipNo: '000101', until: now + 60_000 },
      { membershipNo: '000103', until: now + 90_000 },
    ]);
  });

  it("counts today's member sign-ins from the audit log", async () => {
    const now = Date.now();
    const before = await d.signInsToday(db, now);
    await recordAudit(db, 'login_success', { membershipNo: '000101' });
    await recordAudit(db, 'login_success', { membershipNo: '000102', detail: 'api' });
    await recordAudit(db, 'login_failure', { membershipNo: '000103' });
    await recordAudit(db, 'staff_login_success', { actor: 'admin1' });
    expect(await d.signInsToday(db, Date.now())).toBe(before + 2);
    expect(await d.signInsToday(db, now + 24 * 3_600_000)).toBe(0);
  });
});

import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { dropDatabase, freshDatabase } from '../../../scripts/instances.mjs';

// A secret of its own, set before the modules read the environment (the address keys are keyed with it).
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'sahakorn-moderation-'));
Object.assign(process.env, {
  DATA_DIR: dataDir,
  SESSION_SECRET: 'moderation-test-secret-0123456789abcdef',
  LOG_LEVEL: 'silent',
});

const { migrate, openDb } = await import('../db/index.server');
const { createBoardFeeds } = await import('../coop/embedded-board.server');
const { BoardTopicClosedError } = await import('../coop/types');
const { newIdempotencyKey } = await import('../idempotency.server');
const m = await import('./moderation.server');

type Db = Awaited<ReturnType<typeof openDb>>;

afterAll(() => {
  fs.rmSync(dataDir, { recursive: true, force: true });
});

describe('addresses', () => {
  it('gives one key to every spelling of an address, and none to what is not an address', () => {
    const v4 = m.addressKey('203.0.113.5');
    expect(v4).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(m.addressKey('::ffff:203.0.113.5')).toBe(v4);
    expect(m.addressKey(' 203.0.113.5 ')).toBe(v4);
    expect(m.addressKey('::ffff:cb00:7105')).toBe(v4);
    expect(m.addressKey('203.0.113.6')).not.toBe(v4);
    expect(m.addressKey('2001:DB8:0:0:0:0:0:1')).toBe(m.addressKey('2001:db8::1'));
    expect(m.addressKey('[2001:db8::1]')).toBe(m.addressKey('2001:db8::1'));
    for (const junk of ['', null, undefined, 'unknown', '203.0.113', '1.2.3.4.5', 'example.com'])
      expect(m.addressKey(junk)).toBeNull();
  });

  it('shows moderators only the network part of an address they typed', () => {
    expect(m.maskAddress('203.0.113.5')).toBe('203.0.113.*');
    expect(m.maskAddress('2001:db8:1::1')).toBe('2001:db8:1:*');
  });
});

const PG = process.env.TEST_DATABASE_URL;
describe.each([['SQLite'], ...(PG ? [['PostgreSQL']] : [])])('moderation on %s', (store) => {
  let db: Db;
  let clock = Date.UTC(2026, 10, 1);
  const now = () => clock;
  let feeds: ReturnType<typeof createBoardFeeds>;

  beforeAll(async () => {
    const databaseUrl = store === 'PostgreSQL' ? await freshDatabase(PG ?? '', 'moderation') : undefined;
    db = openDb({ dataDir: fs.mkdtempSync(path.join(dataDir, 'db-')), databaseUrl });
    await migrate(db);
    feeds = createBoardFeeds(db, now);
  });

  afterAll(async () => {
    await db.destroy();
    if (store === 'PostgreSQL') await dropDatabase(PG ?? '', 'moderation');
  });

  async function topic(title: string, address = '198.51.100.1') {
    clock += 1000;
    const posted = await feeds.createBoardTopic(
      { title, body: `${title} รายละเอียด`, displayName: 'ผู้ถาม' },
      { idempotencyKey: newIdempotencyKey(), authorKey: m.addressKey(address) },
    );
    return posted.topicId ?? 0;
  }

  async function answer(topicId: number, body: string, address = '198.51.100.2') {
    clock += 1000;
    const posted = await feeds.createBoardAnswer(
      topicId,
      { body, displayName: 'ผู้ตอบ' },
      { idempotencyKey: newIdempotencyKey(), authorKey: m.addressKey(address) },
    );
    return posted?.answerId ?? 0;
  }

  it('queues new topics and answers newest first (oldest first on request), pages them, and takes a reviewed one out once', async () => {
    const first = await topic('คิวกระทู้แรก');
    const reply = await answer(first, 'คิวคำตอบ');
    const second = await topic('คิวกระทู้ที่สอง');
    const queue = await m.listQueue(db, 1, 'oldest');
    expect(queue.total).toBe(3);
    expect(queue.rows.map((r) => [r.kind, r.id, r.topicId, r.topicTitle])).toEqual([
      ['topic', first, first, 'คิวกระทู้แรก'],
      ['answer', reply, first, 'คิวกระทู้แรก'],
      ['topic', second, second, 'คิวกระทู้ที่สอง'],
    ]);
    expect(queue.rows[1]?.body).toBe('คิวคำตอบ');
    // By default what arrived last is on page 1, first.
    expect((await m.listQueue(db, 1)).rows.map((r) => [r.kind, r.id])).toEqual([
      ['topic', second],
      ['answer', reply],
      ['topic', first],
    ]);

    // Two moderators press "seen" at once: one of them did it.
    const both = await Promise.all([m.markReviewed(db, 'answer', reply), m.markReviewed(db, 'answer', reply)]);
    expect(both.filter(Boolean)).toHaveLength(1);
    expect(await m.markReviewed(db, 'topic', first)).toBe(true);
    expect(await m.markReviewed(db, 'topic', second)).toBe(true);
    expect((await m.listQueue(db, 1)).total).toBe(0);
  });

  it('pages the queue by QUEUE_PAGE_SIZE', async () => {
    const ids = [];
    for (let i = 0; i < m.QUEUE_PAGE_SIZE + 2; i++) ids.push(await topic(`หน้าคิว ${i}`));
    const [one, two] = [await m.listQueue(db, 1, 'oldest'), await m.listQueue(db, 2, 'oldest')];
    expect(one.total).toBe(m.QUEUE_PAGE_SIZE + 2);
    expect(one.rows).toHaveLength(m.QUEUE_PAGE_SIZE);
    expect(two.rows.map((r) => r.id)).toEqual(ids.slice(m.QUEUE_PAGE_SIZE));
    // Newest first: the two newest open page 1, the oldest two are on page 2.
    expect((await m.listQueue(db, 1)).rows.slice(0, 2).map((r) => r.id)).toEqual(ids.slice(-2).reverse());
    expect((await m.listQueue(db, 2)).rows.map((r) => r.id)).toEqual(ids.slice(0, 2).reverse());
    for (const id of ids) await m.markReviewed(db, 'topic', id);
  });

  it('hides a topic from the public list and page, with its reason, and restores it', async () => {
    const id = await topic('กระทู้ที่จะซ่อน');
    expect((await feeds.listBoardTopics({ page: 1, pageSize: 100 })).rows.map((t) => t.id)).toContain(id);

    const twice = await Promise.all([
      m.setPostHidden(db, { kind: 'topic', id, hidden: true, reason: 'สแปม' }),
      m.setPostHidden(db, { kind: 'topic', id, hidden: true, reason: 'สแปม' }),
    ]);
    expect(twice.sort()).toEqual(['done', 'unchanged']);
    expect((await feeds.listBoardTopics({ page: 1, pageSize: 100 })).rows.map((t) => t.id)).not.toContain(id);
    expect(await feeds.getBoardTopic(id)).toBeNull();
    const staff = await m.getStaffTopic(db, id);
    expect(staff).toMatchObject({ hidden: true, hiddenReason: 'สแปม', reviewed: true, traceable: true });
    // A hidden topic cannot be answered.
    expect(
      await feeds.createBoardAnswer(id, { body: 'x', displayName: 'y' }, { idempotencyKey: newIdempotencyKey() }),
    ).toBeNull();

    expect(await m.setPostHidden(db, { kind: 'topic', id, hidden: false, reason: 'ตรวจแล้วไม่ผิด' })).toBe('done');
    expect((await feeds.getBoardTopic(id))?.title).toBe('กระทู้ที่จะซ่อน');
    expect((await m.getStaffTopic(db, id))?.hiddenReason).toBeNull();
    expect(await m.setPostHidden(db, { kind: 'topic', id: 999_999, hidden: true, reason: 'x' })).toBe('missing');
  });

  it('hides one answer: the topic shows and counts the others', async () => {
    const id = await topic('กระทู้มีคำตอบ');
    const keep = await answer(id, 'คำตอบที่ดี');
    const drop = await answer(id, 'คำตอบสแปม');
    expect(await m.setPostHidden(db, { kind: 'answer', id: drop, hidden: true, reason: 'โฆษณา' })).toBe('done');
    const shown = await feeds.getBoardTopic(id);
    expect(shown?.answers.map((a) => a.id)).toEqual([keep]);
    const listed = (await feeds.listBoardTopics({ page: 1, pageSize: 100 })).rows.find((t) => t.id === id);
    expect(listed?.answerCount).toBe(1);
    expect((await m.getStaffTopic(db, id))?.answers.map((a) => [a.id, a.hidden])).toEqual([
      [keep, false],
      [drop, true],
    ]);
    expect(await m.setPostHidden(db, { kind: 'answer', id: drop, hidden: false, reason: 'คืน' })).toBe('done');
    expect((await feeds.getBoardTopic(id))?.answers).toHaveLength(2);
  });

  it('closes a topic: a visitor’s answer is refused in its transaction, the key stays unused; reopening allows it', async () => {
    const id = await topic('กระทู้ที่จะปิด');
    expect(await m.setTopicClosed(db, id, true)).toBe('done');
    expect(await m.setTopicClosed(db, id, true)).toBe('unchanged');
    expect((await feeds.getBoardTopic(id))?.closed).toBe(true);
    const key = newIdempotencyKey();
    await expect(
      feeds.createBoardAnswer(id, { body: 'ตอบหลังปิด', displayName: 'ผู้ตอบ' }, { idempotencyKey: key }),
    ).rejects.toBeInstanceOf(BoardTopicClosedError);
    expect((await m.getStaffTopic(db, id))?.answers).toHaveLength(0);

    expect(await m.setTopicClosed(db, id, false)).toBe('done');
    expect((await feeds.getBoardTopic(id))?.closed).toBe(false);
    const posted = await feeds.createBoardAnswer(
      id,
      { body: 'ตอบหลังเปิด', displayName: 'ผู้ตอบ' },
      { idempotencyKey: key },
    );
    expect(posted).toMatchObject({ topicId: id, replayed: false });
    expect(await m.setTopicClosed(db, 999_999, true)).toBe('missing');
  });

  it('posts the cooperative’s answer as staff, seen already, even on a closed topic', async () => {
    const id = await topic('คำถามถึงสหกรณ์');
    await m.markReviewed(db, 'topic', id);
    await m.setTopicClosed(db, id, true);
    const answerId = await m.postOfficialAnswer(db, { topicId: id, body: 'สหกรณ์ตอบแล้ว', displayName: 'ฝ่ายสินเชื่อ' });
    expect(answerId).toEqual(expect.any(Number));
    const shown = await feeds.getBoardTopic(id);
    expect(shown?.answers).toEqual([expect.objectContaining({ id: answerId, staff: true, displayName: 'ฝ่ายสินเชื่อ' })]);
    expect((await m.listQueue(db, 1)).rows.filter((r) => r.topicId === id)).toEqual([]);
    expect(await m.postOfficialAnswer(db, { topicId: 999_999, body: 'x', displayName: 'y' })).toBeNull();
  });

  it('blocks a typed address until it expires, in every spelling, and lists the running blocks', async () => {
    const t0 = Date.UTC(2026, 10, 10);
    const added = await m.blockAddress(db, { address: '::ffff:192.0.2.44', reason: 'สแปมซ้ำ', days: 7, by: 'mod1' }, t0);
    expect(added).toMatchObject({ ok: true, label: '192.0.2.*' });
    expect(await m.isAddressBlocked(db, '192.0.2.44', t0 + 1)).toBe(true);
    expect(await m.isAddressBlocked(db, '192.0.2.45', t0 + 1)).toBe(false);
    expect(await m.isAddressBlocked(db, null, t0 + 1)).toBe(false);
    expect(await m.isAddressBlocked(db, '192.0.2.44', t0 + 7 * 86_400_000)).toBe(false);
    expect(await m.blockAddress(db, { address: 'not-an-address', reason: 'x', days: 1, by: 'mod1' }, t0)).toEqual({
      ok: false,
      reason: 'bad-address',
    });
    // No address is stored: only the key and the masked label.
    const rows = await db.selectFrom('board_blocks').selectAll().execute();
    expect(JSON.stringify(rows)).not.toContain('192.0.2.44');

    // Blocking again renews (one row) with the new reason and expiry.
    await m.blockAddress(db, { address: '192.0.2.44', reason: 'ยังสแปม', days: 30, by: 'mod2' }, t0 + 1000);
    const listed = await m.listBlocks(db, 1, t0 + 8 * 86_400_000);
    expect(listed.rows).toEqual([expect.objectContaining({ label: '192.0.2.*', reason: 'ยังสแปม', createdBy: 'mod2' })]);
    const key = listed.rows[0]?.addressKey ?? '';
    expect(await m.removeBlock(db, key)).toMatchObject({ label: '192.0.2.*' });
    expect(await m.removeBlock(db, key)).toBeNull();
    expect(await m.isAddressBlocked(db, '192.0.2.44', t0 + 2000)).toBe(false);
  });

  it('blocks the author of a post by the key the post kept, without knowing the address', async () => {
    const id = await topic('กระทู้ของผู้ก่อกวน', '203.0.113.77');
    const reply = await answer(id, 'ความเห็นของผู้ก่อกวน', '2001:db8::77');
    const t0 = clock;
    expect(await m.blockAuthorOf(db, { kind: 'topic', id, reason: 'ก่อกวน', days: 1, by: 'mod1' }, t0)).toMatchObject({
      ok: true,
      label: `ผู้ตั้งกระทู้ #${id}`,
    });
    expect(
      await m.blockAuthorOf(db, { kind: 'answer', id: reply, reason: 'ก่อกวน', days: 1, by: 'mod1' }, t0),
    ).toMatchObject({
      ok: true,
    });
    expect(await m.isAddressBlocked(db, '203.0.113.77', t0 + 1)).toBe(true);
    expect(await m.isAddressBlocked(db, '2001:DB8:0::77', t0 + 1)).toBe(true);
    expect(await m.isAddressBlocked(db, '198.51.100.1', t0 + 1)).toBe(false);

    // A post stored without an address (an unknown client) cannot be traced.
    clock += 1000;
    const anonymous = await feeds.createBoardTopic(
      { title: 'ไม่ทราบที่อยู่', body: 'x', displayName: 'y' },
      { idempotencyKey: newIdempotencyKey() },
    );
    expect(
      await m.blockAuthorOf(db, { kind: 'topic', id: anonymous.topicId ?? 0, reason: 'x', days: 1, by: 'mod1' }, t0),
    ).toEqual({ ok: false, reason: 'no-author' });
  });

  it('hides and restores a demand item and records the cooperative’s answer', async () => {
    const inserted = await db
      .insertInto('demand_items')
      .values({
        question: 'ขอเพิ่มวงเงินกู้',
        detail: 'รายละเอียด',
        asker_name: 'ผู้แทนหน่วย',
        asked_at: clock,
        status: 'received',
        hidden: 0,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    const id = inserted.id;
    expect(await m.setDemandHidden(db, { id, hidden: true, reason: 'ซ้ำ' })).toBe('done');
    expect(await feeds.getDemandItem(id)).toBeNull();
    expect((await feeds.listDemandItems({ page: 1, pageSize: 100 })).rows.map((d) => d.id)).not.toContain(id);
    expect((await m.getStaffDemand(db, id))?.hiddenReason).toBe('ซ้ำ');
    expect(await m.setDemandHidden(db, { id, hidden: false, reason: 'คืน' })).toBe('done');
    expect(
      await m.answerDemand(db, { id, answer: 'กำลังพิจารณา', answeredBy: 'ฝ่ายสินเชื่อ', status: 'in_progress' }, clock),
    ).toBe(true);
    expect(await feeds.getDemandItem(id)).toMatchObject({
      answer: 'กำลังพิจารณา',
      answeredBy: 'ฝ่ายสินเชื่อ',
      status: 'in_progress',
    });
    expect((await m.listStaffDemand(db, 1)).rows.map((d) => d.id)).toContain(id);
    expect(await m.answerDemand(db, { id: 999_999, answer: 'x', answeredBy: 'y', status: 'done' })).toBe(false);
  });

  it('lists every topic for staff, hidden and closed ones marked', async () => {
    const id = await topic('รายการของเจ้าหน้าที่');
    await m.setPostHidden(db, { kind: 'topic', id, hidden: true, reason: 'x' });
    await m.setTopicClosed(db, id, true);
    const listed = await m.listStaffTopics(db, 1);
    expect(listed.rows[0]).toMatchObject({ id, hidden: true, closed: true, title: 'รายการของเจ้าหน้าที่' });
  });

  it('searches the staff topics by title or author, narrows them by state and sorts them', async () => {
    const tag = `ค้นหา${Date.now() % 100000}`;
    const older = await topic(`${tag} เก่า`);
    const newer = await topic(`${tag} ใหม่`);
    await answer(older, 'ความเห็นหนึ่ง');
    await m.setPostHidden(db, { kind: 'topic', id: newer, hidden: true, reason: 'x' });
    const ids = async (query: Parameters<typeof m.listStaffTopics>[2]) =>
      (await m.listStaffTopics(db, 1, query)).rows.map((r) => r.id);
    expect(await ids({ q: tag })).toEqual([newer, older]);
    expect(await ids({ q: tag, sort: 'oldest' })).toEqual([older, newer]);
    expect(await ids({ q: tag, sort: 'answers' })).toEqual([older, newer]);
    expect(await ids({ q: tag, state: 'hidden' })).toEqual([newer]);
    expect(await ids({ q: tag, state: 'shown' })).toEqual([older]);
    expect((await m.listStaffTopics(db, 1, { q: tag })).total).toBe(2);
    // The wildcards a moderator types are letters, not patterns.
    expect(await ids({ q: `${tag}%` })).toEqual([]);
    expect(await ids({ q: '_' })).toEqual([]);
  });
});

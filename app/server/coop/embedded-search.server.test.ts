import { beforeAll, describe, expect, it } from 'vitest';

import type { Db } from '~/server/db/index.server';
import { contentItem } from '~/server/content/content-item.test-support';
import { scratchStore } from '~/server/db-instances.test-support';

import {
  SEARCH_INDEX_META_KEY,
  createSearchFeed,
  ensureSearchIndex,
  indexContentItem,
  rebuildSearchIndex,
  searchIndexVersion,
} from './embedded-search.server';
import { SEARCH_RESULT_LIMIT } from './types';

const openStore = scratchStore('search');
let db: Db;
const search = (q: string) => createSearchFeed(db).searchContent(q);
const numbers = async (q: string) => (await search(q)).hits.map((h) => h.no);

const DAY = 86_400_000;
const item = (no: number, category: string, title: string, body_html: string, daysAgo = 1, disabled = 0) =>
  contentItem({ no, category, title, body_html, posted_at: Date.UTC(2025, 5, 1) - daysAgo * DAY, disabled });

beforeAll(async () => {
  // SQLite by default; with TEST_DATABASE_URL=postgres://… the same on PostgreSQL (`<db>_search`).
  db = await openStore();
  await db
    .insertInto('content_categories')
    .values([
      { code: 'news_relations', description: 'ข่าวประชาสัมพันธ์', type: 'M', content_type: 'content', status: 1, sort: 1 },
      { code: 'hidden_cat', description: 'ปิดอยู่', type: 'M', content_type: 'content', status: 0, sort: 2 },
      { code: 'policy', description: 'นโยบาย', type: 'A', content_type: 'content', status: 1, sort: 3 },
    ])
    .execute();
  await db
    .insertInto('content_items')
    .values([
      item(1, 'news_relations', 'ประกาศจ่ายเงินปันผลประจำปี', '<p>สหกรณ์ฯ จ่ายเงินปันผลร้อยละ 5</p>', 10),
      item(2, 'news_relations', 'ประชุมใหญ่สามัญประจำปี', '<p>วาระพิจารณาการจ่ายเงินปันผลและเงินเฉลี่ยคืน</p>', 5),
      item(3, 'news_relations', 'อัตราดอกเบี้ยเงินฝาก', '<p>ดอกเบี้ยเงินฝากออมทรัพย์ 100% ตามประกาศ</p>', 3),
      item(4, 'hidden_cat', 'เงินปันผลในหมวดที่ปิด', '<p>ไม่แสดง</p>'),
      item(5, 'news_relations', 'เงินปันผลที่ซ่อนไว้', '<p>ไม่แสดง</p>', 1, 1),
      item(6, 'policy', 'นโยบายเงินปันผล', '<p>ข้อความนโยบาย</p>'),
      item(7, 'news_relations', 'ข่าว <script>alert(1)</script>', '<p>เนื้อหา &amp; ข่าว</p>', 2),
    ])
    .execute();
  await rebuildSearchIndex(db);
});

describe('embedded site search', () => {
  it('finds a Thai word inside unspaced text, title matches first', async () => {
    const result = await search('เงินปันผล');
    expect(result.found).toBe(true);
    expect(result.hits.map((h) => h.no)).toEqual([1, 2]);
    expect(result.total).toBe(2);
    const [first, second] = result.hits;
    expect(first).toMatchObject({ question: 'ประกาศจ่ายเงินปันผลประจำปี', note: 'สหกรณ์ฯ จ่ายเงินปันผลร้อยละ 5', findNote: 1 });
    expect(second?.findNote).toBe(1);
  });

  it('leaves out disabled items, closed categories and administrative texts', async () => {
    const all = await numbers('เงินปันผล');
    for (const hidden of [4, 5, 6]) expect(all).not.toContain(hidden);
  });

  it('needs every word of the query', async () => {
    expect(await numbers('เงินปันผล ดอกเบี้ย')).toEqual([]);
    expect(await numbers('ดอกเบี้ยเงินฝาก')).toEqual([3]);
  });

  it('falls back to substrings for words the segmenter splits differently', async () => {
    // 'สหกรณ์ฯ' is stored as สห | กรณ์ฯ, and 'ปันผ' is no word at all.
    expect(await numbers('สหกรณ์')).toEqual([1]);
    expect(await numbers('ปันผ')).toEqual([1, 2]);
  });

  it('treats LIKE wildcards in the query literally', async () => {
    expect(await numbers('%')).toEqual([3]);
    expect(await numbers('_')).toEqual([]);
  });

  it('says not found with the recommended menu', async () => {
    const result = await search('ไม่มีคำนี้แน่นอน');
    expect(result).toMatchObject({ found: false, total: 0, hits: [] });
    expect(result.recommended[0]).toEqual({ question: 'ข่าวประชาสัมพันธ์', note: '/list/news' });
    expect(result.recommended.map((r) => r.note)).toContain('/member/logon');
  });

  it('stores titles and bodies as plain text', async () => {
    const [hit] = (await search('เนื้อหา')).hits;
    expect(hit).toMatchObject({ no: 7, question: 'ข่าว <script>alert(1)</script>', note: 'เนื้อหา & ข่าว' });
  });

  it('indexes a published, edited or deleted item incrementally', async () => {
    await db
      .insertInto('content_items')
      .values(item(8, 'news_relations', 'สวัสดิการทุนการศึกษาบุตร', '<p>ยื่นเอกสาร</p>'))
      .execute();
    expect(await numbers('ทุนการศึกษา')).toEqual([]);
    await indexContentItem(db, 8);
    expect(await numbers('ทุนการศึกษา')).toEqual([8]);

    await db.updateTable('content_items').set({ title: 'สวัสดิการค่ารักษาพยาบาล' }).where('no', '=', 8).execute();
    await indexContentItem(db, 8);
    expect(await numbers('ทุนการศึกษา')).toEqual([]);
    expect(await numbers('รักษาพยาบาล')).toEqual([8]);

    // Deleting the item takes its index rows with it (ON DELETE CASCADE); re-indexing is harmless.
    await db.deleteFrom('content_items').where('no', '=', 8).execute();
    expect(await db.selectFrom('search_terms').select('term').where('content_no', '=', 8).execute()).toEqual([]);
    await indexContentItem(db, 8);
    expect(await numbers('รักษาพยาบาล')).toEqual([]);
  });

  it('answers one page of the hits at a time, with the total of all', async () => {
    const nos = Array.from({ length: 25 }, (_, i) => 100 + i);
    await db
      .insertInto('content_items')
      .values(nos.map((no, i) => item(no, 'news_relations', `ประกาศรับสมัครอบรมรุ่นที่ ${i + 1}`, '<p>อบรม</p>', i)))
      .execute();
    for (const no of nos) await indexContentItem(db, no);
    const feed = createSearchFeed(db);
    const first = await feed.searchContent('อบรม', 1);
    const second = await feed.searchContent('อบรม', 2);
    expect(first.total).toBe(25);
    expect(first.hits).toHaveLength(SEARCH_RESULT_LIMIT);
    expect(second.total).toBe(25);
    expect(second.hits).toHaveLength(5);
    expect(new Set([...first.hits, ...second.hits].map((h) => h.no))).toEqual(new Set(nos));
    expect((await feed.searchContent('อบรม', 3)).hits).toEqual([]);
    await db.deleteFrom('content_items').where('no', 'in', nos).execute();
  });

  it('rebuilds at start-up only when the version or the item count changed', async () => {
    expect(await ensureSearchIndex(db)).toBe(false);
    await db.updateTable('meta').set({ value: 'old' }).where('key', '=', SEARCH_INDEX_META_KEY).execute();
    expect(await ensureSearchIndex(db)).toBe(true);
    const meta = await db
      .selectFrom('meta')
      .select('value')
      .where('key', '=', SEARCH_INDEX_META_KEY)
      .executeTakeFirst();
    expect(meta?.value).toBe(searchIndexVersion());

    await db
      .insertInto('content_items')
      .values(item(9, 'news_relations', 'นำเข้าโดยตรง', '<p>ข้อมูลนำเข้า</p>'))
      .execute();
    expect(await ensureSearchIndex(db)).toBe(true);
    expect(await numbers('นำเข้า')).toEqual([9]);
  });
});

import { beforeAll, describe, expect, it } from 'vitest';

import type { Db } from '../db/index.server';
import { demoSqlite } from '../db-instances.test-support';
import { MISSING_COVER, MISSING_COVER_TITLE, REFUSED_COVER, REFUSED_COVER_TITLE } from '../seed/content-build';
import { demoPdf } from '../seed/content-media';
import { DEMO_CONTENT_NO } from '../seed/demo.server';
import { createEmbeddedBackend } from './embedded.server';
import type { CoopBackend } from './types';

const NOW = new Date('2025-06-15T03:00:00.000Z');
const openDemo = demoSqlite('content', { members: 20, seed: 7, now: NOW });
let db: Db;
let backend: CoopBackend;

beforeAll(async () => {
  db = await openDemo();
  backend = createEmbeddedBackend(db, () => NOW.getTime());
});

/** The categories of spec §2 and the issue, with the default picture each uses. */
const SPEC_CATEGORIES: Record<string, string> = {
  news: 'news',
  club: 'activity',
  order: 'rule',
  rules: 'rule',
  overall_operation: 'achievement',
  coop_investment: 'news',
  coop_order: 'rule',
  coop_act: 'rule',
  welfare: 'news',
  notice: 'notice',
  'activity-gallary': 'activity',
  video: 'news',
  bussiness_report: 'achievement',
  bussiness_report_monthy: 'achievement',
  download: 'download',
  'services-loan': 'news',
  scholarship: 'school',
  achievement: 'achievement',
  report_center: 'achievement',
  newsletter: 'letters',
};

/** Categories with enough items for a second page. */
const PAGED = [
  'news',
  'news_activity',
  'club',
  'notice',
  'order',
  'rules',
  'download',
  'activity-gallary',
  'bussiness_report_monthy',
  'newsletter',
];

describe('demo content', () => {
  it('has every category of the spec, with its default picture, and a background for the listed ones', async () => {
    const rows = await db.selectFrom('content_categories').selectAll().execute();
    const byCode = new Map(rows.map((r) => [r.code, r]));
    for (const [code, picture] of Object.entries(SPEC_CATEGORIES)) {
      expect(byCode.get(code)?.default_image, code).toBe(picture);
    }
    const withBackground = rows.filter((r) => r.background).map((r) => r.code);
    expect(withBackground.sort()).toEqual(
      Object.keys(SPEC_CATEGORIES)
        .filter((c) => !['services-loan', 'scholarship', 'achievement', 'report_center', 'newsletter'].includes(c))
        .sort(),
    );
  });

  it('gives paged categories at least 12 items and every listed category at least 2', async () => {
    for (const code of Object.keys(SPEC_CATEGORIES)) {
      const page = await backend.getTopicPage(code, { page: 1, pageSize: 10 });
      expect(page?.items.total, code).toBeGreaterThanOrEqual(PAGED.includes(code) ? 12 : 2);
    }
  });

  it('posts nothing in the future and numbers items by date', async () => {
    const items = await db
      .selectFrom('content_items')
      .select(['no', 'posted_at'])
      .where('no', '>=', DEMO_CONTENT_NO.firstItem)
      .orderBy('no')
      .execute();
    expect(items.every((i) => i.posted_at <= NOW.getTime())).toBe(true);
    for (let i = 1; i < items.length; i++) {
      expect(items[i]?.posted_at).toBeGreaterThanOrEqual(items[i - 1]?.posted_at ?? 0);
    }
  });

  it('gives attachments the size of the demo file', async () => {
    const rows = await db.selectFrom('content_attachments').selectAll().execute();
    expect(rows.length).toBeGreaterThan(50);
    for (const row of rows) expect(row.size_bytes, row.file).toBe(demoPdf(row.file).length);
  });

  it('includes one cover of a refused type and one missing cover', async () => {
    const refused = await db.selectFrom('content_items').selectAll().where('title', '=', REFUSED_COVER_TITLE).execute();
    const missing = await db.selectFrom('content_items').selectAll().where('title', '=', MISSING_COVER_TITLE).execute();
    expect(refused.map((r) => r.cover_image)).toEqual([REFUSED_COVER]);
    expect(missing.map((r) => r.cover_image)).toEqual([MISSING_COVER]);
  });
});

describe('getTopicPage', () => {
  it('pages a topic newest first, 10 per page', async () => {
    const first = await backend.getTopicPage('news', { page: 1, pageSize: 10 });
    const second = await backend.getTopicPage('news', { page: 2, pageSize: 10 });
    expect(first?.category).toMatchObject({
      code: 'news',
      label: 'ข่าวประชาสัมพันธ์',
      background: 'news',
      defaultImage: 'news',
    });
    expect(first?.items.rows).toHaveLength(10);
    const total = first?.items.total ?? 0;
    expect(second?.items.rows).toHaveLength(total - 10);
    const all = [...(first?.items.rows ?? []), ...(second?.items.rows ?? [])];
    expect(new Set(all.map((r) => r.no)).size).toBe(total);
    const times = all.map((r) => r.postedAt.getTime());
    expect(times).toEqual([...times].sort((a, b) => b - a));
    expect(all.every((r) => r.category === 'news' && r.bodyHtml.startsWith('<p>'))).toBe(true);
  });

  it('answers an empty page past the end (the route turns it into 404)', async () => {
    const page = await backend.getTopicPage('news', { page: 99, pageSize: 10 });
    expect(page?.items.rows).toEqual([]);
    expect(page?.items.total).toBeGreaterThan(10);
  });

  it('knows no unknown, switched-off or non-public topic', async () => {
    expect(await backend.getTopicPage('no-such-topic', { page: 1, pageSize: 10 })).toBeNull();
    for (const hidden of ['banner', 'policy', 'cookie_policy', 'term_of_conditional']) {
      expect(await backend.getTopicPage(hidden, { page: 1, pageSize: 10 }), hidden).toBeNull();
    }
    await db.updateTable('content_categories').set({ status: 0 }).where('code', '=', 'video').execute();
    try {
      expect(await backend.getTopicPage('video', { page: 1, pageSize: 10 })).toBeNull();
    } finally {
      await db.updateTable('content_categories').set({ status: 1 }).where('code', '=', 'video').execute();
    }
  });

  it('leaves hidden items out of lists and counts', async () => {
    const before = await backend.getTopicPage('notice', { page: 1, pageSize: 10 });
    const hide = before?.items.rows[0]?.no ?? 0;
    await db.updateTable('content_items').set({ disabled: 1 }).where('no', '=', hide).execute();
    try {
      const after = await backend.getTopicPage('notice', { page: 1, pageSize: 10 });
      expect(after?.items.total).toBe((before?.items.total ?? 0) - 1);
      expect(after?.items.rows.map((r) => r.no)).not.toContain(hide);
      expect(await backend.getContentItem(hide)).toBeNull();
    } finally {
      await db.updateTable('content_items').set({ disabled: 0 }).where('no', '=', hide).execute();
    }
  });
});

describe('getContentItem', () => {
  it('returns the history as item 1246', async () => {
    const item = await backend.getContentItem(1246);
    expect(item).toMatchObject({ no: 1246, title: 'ประวัติสหกรณ์', category: 'history', videoUrl: null });
    expect(item?.bodyHtml).toContain('พ.ศ. 2520');
    expect(item?.categoryInfo.type).toBe('S');
    expect(item?.gallery).toEqual([]);
  });

  it('returns a gallery in order and attachments with labels and sizes', async () => {
    const galleryPage = await backend.getTopicPage('activity-gallary', { page: 1, pageSize: 1 });
    const gallery = await backend.getContentItem(galleryPage?.items.rows[0]?.no ?? 0);
    expect(gallery?.gallery.length).toBeGreaterThanOrEqual(5);
    expect(gallery?.gallery.every((p) => p.file.startsWith('images/content/photo-'))).toBe(true);

    const downloads = await backend.getTopicPage('download', { page: 1, pageSize: 1 });
    const form = await backend.getContentItem(downloads?.items.rows[0]?.no ?? 0);
    expect(form?.attachments).toHaveLength(1);
    expect(form?.attachments[0]).toMatchObject({ label: form?.title, sizeBytes: expect.any(Number) });
    expect(form?.attachments[0]?.file).toMatch(/^files\/download\/.+\.pdf$/);
    expect(form?.defaultImage).toBe('download');
  });

  it('gives video items a link', async () => {
    const videos = await backend.getTopicPage('video', { page: 1, pageSize: 10 });
    const video = await backend.getContentItem(videos?.items.rows[0]?.no ?? 0);
    expect(video?.videoUrl).toMatch(/^https:\/\/www\.youtube\.com\/watch\?v=[\w-]{11}$/);
  });

  it('finds nothing for numbers that cannot exist', async () => {
    for (const no of [0, -1, 1.5, 999_999, 2_147_483_648, Number.NaN]) {
      expect(await backend.getContentItem(no), String(no)).toBeNull();
    }
  });
});

describe('getPolicy', () => {
  it('returns the privacy and the cookie policy', async () => {
    const privacy = await backend.getPolicy('privacy');
    const cookies = await backend.getPolicy('cookies');
    expect(privacy?.no).toBe(DEMO_CONTENT_NO.policy);
    expect(privacy?.bodyHtml).toContain('พระราชบัญญัติคุ้มครองข้อมูลส่วนบุคคล พ.ศ. 2562');
    expect(privacy?.bodyHtml).toContain('สำนักงานคณะกรรมการคุ้มครองข้อมูลส่วนบุคคล');
    expect(cookies?.no).toBe(DEMO_CONTENT_NO.cookiePolicy);
    expect(cookies?.bodyHtml).toContain('acceptCookie');
    expect(cookies?.bodyHtml).not.toContain('{name}');
  });

  it('returns the newest published version, or null when there is none', async () => {
    await db
      .insertInto('content_items')
      .values({
        no: 90_001,
        category: 'cookie_policy',
        title: 'นโยบายการใช้คุกกี้ ฉบับปรับปรุง',
        body_html: '<p>ฉบับใหม่</p>',
        posted_at: NOW.getTime() - 1000,
        pageview: 0,
        disabled: 0,
        sort: 0,
      })
      .execute();
    try {
      expect((await backend.getPolicy('cookies'))?.no).toBe(90_001);
      await db.updateTable('content_items').set({ disabled: 1 }).where('category', '=', 'cookie_policy').execute();
      expect(await backend.getPolicy('cookies')).toBeNull();
    } finally {
      await db.updateTable('content_items').set({ disabled: 0 }).where('category', '=', 'cookie_policy').execute();
      await db.deleteFrom('content_items').where('no', '=', 90_001).execute();
    }
  });
});

describe('getHomeContent', () => {
  it('arranges banners, the latest news, the activity gallery and the rates', async () => {
    const home = await backend.getHomeContent();
    expect(home.banners).toHaveLength(4);
    expect(home.banners[0]?.title).toBe('ระบบสมาชิกออนไลน์ ตรวจสอบข้อมูลได้ตลอด 24 ชั่วโมง');
    expect(home.banners.every((b) => b.coverImage?.startsWith('images/banner/'))).toBe(true);

    expect(home.latest).toHaveLength(6);
    expect(home.latest.every((i) => ['news', 'news_activity', 'notice'].includes(i.category))).toBe(true);
    const times = home.latest.map((i) => i.postedAt.getTime());
    expect(times).toEqual([...times].sort((a, b) => b - a));
    // One news item from today, one from yesterday.
    expect(home.latest[0]?.postedAt.getTime()).toBe(NOW.getTime() - 3 * 3600_000);

    expect(home.gallery).toHaveLength(4);
    expect(home.gallery.every((g) => g.category === 'activity-gallary' && g.coverImage)).toBe(true);

    expect(home.rates.deposit.map((r) => r.rate)).toEqual(['1.50', '3.00', '3.50', '3.25', '3.50']);
    expect(home.rates.loan[0]).toMatchObject({ name: 'เงินกู้เพื่อเหตุฉุกเฉิน', rate: '6.00' });
    expect(home.rates.loan.every((r) => /^\d{4}-\d{2}-01$/.test(r.effectiveDate))).toBe(true);
  });

  it('puts a pinned item (higher sort) first', async () => {
    const oldest = await db
      .selectFrom('content_items')
      .select('no')
      .where('category', '=', 'news')
      .orderBy('posted_at')
      .executeTakeFirstOrThrow();
    await db.updateTable('content_items').set({ sort: 5 }).where('no', '=', oldest.no).execute();
    try {
      expect((await backend.getHomeContent()).latest[0]?.no).toBe(oldest.no);
      expect((await backend.getTopicPage('news', { page: 1, pageSize: 10 }))?.items.rows[0]?.no).toBe(oldest.no);
    } finally {
      await db.updateTable('content_items').set({ sort: 0 }).where('no', '=', oldest.no).execute();
    }
  });
});

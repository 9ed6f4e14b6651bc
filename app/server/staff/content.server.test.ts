import fs from 'node:fs';
import fsp from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';

import sharp from 'sharp';
import { beforeAll, describe, expect, it, vi } from 'vitest';

import { createContentFeeds } from '~/server/coop/embedded-content.server';
import { createSearchFeed } from '~/server/coop/embedded-search.server';
import { createEmbeddedBackend } from '~/server/coop/embedded.server';
import type { Db } from '~/server/db/index.server';
import { newIdempotencyKey } from '~/server/idempotency.server';

import {
  formValuesOf,
  getItem,
  itemCreatedWith,
  listCategories,
  listItems,
  MESSAGES,
  parseBangkokDateTime,
  parseDraft,
  previewItem,
  removeCover,
  removeFile,
  saveItem,
  setPublished,
} from './content.server';
import {
  deleteUnreferencedMedia,
  itemMediaFile,
  MediaError,
  PHONE_SUFFIX,
  phoneCopyOf,
  storePdf,
  storePicture,
  storeUpload,
} from './content-media.server';
import { deleteMenuRow, getFooterPhones, getMenuTree, saveMenuEntry, savePhone, saveSubEntry } from './menu.server';
import { getOpeningHours, openingHoursLine, setOpeningHours } from './site-settings.server';
import { site } from '~/config/site';
import { publicContentChanged } from '~/server/content/public-content.server';
import { category, contentStore, draftFields, draftOf as draftOfForm } from './content.test-support';

let media: string;
let db: Db;
const openStore = contentStore('staffcontent', [
  category('news', 'ข่าวประชาสัมพันธ์', 'M', 1),
  category('download', 'ดาวน์โหลดเอกสาร', 'D', 2),
  category('banner', 'แบนเนอร์', 'A', 3),
  category('old', 'เลิกใช้', 'M', 4, 0),
]);

beforeAll(async () => {
  ({ db, media } = await openStore());
}, 60_000);

const draftOf = (values: Record<string, string> = {}) => draftOfForm(db, values);
const fields = draftFields;

const png = (width: number, height: number) =>
  sharp({ create: { width, height, channels: 3, background: '#3366cc' } })
    .png()
    .toBuffer();
const PDF = Buffer.from('%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n');

describe('the content form', () => {
  it('reads a Buddhist-era date and a time in Bangkok', () => {
    expect(new Date(parseBangkokDateTime('25/11/2569', '09:30')!).toISOString()).toBe('2026-11-25T02:30:00.000Z');
    expect(new Date(parseBangkokDateTime('1/1/2570', '')!).toISOString()).toBe('2026-12-31T17:00:00.000Z');
    expect(parseBangkokDateTime('31/02/2569', '')).toBeNull();
    expect(parseBangkokDateTime('25/11/2026', '')).toBeNull();
    expect(parseBangkokDateTime('25/11/2569', '24:00')).toBeNull();
    expect(formValuesOf(null, Date.UTC(2026, 10, 24, 20, 5))).toMatchObject({ date: '25/11/2569', time: '03:05' });
  });

  it('names every field in error, and refuses categories that are off', async () => {
    const categories = await listCategories(db);
    expect(categories.map((c) => c.code)).toEqual(['news', 'download', 'banner']);
    const { draft, errors } = parseDraft(
      fields({
        category: 'old',
        title: '  ',
        date: '2026-11-25',
        videoUrl: 'javascript:alert(1)',
        excerpt: 'ก'.repeat(301),
      }),
      categories,
    );
    expect(draft).toBeNull();
    expect(errors).toEqual({
      category: MESSAGES.category,
      title: MESSAGES.title,
      date: MESSAGES.date,
      videoUrl: MESSAGES.videoUrl,
      excerpt: MESSAGES.excerptLong,
    });
  });

  it('passes the body through the public allow-list before it is stored', async () => {
    const draft = await draftOf({
      body: '<h2>หัวข้อ</h2><p onclick="x()">ข้อ <b>หนา</b> <a href="javascript:alert(1)">ลิงก์</a></p><script>alert(1)</script><table><tr><td>1</td></tr></table>',
    });
    expect(draft.bodyHtml).toBe(
      '<h2>หัวข้อ</h2><p>ข้อ <b>หนา</b> <a rel="noopener noreferrer">ลิงก์</a></p><table><tr><td>1</td></tr></table>',
    );
  });
});

describe('creating, publishing and unpublishing', () => {
  it('keeps a new item a draft, then shows it in its list, on the home page and in search once published', async () => {
    const feeds = createContentFeeds(db);
    const search = createSearchFeed(db);
    const cover = await storePicture(media, await png(2400, 1200));
    const pdf = await storePdf(media, PDF);
    const no = await saveItem(db, {
      draft: await draftOf({ title: 'ประกาศรับสมัครทุนการศึกษาบุตรสมาชิก', excerpt: 'สมัครได้ถึงสิ้นเดือน' }),
      media: { cover, attachment: { media: pdf, label: 'ใบสมัคร' } },
      staff: 'editor1',
    });
    expect(no).toEqual(expect.any(Number));
    const item = (await getItem(db, no!))!;
    expect(item).toMatchObject({ state: 'draft', coverImage: cover.file, updatedBy: 'editor1' });
    expect(item.attachments).toEqual([
      { id: expect.any(Number), file: pdf.file, label: 'ใบสมัคร', sizeBytes: PDF.length },
    ]);

    // A draft is nowhere on the public site, but the editor can preview it.
    expect((await feeds.getTopicPage('news', { page: 1, pageSize: 10 }))!.items.rows).toEqual([]);
    expect(await feeds.getContentItem(no!)).toBeNull();
    expect((await search.searchContent('ทุนการศึกษา')).hits).toEqual([]);
    expect(await previewItem(db, no!)).toMatchObject({ no, title: 'ประกาศรับสมัครทุนการศึกษาบุตรสมาชิก' });

    const announcement = await setPublished(db, no!, true, 'editor1');
    expect(announcement).toEqual({
      title: 'ประกาศรับสมัครทุนการศึกษาบุตรสมาชิก',
      body: 'สมัครได้ถึงสิ้นเดือน',
      url: String(no),
    });
    const list = (await feeds.getTopicPage('news', { page: 1, pageSize: 10 }))!.items.rows;
    expect(list.map((r) => [r.no, r.excerpt])).toEqual([[no, 'สมัครได้ถึงสิ้นเดือน']]);
    expect((await feeds.getHomeContent()).latest.map((r) => r.no)).toEqual([no]);
    expect((await feeds.getContentItem(no!))!.attachments).toEqual([
      { file: pdf.file, label: 'ใบสมัคร', sizeBytes: PDF.length },
    ]);
    expect((await search.searchContent('ทุนการศึกษา')).hits.map((h) => h.no)).toEqual([no]);

    // An edit is searchable at once.
    await saveItem(db, { no: no!, draft: await draftOf({ title: 'ประกาศรับสมัครทุนเรียนดี' }), staff: 'editor2' });
    expect((await search.searchContent('เรียนดี')).hits.map((h) => h.no)).toEqual([no]);
    expect((await search.searchContent('ทุนการศึกษา')).hits).toEqual([]);

    expect(await setPublished(db, no!, false, 'editor2')).toBe(true);
    expect((await feeds.getTopicPage('news', { page: 1, pageSize: 10 }))!.items.rows).toEqual([]);
    expect((await feeds.getHomeContent()).latest).toEqual([]);
    expect((await search.searchContent('เรียนดี')).hits).toEqual([]);
    expect(await setPublished(db, 999_999, true, 'editor2')).toBeNull();
  });

  it('puts a picture given as an attachment into the item gallery, and takes files off again', async () => {
    const photo = await storeUpload(media, await png(800, 600));
    const no = (await saveItem(db, {
      draft: await draftOf({ category: 'download', title: 'แบบฟอร์มต่าง ๆ' }),
      media: { attachment: { media: photo, label: 'ภาพบรรยากาศ' } },
      staff: 'editor1',
    }))!;
    const item = (await getItem(db, no))!;
    expect(item.attachments).toEqual([]);
    expect(item.gallery).toEqual([{ id: expect.any(Number), file: photo.file, caption: 'ภาพบรรยากาศ' }]);
    expect(await removeFile(db, no, 'photo', item.gallery[0]!.id)).toBe(true);
    expect((await getItem(db, no))!.gallery).toEqual([]);
    expect(await saveItem(db, { no: 999_999, draft: await draftOf(), staff: 'x' })).toBeNull();
  });

  it('lists items for editors with filters by category, state and title, newest first', async () => {
    const all = await listItems(db, { page: 1 });
    expect(all.total).toBe(2);
    expect((await listItems(db, { page: 1, category: 'download' })).rows.map((r) => r.title)).toEqual(['แบบฟอร์มต่าง ๆ']);
    expect((await listItems(db, { page: 1, state: 'published' })).total).toBe(0);
    expect((await listItems(db, { page: 1, q: 'เรียนดี' })).rows.map((r) => r.state)).toEqual(['draft']);
    expect((await listItems(db, { page: 1, q: '100%' })).total).toBe(0);
  });

  it('sorts the editors list (newest, oldest, last edited, title) and narrows it to a date range', async () => {
    const titles = async (query: Omit<Parameters<typeof listItems>[1], 'page'>) =>
      (await listItems(db, { page: 1, ...query })).rows.map((r) => r.title);
    const all = (await listItems(db, { page: 1 })).rows;
    const byDate = [...all].sort((a, b) => b.postedAt - a.postedAt || b.no - a.no).map((r) => r.title);
    expect(await titles({})).toEqual(byDate);
    expect(await titles({ sort: 'oldest' })).toEqual([...byDate].reverse());
    expect(await titles({ sort: 'title' })).toEqual(['ประกาศรับสมัครทุนเรียนดี', 'แบบฟอร์มต่าง ๆ']);
    const lastEdited = [...all]
      .sort((a, b) => (b.updatedAt ?? b.postedAt) - (a.updatedAt ?? a.postedAt))
      .map((r) => r.title);
    expect(await titles({ sort: 'updated' })).toEqual(lastEdited);
    const first = all[0]!;
    expect(await titles({ postedFrom: first.postedAt, postedBefore: first.postedAt + 1 })).toContain(first.title);
    expect(await titles({ postedFrom: first.postedAt + 1, postedBefore: first.postedAt + 2 })).not.toContain(
      first.title,
    );
    expect((await listItems(db, { page: 1, pageSize: 1 })).rows).toHaveLength(1);
  });
});

describe('uploaded media', () => {
  it('re-encodes pictures as JPEG at most 1600 px wide with an 800 px phone copy, without metadata', async () => {
    const stored = await storePicture(media, await png(2400, 1200));
    expect(stored.file).toMatch(/^content\/\d{4}\/\d{2}\/[0-9a-f]{24}\.jpg$/);
    const large = await sharp(path.join(media, stored.file)).metadata();
    expect([large.format, large.width, large.height, large.exif]).toEqual(['jpeg', 1600, 800, undefined]);
    const phone = phoneCopyOf(stored.file)!;
    expect(phone.endsWith(`${PHONE_SUFFIX}.jpg`)).toBe(true);
    expect((await sharp(path.join(media, phone)).metadata()).width).toBe(800);
    // Small pictures are not enlarged.
    const small = await storePicture(media, await png(300, 200));
    expect((await sharp(path.join(media, small.file)).metadata()).width).toBe(300);
  });

  it('deletes a removed cover (with its phone copy) and attachment once nothing names them, and nothing outside its shape', async () => {
    const cover = await storePicture(media, await png(900, 600));
    const pdf = await storePdf(media, PDF);
    const no = (await saveItem(db, {
      draft: await draftOf({ title: 'ไฟล์ที่ถูกลบ' }),
      media: { cover, attachment: { media: pdf, label: 'เอกสาร' } },
      staff: 'editor1',
    }))!;
    const exists = (file: string) => fs.existsSync(path.join(media, file));
    // Still named by the item: kept.
    expect(await deleteUnreferencedMedia(db, media, [cover.file, pdf.file])).toEqual([]);
    expect(exists(cover.file) && exists(pdf.file)).toBe(true);

    const attachmentId = (await getItem(db, no))!.attachments[0]!.id;
    expect(await itemMediaFile(db, no, 'attachment', attachmentId)).toBe(pdf.file);
    expect(await itemMediaFile(db, no, 'cover')).toBe(cover.file);
    await removeFile(db, no, 'attachment', attachmentId);
    await removeCover(db, no, 'editor1');
    expect((await deleteUnreferencedMedia(db, media, [cover.file, pdf.file])).sort()).toEqual(
      [cover.file, pdf.file].sort(),
    );
    expect([exists(cover.file), exists(phoneCopyOf(cover.file)!), exists(pdf.file)]).toEqual([false, false, false]);

    // Files of another shape (demo or imported media, paths leading out) are never touched.
    fs.writeFileSync(path.join(media, 'keep.pdf'), PDF);
    fs.writeFileSync(path.join(path.dirname(media), 'outside.pdf'), PDF);
    expect(
      await deleteUnreferencedMedia(db, media, ['keep.pdf', '../outside.pdf', 'content/../../outside.pdf']),
    ).toEqual([]);
    expect(exists('keep.pdf') && fs.existsSync(path.join(path.dirname(media), 'outside.pdf'))).toBe(true);
  });

  it('a picture or PDF whose write fails for a full disk leaves no file behind, half-written or whole', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'sahakorn-full-media-'));
    const realWrite = fsp.writeFile.bind(fsp);
    let writes = 0;
    // The disk fills up during the n-th write: part of the file is on disk, then ENOSPC.
    const fillAt = (n: number) =>
      vi.spyOn(fsp, 'writeFile').mockImplementation(async (file, data, options) => {
        writes += 1;
        if (writes < n) return realWrite(file, data, options);
        await realWrite(file, '', options);
        throw Object.assign(new Error('ENOSPC: no space left on device, write'), { code: 'ENOSPC' });
      });
    const left = () => (fs.readdirSync(dir, { recursive: true }) as string[]).filter((f) => /\.\w+$/.test(f));
    try {
      for (const [store, n] of [
        [async () => storePicture(dir, await png(40, 30)), 1], // the phone copy
        [async () => storePicture(dir, await png(40, 30)), 2], // the picture, after its phone copy was written
        [() => storePdf(dir, PDF), 1],
      ] as const) {
        writes = 0;
        fillAt(n);
        await expect(store()).rejects.toMatchObject({ code: 'ENOSPC' });
        vi.restoreAllMocks();
        expect(left()).toEqual([]);
      }
    } finally {
      vi.restoreAllMocks();
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });

  it('keeps a PDF byte for byte and refuses what its first bytes do not show to be a picture or PDF', async () => {
    const stored = await storePdf(media, PDF);
    expect(fs.readFileSync(path.join(media, stored.file))).toEqual(PDF);
    const svg = Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>');
    await expect(storeUpload(media, svg)).rejects.toMatchObject({ name: 'MediaError', problem: 'type' });
    await expect(storeUpload(media, Buffer.from('<html><body>%PDF-</body></html>'))).rejects.toBeInstanceOf(MediaError);
    // A PNG signature in front of something else is refused by the decoder's check.
    const fake = Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), Buffer.alloc(64)]);
    await expect(storePicture(media, fake)).rejects.toMatchObject({ problem: 'unreadable' });
    await expect(storePdf(media, await png(10, 10))).rejects.toMatchObject({ problem: 'type' });
  });
});

describe('the menu and footer phones', () => {
  it('adds, orders, hides and deletes entries; the public menu shows only visible ones in order', async () => {
    const backend = createEmbeddedBackend(db);
    const entry = { nameEn: null, url: null, isParent: false, visible: true };
    const about = { ...entry, name: 'เกี่ยวกับเรา', isParent: true, sort: 2 };
    const aboutSeq = (await saveMenuEntry(db, about))!;
    const board = { ...entry, name: 'กระดาน', url: '/board', sort: 1 };
    const boardSeq = (await saveMenuEntry(db, board))!;
    const sub = { menuSeq: aboutSeq, label: 'ประวัติ', url: '/show/1', visible: true, sort: 0 };
    const subSeq = (await saveSubEntry(db, sub))!;
    expect((await backend.getMenu()).map((m) => [m.label, m.children.map((c) => c.label)])).toEqual([
      ['กระดาน', []],
      ['เกี่ยวกับเรา', ['ประวัติ']],
    ]);
    await saveSubEntry(db, { ...sub, visible: false }, subSeq);
    await saveMenuEntry(db, { ...board, visible: false }, boardSeq);
    expect((await backend.getMenu()).map((m) => [m.label, m.children.length])).toEqual([['เกี่ยวกับเรา', 0]]);
    expect((await getMenuTree(db)).map((m) => [m.name, m.visible, m.children.length])).toEqual([
      ['กระดาน', false, 0],
      ['เกี่ยวกับเรา', true, 1],
    ]);
    expect(await deleteMenuRow(db, 'entry', aboutSeq)).toBe(true);
    expect(await db.selectFrom('menu_sub_items').selectAll().execute()).toEqual([]);
    expect(await saveMenuEntry(db, board, 999)).toBeNull();
  });

  it('keeps footer phones in order', async () => {
    const backend = createEmbeddedBackend(db);
    await savePhone(db, { label: 'ฝ่ายสินเชื่อ', link: 'tel:021234568', sort: 2 });
    const first = (await savePhone(db, { label: 'สำนักงาน', link: 'tel:021234567', sort: 1 }))!;
    expect(await backend.getFooterPhones()).toEqual([
      { label: 'สำนักงาน', link: 'tel:021234567' },
      { label: 'ฝ่ายสินเชื่อ', link: 'tel:021234568' },
    ]);
    await deleteMenuRow(db, 'phone', first);
    expect((await getFooterPhones(db)).map((p) => p.label)).toEqual(['ฝ่ายสินเชื่อ']);
  });
});

describe('the opening-hours line', () => {
  it('is the configured line until an editor stores one, and every page sees a change at once here', async () => {
    expect(await getOpeningHours(db)).toEqual({ text: site.openingHours, stored: false });
    expect(await openingHoursLine(db, 60_000)).toBe(site.openingHours);
    await setOpeningHours(db, '  เปิดทุกวัน   08.00 - 16.00 น. ');
    // Kept for its lifetime…
    expect(await openingHoursLine(db, 60_000)).toBe(site.openingHours);
    // …unless content changed on this instance.
    await publicContentChanged();
    expect(await openingHoursLine(db, 60_000)).toBe('เปิดทุกวัน 08.00 - 16.00 น.');
    await setOpeningHours(db, ' ');
    expect(await getOpeningHours(db)).toEqual({ text: site.openingHours, stored: false });
  });
});

describe('a new item’s form sent twice', () => {
  it('creates one item for one form key, however often or at once the form is sent (ADR 148)', async () => {
    const formKey = newIdempotencyKey();
    const draft = await draftOf({ title: 'ประกาศส่งซ้ำสองครั้ง' });
    const count = async () =>
      Number(
        (
          await db
            .selectFrom('content_items')
            .select((eb) => eb.fn.countAll<number>().as('n'))
            .where('title', '=', 'ประกาศส่งซ้ำสองครั้ง')
            .executeTakeFirstOrThrow()
        ).n,
      );
    expect(await itemCreatedWith(db, formKey)).toBeNull();
    const [a, b] = await Promise.all([
      saveItem(db, { draft, staff: 'editor1', formKey }),
      saveItem(db, { draft, staff: 'editor1', formKey }),
    ]);
    expect(a).toEqual(expect.any(Number));
    expect(b).toBe(a);
    expect(await saveItem(db, { draft, staff: 'editor1', formKey })).toBe(a);
    expect(await itemCreatedWith(db, formKey)).toBe(a);
    expect(await count()).toBe(1);
    // Another rendering of the form is another item.
    expect(await saveItem(db, { draft, staff: 'editor1', formKey: newIdempotencyKey() })).not.toBe(a);
    expect(await count()).toBe(2);
  });
});

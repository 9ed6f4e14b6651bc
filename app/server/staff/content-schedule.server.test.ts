import fs from 'node:fs';
import path from 'node:path';

import sharp from 'sharp';
import { beforeAll, describe, expect, it } from 'vitest';

import type { ContentImageResolver } from '~/server/content/content-image.server';
import { itemView } from '~/server/content/content-view.server';
import { createEmbeddedBackend } from '~/server/coop/embedded.server';
import type { Db } from '~/server/db/index.server';

import {
  altTextProblems,
  getItem,
  listItems,
  MESSAGES,
  previewOf,
  removeCover,
  saveItem,
  setPublished,
  setPublishedMany,
  type SaveMedia,
} from './content.server';
import { deleteUnreferencedMedia, storePdf, storePicture } from './content-media.server';
import { findMedia, listMedia, reuseMedia, setPhotoCaption } from './media-library.server';
import { category, contentStore, draftOf as draftOfForm } from './content.test-support';

/**
 * Scheduled publishing and the preview before saving (ADR 120); pictures' alternative text and the
 * media list (ADR 121).
 */

let media: string;
let db: Db;
const openStore = contentStore('contentschedule', [
  category('news', 'ข่าวประชาสัมพันธ์', 'M', 1),
  category('policy', 'นโยบายความเป็นส่วนตัว', 'A', 2),
]);

beforeAll(async () => {
  ({ db, media } = await openStore());
}, 60_000);

const draftOf = (values: Record<string, string> = {}) => draftOfForm(db, values);

/** A new item of the form's `fields` (and its pictures or files), saved by editor1; its number. */
const saveNew = async (fields: Record<string, string>, media?: SaveMedia) =>
  (await saveItem(db, { draft: await draftOf(fields), media, staff: 'editor1' }))!;

const png = () =>
  sharp({ create: { width: 640, height: 360, channels: 3, background: '#3366cc' } })
    .png()
    .toBuffer();

describe('a published item with a publish time still to come', () => {
  it('is on no public list, page, search or policy until its time, then everywhere, ordered by that time', async () => {
    // 1 December 2569 (2026) 08:00 in Bangkok; "now" moves by the clock given to the backend.
    let clock = Date.UTC(2026, 10, 29, 3, 0);
    const backend = createEmbeddedBackend(db, () => clock);
    const older = await saveNew({ title: 'ข่าวเมื่อวาน ทุนเรียนดี', date: '28/11/2569', time: '10:00' });
    const scheduled = await saveNew({ title: 'ประกาศเงินปันผลประจำปี', date: '01/12/2569', time: '08:00' });
    await setPublished(db, older, true, 'editor1');
    await setPublished(db, scheduled, true, 'editor1');

    const lists = async () => ({
      topic: (await backend.getTopicPage('news', { page: 1, pageSize: 10 }))!.items,
      home: (await backend.getHomeContent()).latest.map((r) => r.no),
      page: await backend.getContentItem(scheduled),
      search: (await backend.searchContent('เงินปันผล')).hits.map((h) => h.no),
    });

    // Before its time: only the older item, and the count agrees.
    let seen = await lists();
    expect(seen.topic.rows.map((r) => r.no)).toEqual([older]);
    expect(seen.topic.total).toBe(1);
    expect(seen.home).toEqual([older]);
    expect(seen.page).toBeNull();
    expect(seen.search).toEqual([]);
    // The editors see it as scheduled.
    expect((await getItem(db, scheduled, clock))!.state).toBe('scheduled');
    expect((await listItems(db, { page: 1, state: 'scheduled', now: clock })).rows.map((r) => r.no)).toEqual([
      scheduled,
    ]);
    expect((await listItems(db, { page: 1, state: 'published', now: clock })).rows.map((r) => r.no)).toEqual([older]);

    // At its time (01/12/2569 08:00 Bangkok = 01:00 UTC) it shows, first by its publish time.
    clock = Date.UTC(2026, 11, 1, 1, 0);
    seen = await lists();
    expect(seen.topic.rows.map((r) => r.no)).toEqual([scheduled, older]);
    expect(seen.topic.total).toBe(2);
    expect(seen.home).toEqual([scheduled, older]);
    expect(seen.page).toMatchObject({ no: scheduled, title: 'ประกาศเงินปันผลประจำปี' });
    expect(seen.search).toEqual([scheduled]);
    expect((await getItem(db, scheduled, clock))!.state).toBe('published');

    // A new version of a policy scheduled for later leaves the current one in force until then.
    const policyNow = await saveNew({ category: 'policy', title: 'นโยบายฉบับปัจจุบัน', date: '01/11/2569' });
    const policyNext = await saveNew({ category: 'policy', title: 'นโยบายฉบับใหม่', date: '01/01/2570' });
    await setPublished(db, policyNow, true, 'editor1');
    await setPublished(db, policyNext, true, 'editor1');
    expect((await backend.getPolicy('privacy'))!.no).toBe(policyNow);
    clock = Date.UTC(2027, 0, 1, 2, 30); // 01/01/2570 09:30 in Bangkok
    expect((await backend.getPolicy('privacy'))!.no).toBe(policyNext);
  });
});

describe('the preview before saving', () => {
  it('shows the form’s fields with the item’s stored files and alternative text, and writes nothing', async () => {
    const cover = await storePicture(media, await png());
    const no = await saveNew({ title: 'หัวข้อเดิม', coverAlt: 'ภาพเดิม' }, { cover });
    const before = await getItem(db, no);
    const typed = await draftOf({ title: 'หัวข้อที่ยังไม่บันทึก', body: '<p>ข้อความใหม่</p>', coverAlt: 'ภาพอาคารสำนักงาน' });
    const view = await itemView(await previewOf(db, { ...before!, ...typed }), {
      resolve: async (file: string | null) => ({ src: `/mediafiles/${file}`, isDefault: !file }),
    } as unknown as ContentImageResolver);
    expect(view).toMatchObject({
      no,
      title: 'หัวข้อที่ยังไม่บันทึก',
      bodyHtml: '<p>ข้อความใหม่</p>',
      cover: { src: `/mediafiles/${cover.file}` },
      coverAlt: 'ภาพอาคารสำนักงาน',
    });
    expect(await getItem(db, no)).toEqual(before);
  });
});

describe('alternative text of pictures', () => {
  it('is asked of a cover, each gallery picture and each picture in the body before publishing', async () => {
    const base = { coverImage: null, coverAlt: null, bodyHtml: '<p>ข้อความ</p>', gallery: [] };
    expect(altTextProblems(base)).toEqual([]);
    expect(
      altTextProblems({
        coverImage: 'content/2026/11/aaaaaaaaaaaaaaaaaaaaaaaa.jpg',
        coverAlt: '  ',
        bodyHtml:
          '<p><img src="https://example.com/a.jpg" alt="" /><img src="https://example.com/b.jpg" alt="แผนที่" /></p>',
        gallery: [
          { id: 1, file: 'a.jpg', caption: 'ภาพบรรยากาศ' },
          { id: 2, file: 'b.jpg', caption: null },
        ],
      }).map((p) => p.message),
    ).toEqual([MESSAGES.bodyAlt, MESSAGES.coverAlt, MESSAGES.photoAlt(2)]);
    expect(altTextProblems({ ...base, bodyHtml: '<img src="https://example.com/b.jpg" alt="แผนที่สำนักงาน">' })).toEqual(
      [],
    );
  });

  it('of the cover is stored with the item, shown on its public page, and goes with the cover', async () => {
    const cover = await storePicture(media, await png());
    const no = await saveNew(
      { title: 'ข่าวมีรูปหน้าปก', coverAlt: 'ผู้จัดการมอบทุนแก่บุตรสมาชิก', date: '01/11/2569' },
      { cover },
    );
    expect(altTextProblems((await getItem(db, no))!)).toEqual([]);
    await setPublished(db, no, true, 'editor1');
    const backend = createEmbeddedBackend(db);
    expect((await backend.getContentItem(no))!.coverAlt).toBe('ผู้จัดการมอบทุนแก่บุตรสมาชิก');
    await removeCover(db, no, 'editor1');
    expect((await getItem(db, no))!.coverAlt).toBeNull();
  });
});

describe('publishing several at once', () => {
  it('publishes what its own button would, holds back an item whose body picture has no alternative text', async () => {
    const plain = (await saveItem(db, { draft: await draftOf({ title: 'ข่าวชุดหนึ่ง' }), staff: 'ann' }))!;
    const pictured = (await saveItem(db, {
      draft: await draftOf({ title: 'ข่าวชุดสอง', body: '<p>แผนที่</p><img src="https://example.com/map.jpg">' }),
      staff: 'ann',
    }))!;
    expect(await setPublishedMany(db, [plain, pictured, 999_999], true, 'ann')).toEqual({
      changed: [plain],
      withoutAlt: 1,
    });
    expect((await getItem(db, plain))?.state).not.toBe('draft');
    expect((await getItem(db, pictured))?.state).toBe('draft');
    // Asked again: nothing left to change.
    expect(await setPublishedMany(db, [plain], true, 'ann')).toEqual({ changed: [], withoutAlt: 0 });
    expect(await setPublishedMany(db, [plain], false, 'ann')).toEqual({ changed: [plain], withoutAlt: 0 });
  });
});

describe('the media list', () => {
  it('lists files items use, reuses one on another item, and keeps it on disk while any item names it', async () => {
    const photo = await storePicture(media, await png());
    const pdf = await storePdf(media, Buffer.from('%PDF-1.4\n%%EOF\n'));
    const first = await saveNew({ title: 'กิจกรรมปลูกป่า' }, { attachment: { media: photo, label: 'สมาชิกร่วมปลูกต้นไม้' } });
    await saveItem(db, {
      no: first,
      draft: await draftOf({ title: 'กิจกรรมปลูกป่า' }),
      media: { attachment: { media: pdf, label: 'กำหนดการ' } },
      staff: 'editor1',
    });
    const second = (await saveItem(db, { draft: await draftOf({ title: 'ข่าวย้อนหลัง' }), staff: 'editor2' }))!;

    const listed = await listMedia(db, 1);
    expect(listed.rows.find((m) => m.file === photo.file)).toMatchObject({
      kind: 'picture',
      text: 'สมาชิกร่วมปลูกต้นไม้',
      items: [first],
    });
    expect(listed.rows.find((m) => m.file === pdf.file)).toMatchObject({ kind: 'file', text: 'กำหนดการ' });

    // A picture becomes the cover (its text the cover's alternative text) and a gallery picture.
    expect(await reuseMedia(db, { no: second, file: photo.file, as: 'cover', staff: 'editor2' })).toEqual({
      replaced: null,
    });
    expect(await reuseMedia(db, { no: second, file: photo.file, as: 'photo', staff: 'editor2' })).toEqual({
      replaced: null,
    });
    expect(await reuseMedia(db, { no: second, file: pdf.file, as: 'attachment', staff: 'editor2' })).toEqual({
      replaced: null,
    });
    const reused = (await getItem(db, second))!;
    expect(reused).toMatchObject({ coverImage: photo.file, coverAlt: 'สมาชิกร่วมปลูกต้นไม้', updatedBy: 'editor2' });
    expect(reused.gallery).toEqual([{ id: expect.any(Number), file: photo.file, caption: 'สมาชิกร่วมปลูกต้นไม้' }]);
    expect(reused.attachments).toEqual([
      { id: expect.any(Number), file: pdf.file, label: 'กำหนดการ', sizeBytes: pdf.sizeBytes },
    ]);
    expect((await findMedia(db, photo.file))!.items.sort()).toEqual([first, second].sort());

    // Nothing outside the list, no PDF as a picture, no unknown item.
    expect(await reuseMedia(db, { no: second, file: '../../etc/passwd', as: 'attachment', staff: 'x' })).toBe(
      'refused',
    );
    expect(await reuseMedia(db, { no: second, file: pdf.file, as: 'cover', staff: 'x' })).toBe('refused');
    expect(await reuseMedia(db, { no: 999_999, file: photo.file, as: 'photo', staff: 'x' })).toBe('refused');

    // Taken off the first item, the picture stays on disk: the second still uses it.
    await db.deleteFrom('content_gallery').where('item_no', '=', first).execute();
    expect(await deleteUnreferencedMedia(db, media, [photo.file])).toEqual([]);
    expect(fs.existsSync(path.join(media, photo.file))).toBe(true);
  });

  it('writes a gallery picture’s alternative text only on its own item', async () => {
    const photo = await storePicture(media, await png());
    const no = await saveNew({ title: 'ภาพกิจกรรม' }, { attachment: { media: photo, label: '' } });
    const [picture] = (await getItem(db, no))!.gallery;
    expect(altTextProblems((await getItem(db, no))!).map((p) => p.message)).toEqual([MESSAGES.photoAlt(1)]);
    expect(await setPhotoCaption(db, { no: no + 1000, id: picture!.id, caption: 'x', staff: 'e' })).toBe(false);
    expect(await setPhotoCaption(db, { no, id: picture!.id, caption: 'เด็กนักเรียนรับทุน', staff: 'e' })).toBe(true);
    expect(altTextProblems((await getItem(db, no))!)).toEqual([]);
  });
});

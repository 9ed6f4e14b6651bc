import fs from 'node:fs';
import path from 'node:path';

import sharp from 'sharp';
import { beforeAll, describe, expect, it } from 'vitest';

import { createContentFeeds } from '~/server/coop/embedded-content.server';
import { createSearchFeed } from '~/server/coop/embedded-search.server';
import type { Db } from '~/server/db/index.server';

import {
  getRevision,
  listRevisions,
  listTrash,
  purgeTrash,
  restoreFromTrash,
  restoreRevision,
  trashedTitle,
  textDiff,
  trashItem,
  TRASH_DAYS,
} from './content-history.server';
import { getItem, listItems, saveItem, setPublished, VersionConflict } from './content.server';
import { storePdf, storePicture } from './content-media.server';
import { category, contentStore, draftOf as draftOfForm } from './content.test-support';

let media: string;
let db: Db;
const DAY = 86_400_000;
const openStore = contentStore('contenthistory', [category('news', 'ข่าวประชาสัมพันธ์', 'M', 1)]);

beforeAll(async () => {
  ({ db, media } = await openStore());
}, 60_000);

const draftOf = (values: Record<string, string> = {}) => draftOfForm(db, values);

describe('two editors on one item', () => {
  it('saves the first and refuses the second that edited the same version, changing nothing', async () => {
    const no = (await saveItem(db, { draft: await draftOf(), staff: 'ann' }))!;
    const seen = (await getItem(db, no))!.version;
    expect(seen).toBe(1);

    // Both opened version 1; Ann saves first.
    await saveItem(db, { no, version: seen, draft: await draftOf({ title: 'ฉบับของแอน' }), staff: 'ann' });
    await expect(
      saveItem(db, { no, version: seen, draft: await draftOf({ title: 'ฉบับของบี' }), staff: 'bee' }),
    ).rejects.toBeInstanceOf(VersionConflict);
    const item = (await getItem(db, no))!;
    expect(item).toMatchObject({ title: 'ฉบับของแอน', version: 2, updatedBy: 'ann' });
    // Only Ann's save kept a revision (the text before it).
    expect((await listRevisions(db, no)).map((r) => [r.version, r.title])).toEqual([[1, 'ประชุมใหญ่สามัญประจำปี']]);

    // Bee, having seen Ann's text, saves on top of version 2.
    await saveItem(db, { no, version: 2, draft: await draftOf({ title: 'ฉบับรวม' }), staff: 'bee' });
    expect((await getItem(db, no))!).toMatchObject({ title: 'ฉบับรวม', version: 3 });
  });

  it('lets only one of two saves of one version through when they run at the same time', async () => {
    const no = (await saveItem(db, { draft: await draftOf(), staff: 'ann' }))!;
    const results = await Promise.allSettled(
      ['หนึ่ง', 'สอง', 'สาม'].map(async (title) =>
        saveItem(db, { no, version: 1, draft: await draftOf({ title }), staff: title }),
      ),
    );
    expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(1);
    expect(results.filter((r) => r.status === 'rejected').every((r) => r.reason instanceof VersionConflict)).toBe(true);
    expect((await getItem(db, no))!.version).toBe(2);
    expect(await listRevisions(db, no)).toHaveLength(1);
  });
});

describe('revisions', () => {
  it('keeps each replaced text, shows what changed, and restores one as a new save', async () => {
    const no = (await saveItem(db, { draft: await draftOf({ body: '<p>ประชุมวันเสาร์</p>' }), staff: 'ann', now: 1000 }))!;
    // bee saves the Sunday text over `version` at `now`.
    const saveSunday = async (version: number, now: number) =>
      saveItem(db, { no, version, draft: await draftOf({ body: '<p>ประชุมวันอาทิตย์</p>' }), staff: 'bee', now });
    await saveSunday(1, 2000);
    // A save that changes no text keeps no revision.
    await saveSunday(2, 3000);
    const revisions = await listRevisions(db, no);
    expect(revisions).toEqual([
      {
        id: expect.any(Number),
        version: 1,
        title: 'ประชุมใหญ่สามัญประจำปี',
        savedAt: 1000,
        savedBy: 'ann',
        replacedAt: 2000,
      },
    ]);
    const first = (await getRevision(db, no, revisions[0]!.id))!;
    expect(first.draft.bodyHtml).toBe('<p>ประชุมวันเสาร์</p>');
    expect(textDiff(first.draft.bodyHtml, (await getItem(db, no))!.bodyHtml)).toEqual([
      { kind: 'same', text: '<p>ประชุมวัน' },
      { kind: 'removed', text: 'เสาร์' },
      { kind: 'added', text: 'อาทิตย์' },
      { kind: 'same', text: '</p>' },
    ]);
    // Another item's revision is not this item's.
    expect(await getRevision(db, no + 1, revisions[0]!.id)).toBeNull();

    // Restoring with a stale version is a conflict like any save.
    await expect(restoreRevision(db, { no, revisionId: first.id, version: 2, staff: 'cat' })).rejects.toBeInstanceOf(
      VersionConflict,
    );
    expect(await restoreRevision(db, { no, revisionId: first.id, version: 3, staff: 'cat', now: 4000 })).toEqual({
      restored: 1,
    });
    expect((await getItem(db, no))!).toMatchObject({ bodyHtml: '<p>ประชุมวันเสาร์</p>', version: 4, updatedBy: 'cat' });
    // The restore kept the text it replaced.
    expect((await listRevisions(db, no)).map((r) => [r.version, r.savedBy])).toEqual([
      [3, 'bee'],
      [1, 'ann'],
    ]);
  });
});

describe('the trash', () => {
  it('hides a deleted item at once everywhere, restores it published, and empties itself after 30 days', async () => {
    const feeds = createContentFeeds(db);
    const search = createSearchFeed(db);
    const cover = await storePicture(
      media,
      await sharp({ create: { width: 800, height: 400, channels: 3, background: '#3366cc' } })
        .png()
        .toBuffer(),
    );
    const pdf = await storePdf(
      media,
      Buffer.from('%PDF-1.4\n1 0 obj << >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n'),
    );
    const no = (await saveItem(db, {
      draft: await draftOf({ title: 'ประกาศปันผลเฉลี่ยคืน' }),
      media: { cover, attachment: { media: pdf, label: 'ประกาศ' } },
      staff: 'ann',
    }))!;
    await setPublished(db, no, true, 'ann');
    expect((await search.searchContent('ปันผล')).hits.map((h) => h.no)).toEqual([no]);

    const now = Date.now();
    expect(await trashItem(db, media, no, 'ann', now)).toBe(true);
    expect(await trashItem(db, media, no, 'ann', now)).toBe(false);
    expect(await feeds.getContentItem(no)).toBeNull();
    expect((await feeds.getHomeContent()).latest.map((r) => r.no)).not.toContain(no);
    expect((await search.searchContent('ปันผล')).hits).toEqual([]);
    expect(await getItem(db, no)).toBeNull();
    expect((await listItems(db, { page: 1 })).rows.map((r) => r.no)).not.toContain(no);
    expect(await setPublished(db, no, true, 'ann')).toBeNull();
    expect(await listTrash(db, media, now)).toContainEqual({
      no,
      title: 'ประกาศปันผลเฉลี่ยคืน',
      categoryLabel: 'ข่าวประชาสัมพันธ์',
      deletedAt: now,
      deletedBy: 'ann',
      purgeAt: now + TRASH_DAYS * DAY,
    });

    expect(await trashedTitle(db, no)).toBe('ประกาศปันผลเฉลี่ยคืน');
    // Undo: back as it was, published.
    expect(await restoreFromTrash(db, no, 'bee', now + DAY)).toBe(true);
    expect(await trashedTitle(db, no)).toBeNull();
    expect((await getItem(db, no))!).toMatchObject({ state: 'published', updatedBy: 'bee' });
    expect((await feeds.getContentItem(no))!.title).toBe('ประกาศปันผลเฉลี่ยคืน');
    expect((await search.searchContent('ปันผล')).hits.map((h) => h.no)).toEqual([no]);

    // Deleted again and left 30 days: it cannot be restored, and the next look at the trash removes it and its files.
    await saveItem(db, { no, version: 1, draft: await draftOf({ title: 'ประกาศปันผล ฉบับแก้' }), staff: 'ann' });
    expect(await trashItem(db, media, no, 'ann', now)).toBe(true);
    const later = now + TRASH_DAYS * DAY;
    expect(await restoreFromTrash(db, no, 'bee', later)).toBe(false);
    expect((await listTrash(db, media, later)).map((r) => r.no)).not.toContain(no);
    expect(await db.selectFrom('content_items').select('no').where('no', '=', no).executeTakeFirst()).toBeUndefined();
    expect(await listRevisions(db, no)).toEqual([]);
    expect(fs.existsSync(path.join(media, cover.file))).toBe(false);
    expect(fs.existsSync(path.join(media, pdf.file))).toBe(false);
    expect(await purgeTrash(db, media, later)).toEqual([]);
  });

  it('restores a draft as a draft, and does not restore what is not in the trash', async () => {
    const no = (await saveItem(db, { draft: await draftOf(), staff: 'ann' }))!;
    expect(await restoreFromTrash(db, no, 'ann')).toBe(false);
    expect(await trashItem(db, media, no, 'ann')).toBe(true);
    expect(await restoreFromTrash(db, no, 'ann')).toBe(true);
    expect((await getItem(db, no))!.state).toBe('draft');
    expect(await trashItem(db, media, 999_999, 'ann')).toBe(false);
  });
});

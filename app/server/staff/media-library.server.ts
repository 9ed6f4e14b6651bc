import type { Db } from '../db/index.server';
import { indexContentItem } from '../coop/embedded-search.server';

/**
 * The media list (ADR 121): every picture and file that content items already use (covers, gallery
 * pictures, attachments), so an editor can put one on another item without uploading it again. It is
 * read from the items' own rows, so it holds exactly what `deleteUnreferencedMedia` keeps: a file
 * leaves the list, and the disk, when the last item lets go of it. Reusing adds a row naming the same
 * file; nothing is copied.
 */

export const MEDIA_PAGE_SIZE = 24;

export type MediaKind = 'picture' | 'file';

export interface MediaEntry {
  /** Path below the media folder, as the rows store it. */
  file: string;
  kind: MediaKind;
  /** The text written for it where it is used: a cover's or a gallery picture's alternative text, an attachment's label. */
  text: string | null;
  /** Items using it, newest first. */
  items: number[];
  sizeBytes: number | null;
}

const PICTURE = /\.(jpe?g|png|webp|gif)$/i;

export const mediaKindOf = (file: string): MediaKind => (PICTURE.test(file) ? 'picture' : 'file');

/** Every file in use, the newest item's first, a page at a time. */
export async function listMedia(
  db: Db,
  page: number,
): Promise<{ rows: MediaEntry[]; total: number; page: number; pageSize: number }> {
  const [covers, photos, attachments] = await Promise.all([
    db
      .selectFrom('content_items')
      .select(['no', 'cover_image as file', 'cover_alt as text'])
      .where('cover_image', 'is not', null)
      .where('cover_image', '!=', '')
      .execute(),
    db.selectFrom('content_gallery').select(['item_no as no', 'file', 'caption as text']).execute(),
    db.selectFrom('content_attachments').select(['item_no as no', 'file', 'label as text', 'size_bytes']).execute(),
  ]);
  const byFile = new Map<string, MediaEntry>();
  const add = (no: number, file: string | null, text: string | null, sizeBytes: number | string | null = null) => {
    if (!file) return;
    const entry = byFile.get(file) ?? { file, kind: mediaKindOf(file), text: null, items: [], sizeBytes: null };
    if (!entry.items.includes(Number(no))) entry.items.push(Number(no));
    if (!entry.text && text?.trim()) entry.text = text.trim();
    if (entry.sizeBytes === null && sizeBytes !== null) entry.sizeBytes = Number(sizeBytes);
    byFile.set(file, entry);
  };
  for (const c of covers) add(c.no, c.file, c.text);
  for (const p of photos) add(p.no, p.file, p.text);
  for (const a of attachments) add(a.no, a.file, a.text, a.size_bytes);
  const all = [...byFile.values()];
  for (const entry of all) entry.items.sort((a, b) => b - a);
  all.sort((a, b) => (b.items[0] ?? 0) - (a.items[0] ?? 0) || a.file.localeCompare(b.file));
  const rows = all.slice((page - 1) * MEDIA_PAGE_SIZE, page * MEDIA_PAGE_SIZE);
  return { rows, total: all.length, page, pageSize: MEDIA_PAGE_SIZE };
}

/** A file some item uses, with its text; null when no item names it (nothing else may be reused). */
export async function findMedia(db: Db, file: string): Promise<MediaEntry | null> {
  if (!file || file.length > 300) return null;
  const [cover, photo, attachment] = await Promise.all([
    db
      .selectFrom('content_items')
      .select(['no', 'cover_alt as text'])
      .where('cover_image', '=', file)
      .executeTakeFirst(),
    db
      .selectFrom('content_gallery')
      .select(['item_no as no', 'caption as text'])
      .where('file', '=', file)
      .executeTakeFirst(),
    db
      .selectFrom('content_attachments')
      .select(['item_no as no', 'label as text', 'size_bytes'])
      .where('file', '=', file)
      .executeTakeFirst(),
  ]);
  const found = [cover, photo, attachment].filter((r) => r !== undefined);
  if (!found.length) return null;
  return {
    file,
    kind: mediaKindOf(file),
    text: found.map((r) => r.text?.trim()).find((t) => t) ?? null,
    items: found.map((r) => Number(r.no)),
    sizeBytes: attachment?.size_bytes === null || attachment === undefined ? null : Number(attachment.size_bytes),
  };
}

export type ReuseAs = 'cover' | 'photo' | 'attachment';

/**
 * Put a file already in use on item `no`: as its cover (a picture; its text becomes the cover's
 * alternative text when the item has none), as a gallery picture, or as an attachment. Returns the
 * cover it replaced (for `deleteUnreferencedMedia`), or 'refused' when the file is not in the list,
 * not a picture where one is needed, or the item does not exist.
 */
export async function reuseMedia(
  db: Db,
  input: { no: number; file: string; as: ReuseAs; staff: string; now?: number },
): Promise<{ replaced: string | null } | 'refused'> {
  const now = input.now ?? Date.now();
  const media = await findMedia(db, input.file);
  if (!media) return 'refused';
  if (input.as !== 'attachment' && media.kind !== 'picture') return 'refused';
  return db.transaction().execute(async (trx) => {
    const item = await trx
      .selectFrom('content_items')
      .select(['cover_image', 'cover_alt', 'title'])
      .where('no', '=', input.no)
      .executeTakeFirst();
    if (!item) return 'refused' as const;
    let replaced: string | null = null;
    if (input.as === 'cover') {
      replaced = item.cover_image && item.cover_image !== media.file ? item.cover_image : null;
      await trx
        .updateTable('content_items')
        .set({ cover_image: media.file, cover_alt: item.cover_alt?.trim() ? item.cover_alt : media.text })
        .where('no', '=', input.no)
        .execute();
    } else {
      const table = input.as === 'photo' ? 'content_gallery' : 'content_attachments';
      const last = await trx
        .selectFrom(table)
        .select((eb) => eb.fn.max('seq').as('seq'))
        .where('item_no', '=', input.no)
        .executeTakeFirst();
      const seq = Number(last?.seq ?? 0) + 1;
      if (table === 'content_gallery') {
        await trx
          .insertInto('content_gallery')
          .values({ item_no: input.no, seq, file: media.file, caption: media.text })
          .execute();
      } else {
        await trx
          .insertInto('content_attachments')
          .values({
            item_no: input.no,
            seq,
            file: media.file,
            label: media.text ?? item.title,
            size_bytes: media.sizeBytes,
          })
          .execute();
      }
    }
    await trx
      .updateTable('content_items')
      .set({ updated_at: now, updated_by: input.staff })
      .where('no', '=', input.no)
      .execute();
    await indexContentItem(trx, input.no, now);
    return { replaced };
  });
}

/** Write a gallery picture's alternative text (its caption); false when the item has no such picture. */
export async function setPhotoCaption(
  db: Db,
  input: { no: number; id: number; caption: string; staff: string; now?: number },
): Promise<boolean> {
  const now = input.now ?? Date.now();
  const result = await db
    .updateTable('content_gallery')
    .set({ caption: input.caption })
    .where('id', '=', input.id)
    .where('item_no', '=', input.no)
    .executeTakeFirst();
  if (!Number(result.numUpdatedRows)) return false;
  await db
    .updateTable('content_items')
    .set({ updated_at: now, updated_by: input.staff })
    .where('no', '=', input.no)
    .execute();
  return true;
}

import { diffArrays } from 'diff';

import { indexContentItem } from '../coop/embedded-search.server';
import type { Db } from '../db/index.server';
import { deleteUnreferencedMedia } from './content-media.server';
import { saveItem, type ContentDraft } from './content.server';

/**
 * What the editors keep of a content item's past (ADR 118): its earlier versions (each save keeps the
 * text it replaced; a restore is itself a save) and the trash (a deleted item is hidden at once and
 * can be restored for `TRASH_DAYS` days, then the next look at the trash or the next delete removes
 * it for good, with its files once nothing else names them).
 */

export const TRASH_DAYS = 30;
const DAY_MS = 86_400_000;
const TRASH_MS = TRASH_DAYS * DAY_MS;

export interface RevisionRow {
  id: number;
  version: number;
  title: string;
  savedAt: number | null;
  savedBy: string | null;
  replacedAt: number;
}

export interface Revision extends RevisionRow {
  itemNo: number;
  /** The text it had; the cover's alternative text is not a revision's (it stays the item's own). */
  draft: Omit<ContentDraft, 'coverAlt'>;
}

/** The earlier versions of an item, newest first. */
export async function listRevisions(db: Db, no: number): Promise<RevisionRow[]> {
  const rows = await db
    .selectFrom('content_revisions')
    .select(['id', 'version', 'title', 'saved_at', 'saved_by', 'replaced_at'])
    .where('item_no', '=', no)
    .orderBy('version', 'desc')
    .orderBy('id', 'desc')
    .limit(200)
    .execute();
  return rows.map((r) => ({
    id: Number(r.id),
    version: Number(r.version),
    title: r.title,
    savedAt: r.saved_at === null ? null : Number(r.saved_at),
    savedBy: r.saved_by,
    replacedAt: Number(r.replaced_at),
  }));
}

/** One earlier version of item `no`; null when it is not one of that item's. */
export async function getRevision(db: Db, no: number, id: number): Promise<Revision | null> {
  if (!Number.isSafeInteger(id) || id < 1) return null;
  const r = await db
    .selectFrom('content_revisions')
    .selectAll()
    .where('id', '=', id)
    .where('item_no', '=', no)
    .executeTakeFirst();
  if (!r) return null;
  return {
    id: Number(r.id),
    itemNo: r.item_no,
    version: Number(r.version),
    title: r.title,
    savedAt: r.saved_at === null ? null : Number(r.saved_at),
    savedBy: r.saved_by,
    replacedAt: Number(r.replaced_at),
    draft: {
      category: r.category,
      title: r.title,
      excerpt: r.excerpt,
      bodyHtml: r.body_html,
      postedAt: Number(r.posted_at),
      videoUrl: r.video_url,
    },
  };
}

/**
 * Put an earlier version's text back: a save like any other (it names the version the editor saw,
 * `VersionConflict` when another save came in between, and keeps the text it replaces as a revision).
 */
export async function restoreRevision(
  db: Db,
  input: { no: number; revisionId: number; version: number; staff: string; now?: number },
): Promise<{ restored: number } | null> {
  const revision = await getRevision(db, input.no, input.revisionId);
  if (!revision) return null;
  const current = await db
    .selectFrom('content_items')
    .select('cover_alt')
    .where('no', '=', input.no)
    .executeTakeFirst();
  const saved = await saveItem(db, {
    no: input.no,
    draft: { ...revision.draft, coverAlt: current?.cover_alt ?? null },
    staff: input.staff,
    version: input.version,
    now: input.now,
  });
  return saved === null ? null : { restored: revision.version };
}

/** A piece of text as a diff shows it: kept, taken out or put in. */
export interface DiffPart {
  kind: 'same' | 'removed' | 'added';
  text: string;
}

const WORDS = new Intl.Segmenter('th', { granularity: 'word' });

/** Words (Thai has no spaces between them: the segmenter finds them), spaces and tags as tokens. */
function tokens(text: string): string[] {
  const out: string[] = [];
  for (const part of text.split(/(<[^<>]*>)/)) {
    if (!part) continue;
    if (part.startsWith('<')) out.push(part);
    else for (const s of WORDS.segment(part)) out.push(s.segment);
  }
  return out;
}

/** What changed from `before` to `after`, word by word. */
export function textDiff(before: string, after: string): DiffPart[] {
  const parts: DiffPart[] = [];
  for (const change of diffArrays(tokens(before), tokens(after))) {
    const kind = change.added ? 'added' : change.removed ? 'removed' : 'same';
    const text = change.value.join('');
    const last = parts.at(-1);
    if (last && last.kind === kind) last.text += text;
    else parts.push({ kind, text });
  }
  return parts;
}

export interface TrashRow {
  no: number;
  title: string;
  categoryLabel: string;
  deletedAt: number;
  deletedBy: string | null;
  /** When it leaves the trash for good. */
  purgeAt: number;
}

/**
 * Move an item to the trash: at once hidden from the public pages, lists, the home page and search
 * (it is a draft while there; whether it was published is kept for its restore). Empties what has
 * been in the trash longer than `TRASH_DAYS` first. False when there is no such item (or it is
 * already in the trash).
 */
export async function trashItem(
  db: Db,
  mediaDir: string,
  no: number,
  staff: string,
  now = Date.now(),
): Promise<boolean> {
  await purgeTrash(db, mediaDir, now);
  const result = await db
    .updateTable('content_items')
    .set((eb) => ({
      deleted_was_published: eb.case().when('disabled', '=', 0).then(1).else(0).end(),
      disabled: 1,
      deleted_at: now,
      deleted_by: staff,
    }))
    .where('no', '=', no)
    .where('deleted_at', 'is', null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

/**
 * Take an item out of the trash, published again if it was. False when it is not in the trash, or
 * has been there longer than `TRASH_DAYS` (it is gone).
 */
export async function restoreFromTrash(db: Db, no: number, staff: string, now = Date.now()): Promise<boolean> {
  const result = await db
    .updateTable('content_items')
    .set((eb) => ({
      disabled: eb.case().when('deleted_was_published', '=', 1).then(0).else(1).end(),
      deleted_at: null,
      deleted_by: null,
      deleted_was_published: null,
      updated_at: now,
      updated_by: staff,
    }))
    .where('no', '=', no)
    .where('deleted_at', 'is not', null)
    .where('deleted_at', '>', now - TRASH_MS)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

/** The title of an item in the trash, or null (not in the trash, or no such item). */
export async function trashedTitle(db: Db, no: number): Promise<string | null> {
  const row = await db
    .selectFrom('content_items')
    .select('title')
    .where('no', '=', no)
    .where('deleted_at', 'is not', null)
    .executeTakeFirst();
  return row?.title ?? null;
}

/** The trash, newest deletion first (what has been there longer than `TRASH_DAYS` is removed first). */
export async function listTrash(db: Db, mediaDir: string, now = Date.now()): Promise<TrashRow[]> {
  await purgeTrash(db, mediaDir, now);
  const rows = await db
    .selectFrom('content_items')
    .innerJoin('content_categories', 'content_categories.code', 'content_items.category')
    .select([
      'content_items.no',
      'content_items.title',
      'content_categories.description',
      'content_items.deleted_at',
      'content_items.deleted_by',
    ])
    .where('content_items.deleted_at', 'is not', null)
    .orderBy('content_items.deleted_at', 'desc')
    .orderBy('content_items.no', 'desc')
    .limit(500)
    .execute();
  return rows.map((r) => ({
    no: r.no,
    title: r.title,
    categoryLabel: r.description,
    deletedAt: Number(r.deleted_at),
    deletedBy: r.deleted_by,
    purgeAt: Number(r.deleted_at) + TRASH_MS,
  }));
}

/** Rolls back a purge of an item restored since it was picked. */
class RestoredMeanwhile extends Error {}

/**
 * Remove for good the items in the trash for longer than `TRASH_DAYS`: the item, its revisions,
 * attachments, gallery and search rows, then its files that nothing else names. Each item in a
 * transaction of its own whose DELETE checks the age again (a restore in between wins). Returns the
 * numbers removed.
 */
export async function purgeTrash(db: Db, mediaDir: string, now = Date.now()): Promise<number[]> {
  const cutoff = now - TRASH_MS;
  const old = await db
    .selectFrom('content_items')
    .select('no')
    .where('deleted_at', 'is not', null)
    .where('deleted_at', '<=', cutoff)
    .limit(100)
    .execute();
  const removed: number[] = [];
  for (const { no } of old) {
    const files = await db
      .transaction()
      .execute(async (trx) => {
        // Children first (their rows name the files); the item's DELETE checks the age again.
        const attachments = await trx
          .deleteFrom('content_attachments')
          .where('item_no', '=', no)
          .returning('file')
          .execute();
        const gallery = await trx.deleteFrom('content_gallery').where('item_no', '=', no).returning('file').execute();
        await trx.deleteFrom('content_revisions').where('item_no', '=', no).execute();
        const item = await trx
          .deleteFrom('content_items')
          .where('no', '=', no)
          .where('deleted_at', 'is not', null)
          .where('deleted_at', '<=', cutoff)
          .returning(['cover_image', 'attachment'])
          .executeTakeFirst();
        if (!item) throw new RestoredMeanwhile();
        await indexContentItem(trx, no, now);
        return [item.cover_image, item.attachment, ...attachments.map((a) => a.file), ...gallery.map((g) => g.file)];
      })
      .catch((error: unknown) => {
        if (error instanceof RestoredMeanwhile) return null;
        throw error;
      });
    if (!files) continue;
    removed.push(no);
    await deleteUnreferencedMedia(db, mediaDir, files);
  }
  return removed;
}

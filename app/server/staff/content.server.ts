import { sql, type Selectable } from 'kysely';

import { parseDateDMY, toBuddhistYear } from '~/lib/thai-format';

import { itemAttachments, itemGallery } from '../coop/embedded-content.server';
import { indexContentItem } from '../coop/embedded-search.server';
import type { ContentItem, DefaultImageKind } from '../coop/types';
import { DEFAULT_IMAGE_KINDS } from '../coop/types';
import type { Db } from '../db/index.server';
import { claimKey, IDEMPOTENCY_KEY_PATTERN, keyRef, settleKey } from '../idempotency.server';
import { contains } from '../db/contains.server';
import type { ContentItemsTable } from '../db/schema';
import { announcementFor } from '../content/publish.server';
import type { DesktopNotification } from '../content/push.server';
import { sanitizeRichText } from '../content/sanitize.server';
import type { StoredMedia } from './content-media.server';

/**
 * Content items as the cooperative's editors manage them (ADR 061): every category the public site
 * shows, drafts and published items alike. Bodies are stored already passed through the public
 * allow-list (the public pages pass them through it again). Every change re-indexes the item for the
 * site search. Callers announce the change to this instance's caches (`contentChanged`).
 */

export const STAFF_PAGE_SIZE = 20;
export const TITLE_MAX = 255;
export const EXCERPT_MAX = 300;
export const BODY_MAX = 60_000;
export const LABEL_MAX = 200;
export const ALT_MAX = 300;
/** Bangkok has had no daylight saving time since 1920: UTC+7 all year. */
const BANGKOK_OFFSET_MS = 7 * 3_600_000;

export interface StaffCategory {
  code: string;
  label: string;
  /** 'A' = page furniture and legal texts (banners, policies): not listed publicly. */
  type: string;
}

/**
 * A draft is on no public page; a published item shows from its publish time (`posted_at`) on: until
 * then it is scheduled (ADR 120). Scheduled is not stored: it is published with a time still to come.
 */
export type ContentState = 'published' | 'scheduled' | 'draft';

/** The state of a stored item at `now`. */
export function stateOf(disabled: number, postedAt: number, now: number): ContentState {
  if (disabled) return 'draft';
  return postedAt > now ? 'scheduled' : 'published';
}

export interface StaffListRow {
  no: number;
  title: string;
  category: string;
  categoryLabel: string;
  postedAt: number;
  state: ContentState;
  updatedAt: number | null;
  updatedBy: string | null;
}

/** The editors' list's orders: newest item date first (the default), oldest first, last edited, title. */
export const CONTENT_SORTS = ['newest', 'oldest', 'updated', 'title'] as const;
export type ContentSort = (typeof CONTENT_SORTS)[number];

export interface StaffListQuery {
  category?: string | null;
  state?: ContentState | null;
  q?: string | null;
  /** Items dated from this instant (inclusive) and before `postedBefore` (exclusive), in ms. */
  postedFrom?: number | null;
  postedBefore?: number | null;
  sort?: ContentSort;
  page: number;
  /** The moment that tells published from scheduled (default: now). */
  now?: number;
  /** Rows a page; STAFF_PAGE_SIZE unless a download asks for more. */
  pageSize?: number;
}

export interface ContentDraft {
  category: string;
  title: string;
  excerpt: string | null;
  /** Already sanitised. */
  bodyHtml: string;
  postedAt: number;
  videoUrl: string | null;
  /** The cover picture's alternative text; null when none was written. */
  coverAlt: string | null;
}

export interface StaffItem extends ContentDraft {
  no: number;
  state: ContentState;
  /** The version of the item's text; a save names it (ADR 118). */
  version: number;
  coverImage: string | null;
  updatedAt: number | null;
  updatedBy: string | null;
  attachments: { id: number; file: string; label: string; sizeBytes: number | null }[];
  gallery: { id: number; file: string; caption: string | null }[];
}

/** The form's fields as typed (strings), for showing them back. */
export interface ContentFormValues {
  category: string;
  title: string;
  excerpt: string;
  body: string;
  date: string;
  time: string;
  videoUrl: string;
  coverAlt: string;
  attachmentLabel: string;
}

export type ContentField = keyof ContentFormValues | 'cover' | 'attachment';
export type FieldErrors = Partial<Record<ContentField, string>>;

/** Every category an editor may write in (active ones), in the site's order. */
export async function listCategories(db: Db): Promise<StaffCategory[]> {
  const rows = await db
    .selectFrom('content_categories')
    .select(['code', 'description', 'type'])
    .where('status', '=', 1)
    .orderBy('sort')
    .orderBy('code')
    .execute();
  return rows.map((r) => ({ code: r.code, label: r.description, type: r.type }));
}

/** Items for the editors' list: newest first, filtered by category, state and words of the title. */
export async function listItems(
  db: Db,
  query: StaffListQuery,
): Promise<{ rows: StaffListRow[]; total: number; page: number; pageSize: number }> {
  let base = db
    .selectFrom('content_items')
    .innerJoin('content_categories', 'content_categories.code', 'content_items.category')
    .where('content_items.deleted_at', 'is', null);
  if (query.category) base = base.where('content_items.category', '=', query.category);
  const now = query.now ?? Date.now();
  if (query.state === 'draft') base = base.where('content_items.disabled', '=', 1);
  else if (query.state) {
    base = base
      .where('content_items.disabled', '=', 0)
      .where('content_items.posted_at', query.state === 'scheduled' ? '>' : '<=', now);
  }
  const words = (query.q ?? '').trim().slice(0, 100);
  if (words) {
    // Escaped as typed: a title search for "100%" finds the titles that say 100%.
    base = base.where(contains(sql`lower(content_items.title)`, words.toLowerCase()));
  }
  if (query.postedFrom != null) base = base.where('content_items.posted_at', '>=', query.postedFrom);
  if (query.postedBefore != null) base = base.where('content_items.posted_at', '<', query.postedBefore);
  const pageSize = query.pageSize ?? STAFF_PAGE_SIZE;
  const sort = query.sort ?? 'newest';
  const [count, rows] = await Promise.all([
    base.select((eb) => eb.fn.countAll<number | string>().as('n')).executeTakeFirstOrThrow(),
    base
      .select([
        'content_items.no',
        'content_items.title',
        'content_items.category',
        'content_categories.description',
        'content_items.posted_at',
        'content_items.disabled',
        'content_items.updated_at',
        'content_items.updated_by',
      ])
      .$if(sort === 'title', (qb) => qb.orderBy('content_items.title'))
      // Never edited: its date stands for its last change (NULLs sort alike on both stores).
      .$if(sort === 'updated', (qb) =>
        qb.orderBy(sql`coalesce(content_items.updated_at, content_items.posted_at)`, 'desc'),
      )
      .orderBy('content_items.posted_at', sort === 'oldest' ? 'asc' : 'desc')
      .orderBy('content_items.no', sort === 'oldest' ? 'asc' : 'desc')
      .limit(pageSize)
      .offset((query.page - 1) * pageSize)
      .execute(),
  ]);
  return {
    rows: rows.map((r) => ({
      no: r.no,
      title: r.title,
      category: r.category,
      categoryLabel: r.description,
      postedAt: Number(r.posted_at),
      state: stateOf(r.disabled, Number(r.posted_at), now),
      updatedAt: r.updated_at === null ? null : Number(r.updated_at),
      updatedBy: r.updated_by,
    })),
    total: Number(count.n),
    page: query.page,
    pageSize,
  };
}

/** One item as the editor sees it, published or not; null when there is no such item. */
export async function getItem(db: Db, no: number, now: number = Date.now()): Promise<StaffItem | null> {
  if (!Number.isSafeInteger(no) || no < 1 || no > 2_147_483_647) return null;
  const row = await db
    .selectFrom('content_items')
    .selectAll()
    .where('no', '=', no)
    .where('deleted_at', 'is', null)
    .executeTakeFirst();
  if (!row) return null;
  const [attachments, gallery] = await Promise.all([
    itemAttachments(db, no).select(['id', 'file', 'label', 'size_bytes']).execute(),
    itemGallery(db, no).select(['id', 'file', 'caption']).execute(),
  ]);
  return {
    no: row.no,
    category: row.category,
    title: row.title,
    excerpt: row.excerpt,
    bodyHtml: row.body_html,
    postedAt: Number(row.posted_at),
    videoUrl: row.video_url,
    coverAlt: row.cover_alt,
    state: stateOf(row.disabled, Number(row.posted_at), now),
    version: Number(row.version),
    coverImage: row.cover_image,
    updatedAt: row.updated_at === null ? null : Number(row.updated_at),
    updatedBy: row.updated_by,
    attachments: attachments.map((a) => ({
      id: Number(a.id),
      file: a.file,
      label: a.label,
      sizeBytes: a.size_bytes === null ? null : Number(a.size_bytes),
    })),
    gallery: gallery.map((g) => ({ id: Number(g.id), file: g.file, caption: g.caption })),
  };
}

/** The form's values of a stored item (dates in Buddhist era, Bangkok time). */
export function formValuesOf(item: StaffItem | null, now: number = Date.now()): ContentFormValues {
  const { date, time } = bangkokDateTime(item?.postedAt ?? now);
  return {
    category: item?.category ?? '',
    title: item?.title ?? '',
    excerpt: item?.excerpt ?? '',
    body: item?.bodyHtml ?? '',
    date,
    time,
    videoUrl: item?.videoUrl ?? '',
    coverAlt: item?.coverAlt ?? '',
    attachmentLabel: '',
  };
}

/** `DD/MM/BBBB` and `HH:MM` of a moment in Bangkok. */
export function bangkokDateTime(ms: number): { date: string; time: string } {
  const local = new Date(ms + BANGKOK_OFFSET_MS);
  const pad = (n: number) => String(n).padStart(2, '0');
  return {
    date: `${pad(local.getUTCDate())}/${pad(local.getUTCMonth() + 1)}/${toBuddhistYear(local.getUTCFullYear())}`,
    time: `${pad(local.getUTCHours())}:${pad(local.getUTCMinutes())}`,
  };
}

/** A Buddhist-era date and an optional `HH:MM` (or `HH.MM`) in Bangkok as epoch ms; null if invalid. */
export function parseBangkokDateTime(date: string, time: string): number | null {
  const iso = parseDateDMY(date);
  if (!iso) return null;
  const t = time.trim() === '' ? ['0', '0'] : /^(\d{1,2})[:.](\d{2})$/.exec(time.trim())?.slice(1);
  if (!t) return null;
  const [hours, minutes] = t.map(Number) as [number, number];
  if (hours > 23 || minutes > 59) return null;
  const [y, m, d] = iso.split('-').map(Number) as [number, number, number];
  return Date.UTC(y, m - 1, d, hours, minutes) - BANGKOK_OFFSET_MS;
}

/** Thai messages of the form's checks, by field. */
export const MESSAGES = {
  category: 'กรุณาเลือกหมวดหมู่',
  title: 'กรุณากรอกหัวข้อ',
  titleLong: `หัวข้อต้องยาวไม่เกิน ${TITLE_MAX} ตัวอักษร`,
  excerptLong: `คำโปรยต้องยาวไม่เกิน ${EXCERPT_MAX} ตัวอักษร`,
  bodyLong: `เนื้อหาต้องยาวไม่เกิน ${BODY_MAX.toLocaleString('en-US')} ตัวอักษร`,
  date: 'กรุณากรอกวันที่เผยแพร่ในรูปแบบ วว/ดด/ปปปป (พ.ศ.) และเวลาในรูปแบบ ชช:นน',
  videoUrl: 'ลิงก์วิดีโอต้องขึ้นต้นด้วย https:// หรือ http://',
  labelLong: `ชื่อไฟล์แนบต้องยาวไม่เกิน ${LABEL_MAX} ตัวอักษร`,
  coverAltLong: `คำอธิบายรูปหน้าปกต้องยาวไม่เกิน ${ALT_MAX} ตัวอักษร`,
  coverAlt: 'กรุณากรอกคำอธิบายรูปหน้าปก (ข้อความแทนรูป) ก่อนเผยแพร่',
  photoAlt: (n: number) => `กรุณากรอกคำอธิบายภาพที่ ${n} ในแกลเลอรี ก่อนเผยแพร่`,
  bodyAlt: 'รูปในเนื้อหาทุกรูปต้องมีคำอธิบาย (alt="…") ก่อนเผยแพร่',
  newPhotoAlt: 'เนื้อหานี้เผยแพร่แล้ว รูปที่แนบต้องมีคำอธิบายภาพ กรุณากรอกในช่องชื่อไฟล์แนบหรือคำอธิบายรูป',
} as const;

/** Read the form's text fields into a draft, or the errors to show next to each field. */
export function parseDraft(
  fields: Map<string, string>,
  categories: readonly StaffCategory[],
): { values: ContentFormValues; draft: ContentDraft | null; errors: FieldErrors } {
  const get = (name: string) => (fields.get(name) ?? '').replace(/\r\n?/g, '\n');
  const values: ContentFormValues = {
    category: get('category').trim(),
    title: get('title').replace(/\s+/g, ' ').trim(),
    excerpt: get('excerpt').replace(/\s+/g, ' ').trim(),
    body: get('body').trim(),
    date: get('date').trim(),
    time: get('time').trim(),
    videoUrl: get('videoUrl').trim(),
    coverAlt: get('coverAlt').replace(/\s+/g, ' ').trim(),
    attachmentLabel: get('attachmentLabel').replace(/\s+/g, ' ').trim(),
  };
  const errors: FieldErrors = {};
  if (!categories.some((c) => c.code === values.category)) errors.category = MESSAGES.category;
  if (!values.title) errors.title = MESSAGES.title;
  else if ([...values.title].length > TITLE_MAX) errors.title = MESSAGES.titleLong;
  if ([...values.excerpt].length > EXCERPT_MAX) errors.excerpt = MESSAGES.excerptLong;
  if (values.body.length > BODY_MAX) errors.body = MESSAGES.bodyLong;
  const postedAt = parseBangkokDateTime(values.date, values.time);
  if (postedAt === null) errors.date = MESSAGES.date;
  let videoUrl: string | null = null;
  if (values.videoUrl) {
    try {
      const url = new URL(values.videoUrl);
      if (url.protocol !== 'https:' && url.protocol !== 'http:') throw new Error('scheme');
      videoUrl = url.href;
    } catch {
      errors.videoUrl = MESSAGES.videoUrl;
    }
  }
  if ([...values.attachmentLabel].length > LABEL_MAX) errors.attachmentLabel = MESSAGES.labelLong;
  if ([...values.coverAlt].length > ALT_MAX) errors.coverAlt = MESSAGES.coverAltLong;
  if (Object.keys(errors).length || postedAt === null) return { values, draft: null, errors };
  return {
    values,
    draft: {
      category: values.category,
      title: values.title,
      excerpt: values.excerpt || null,
      bodyHtml: sanitizeRichText(values.body),
      postedAt,
      videoUrl,
      coverAlt: values.coverAlt || null,
    },
    errors,
  };
}

/** The scope of new items' one-time form keys in `idempotency_keys`. */
const CONTENT_CREATE_SCOPE = 'content:create';

/** The item a new item's form key has created already, or null (ADR 148). */
export async function itemCreatedWith(db: Db, formKey: string): Promise<number | null> {
  if (!IDEMPOTENCY_KEY_PATTERN.test(formKey)) return null;
  const ref = await keyRef(db, CONTENT_CREATE_SCOPE, formKey);
  return ref ? Number(ref) : null;
}

export interface SaveMedia {
  cover?: StoredMedia | null;
  /** A PDF becomes an attachment; a picture a photo of the item's gallery. */
  attachment?: { media: StoredMedia; label: string } | null;
}

/**
 * A save named a version of the item that is no longer the current one: another editor saved in
 * between (ADR 118). Nothing was changed.
 */
export class VersionConflict extends Error {
  constructor() {
    super('content item changed since it was read');
    this.name = 'VersionConflict';
  }
}

/**
 * Create (no `no`) or change an item. A new item is a draft until it is published. A change names
 * the `version` it was edited from: when another save came in between, `VersionConflict` is thrown
 * and nothing changes (the UPDATE's WHERE checks the version, ADR 118). A change keeps the item's
 * text as it was before in `content_revisions`. Returns the item's number, or null when `no` names
 * no item (or one in the trash).
 */
export async function saveItem(
  db: Db,
  input: {
    no?: number;
    draft: ContentDraft;
    media?: SaveMedia;
    staff: string;
    now?: number;
    version?: number;
    /** A new item's one-time form key: a second save with it creates nothing and answers the first's item. */
    formKey?: string;
  },
): Promise<number | null> {
  const now = input.now ?? Date.now();
  const { draft, media = {} } = input;
  const formKey =
    input.no === undefined && input.formKey && IDEMPOTENCY_KEY_PATTERN.test(input.formKey) ? input.formKey : null;
  const no = await db.transaction().execute(async (trx) => {
    // The key is claimed in the transaction that creates the item: both are stored, or neither.
    if (formKey) {
      const claimed = await claimKey(trx, CONTENT_CREATE_SCOPE, formKey, now);
      if (claimed?.firstRef) return Number(claimed.firstRef);
    }
    const columns = {
      category: draft.category,
      title: draft.title,
      excerpt: draft.excerpt,
      body_html: draft.bodyHtml,
      posted_at: draft.postedAt,
      video_url: draft.videoUrl,
      cover_alt: draft.coverAlt,
      updated_at: now,
      updated_by: input.staff,
      ...(media.cover && { cover_image: media.cover.file }),
    };
    let itemNo: number;
    if (input.no === undefined) {
      const row = await trx
        .insertInto('content_items')
        .values({ ...columns, author: null, event_date: null, attachment: null, pageview: 0, disabled: 1, sort: 0 })
        .returning('no')
        .executeTakeFirstOrThrow();
      itemNo = Number(row.no);
      if (formKey) await settleKey(trx, CONTENT_CREATE_SCOPE, formKey, String(itemNo));
    } else {
      const current = await trx
        .selectFrom('content_items')
        .select([
          'version',
          'category',
          'title',
          'excerpt',
          'body_html',
          'posted_at',
          'video_url',
          'updated_at',
          'updated_by',
        ])
        .where('no', '=', input.no)
        .where('deleted_at', 'is', null)
        .executeTakeFirst();
      if (!current) return null;
      const version = input.version ?? Number(current.version);
      if (version !== Number(current.version)) throw new VersionConflict();
      if (!sameText(current, draft)) {
        await trx
          .insertInto('content_revisions')
          .values({
            item_no: input.no,
            version,
            category: current.category,
            title: current.title,
            excerpt: current.excerpt,
            body_html: current.body_html,
            posted_at: Number(current.posted_at),
            video_url: current.video_url,
            saved_at: current.updated_at === null ? null : Number(current.updated_at),
            saved_by: current.updated_by,
            replaced_at: now,
          })
          .execute();
      }
      // The version read above is checked again by the UPDATE itself: of two saves of one version
      // only one changes the row; the other throws, which rolls its revision back.
      const result = await trx
        .updateTable('content_items')
        .set({ ...columns, version: version + 1 })
        .where('no', '=', input.no)
        .where('version', '=', version)
        .where('deleted_at', 'is', null)
        .executeTakeFirst();
      if (!Number(result.numUpdatedRows)) throw new VersionConflict();
      itemNo = input.no;
    }
    const attachment = media.attachment;
    if (attachment) {
      const table = attachment.media.kind === 'pdf' ? 'content_attachments' : 'content_gallery';
      const last = await trx
        .selectFrom(table)
        .select((eb) => eb.fn.max('seq').as('seq'))
        .where('item_no', '=', itemNo)
        .executeTakeFirst();
      const seq = Number(last?.seq ?? 0) + 1;
      if (table === 'content_attachments') {
        await trx
          .insertInto('content_attachments')
          .values({
            item_no: itemNo,
            seq,
            file: attachment.media.file,
            label: attachment.label || draft.title,
            size_bytes: attachment.media.sizeBytes,
          })
          .execute();
      } else {
        await trx
          .insertInto('content_gallery')
          .values({ item_no: itemNo, seq, file: attachment.media.file, caption: attachment.label || null })
          .execute();
      }
    }
    await indexContentItem(trx, itemNo, now);
    return itemNo;
  });
  return no;
}

/** Whether a stored item's text is the draft's. */
function sameText(
  row: Pick<Selectable<ContentItemsTable>, 'category' | 'title' | 'excerpt' | 'body_html' | 'posted_at' | 'video_url'>,
  draft: ContentDraft,
): boolean {
  return (
    row.category === draft.category &&
    row.title === draft.title &&
    (row.excerpt ?? null) === draft.excerpt &&
    row.body_html === draft.bodyHtml &&
    Number(row.posted_at) === draft.postedAt &&
    (row.video_url ?? null) === draft.videoUrl
  );
}

/** Take a file off an item (its file is deleted by the caller once nothing names it: `deleteUnreferencedMedia`). */
export async function removeFile(db: Db, no: number, kind: 'attachment' | 'photo', id: number): Promise<boolean> {
  const table = kind === 'attachment' ? 'content_attachments' : 'content_gallery';
  const result = await db.deleteFrom(table).where('id', '=', id).where('item_no', '=', no).executeTakeFirst();
  return Number(result.numDeletedRows) > 0;
}

/** Take the cover picture off an item. */
export async function removeCover(db: Db, no: number, staff: string, now = Date.now()): Promise<boolean> {
  const result = await db
    .updateTable('content_items')
    .set({ cover_image: null, cover_alt: null, updated_at: now, updated_by: staff })
    .where('no', '=', no)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

/**
 * Publish (shown on the public site, in lists, the home page and search) or unpublish (a draft
 * again) an item. Returns the announcement of a published item for the push channel, `true` for an
 * unpublished one, null when there is no such item. Search shows only published items at query time,
 * so the index needs no change here.
 */
export async function setPublished(
  db: Db,
  no: number,
  published: boolean,
  staff: string,
  now = Date.now(),
): Promise<DesktopNotification | true | null> {
  const result = await db
    .updateTable('content_items')
    .set({ disabled: published ? 0 : 1, updated_at: now, updated_by: staff })
    .where('no', '=', no)
    .where('deleted_at', 'is', null)
    .executeTakeFirst();
  if (!Number(result.numUpdatedRows)) return null;
  if (!published) return true;
  const item = await db
    .selectFrom('content_items')
    .select(['no', 'title', 'body_html', 'excerpt'])
    .where('no', '=', no)
    .executeTakeFirstOrThrow();
  return announcementFor({ no: item.no, title: item.title, body_html: item.excerpt ?? item.body_html });
}

/**
 * Publish or unpublish several items at once (the list's bulk action, ADR 122): each as its own
 * button would, so an item whose pictures lack alternative text is not published (ADR 121). Answers
 * the numbers changed and how many were held back for their pictures; the rest were so already or gone.
 */
export async function setPublishedMany(
  db: Db,
  numbers: readonly number[],
  published: boolean,
  staff: string,
): Promise<{ changed: number[]; withoutAlt: number }> {
  if (!numbers.length) return { changed: [], withoutAlt: 0 };
  const current = await db
    .selectFrom('content_items')
    .select(['no', 'disabled'])
    .where('no', 'in', [...numbers])
    .where('deleted_at', 'is', null)
    .execute();
  const changed: number[] = [];
  let withoutAlt = 0;
  for (const row of current) {
    if ((row.disabled === 0) === published) continue; // already so
    if (published) {
      const item = await getItem(db, row.no);
      if (!item) continue;
      if (altTextProblems(item).length) {
        withoutAlt++;
        continue;
      }
    }
    if ((await setPublished(db, row.no, published, staff)) !== null) changed.push(row.no);
  }
  return { changed, withoutAlt };
}

function defaultImageKind(value: string): DefaultImageKind {
  return (DEFAULT_IMAGE_KINDS as readonly string[]).includes(value) ? (value as DefaultImageKind) : 'news';
}

/** An item as the public item page would show it, published or not (the editor's preview). */
export async function previewItem(db: Db, no: number): Promise<ContentItem | null> {
  const item = await getItem(db, no);
  if (!item) return null;
  return previewOf(db, item);
}

/**
 * A draft as the public item page would show it, from the form's fields and what the item already
 * holds (its number, cover and files; none for a new item): the preview before saving (ADR 120).
 * Nothing is written.
 */
export async function previewOf(
  db: Db,
  item: ContentDraft & Partial<Pick<StaffItem, 'no' | 'coverImage' | 'gallery' | 'attachments'>>,
): Promise<ContentItem> {
  const category = await db
    .selectFrom('content_categories')
    .select(['code', 'description', 'type', 'content_type', 'background', 'default_image'])
    .where('code', '=', item.category)
    .executeTakeFirstOrThrow();
  const defaultImage = defaultImageKind(category.default_image);
  return {
    no: item.no ?? 0,
    category: item.category,
    categoryLabel: category.description,
    title: item.title,
    postedAt: new Date(item.postedAt),
    coverImage: item.coverImage ?? null,
    coverAlt: item.coverAlt,
    defaultImage,
    categoryInfo: {
      code: category.code,
      label: category.description,
      type: category.type,
      contentType: category.content_type,
      background: category.background,
      defaultImage,
    },
    bodyHtml: item.bodyHtml,
    author: null,
    eventDate: null,
    gallery: (item.gallery ?? []).map((g) => ({ file: g.file, caption: g.caption })),
    attachments: (item.attachments ?? []).map((a) => ({ file: a.file, label: a.label, sizeBytes: a.sizeBytes })),
    videoUrl: item.videoUrl,
  };
}

/** `<img>` tags of a sanitised body without a non-empty `alt`. */
function bodyPicturesWithoutAlt(bodyHtml: string): number {
  const tags = bodyHtml.match(/<img\b[^>]*>/gi) ?? [];
  return tags.filter((tag) => !/\salt\s*=\s*("\s*[^"\s][^"]*"|'\s*[^'\s][^']*')/i.test(tag)).length;
}

/**
 * What keeps an item from being published (ADR 121): a cover, a gallery picture or a picture in the
 * body without alternative text. A draft may lack them; publishing (and saving a published item)
 * asks for them. Field by field, in the form's order; empty when nothing is missing.
 */
export function altTextProblems(
  item: Pick<StaffItem, 'coverImage' | 'coverAlt' | 'bodyHtml' | 'gallery'>,
): { field: 'coverAlt' | 'body' | 'gallery'; message: string }[] {
  const problems: { field: 'coverAlt' | 'body' | 'gallery'; message: string }[] = [];
  if (bodyPicturesWithoutAlt(item.bodyHtml)) problems.push({ field: 'body', message: MESSAGES.bodyAlt });
  if (item.coverImage && !item.coverAlt?.trim()) problems.push({ field: 'coverAlt', message: MESSAGES.coverAlt });
  item.gallery.forEach((photo, i) => {
    if (!photo.caption?.trim()) problems.push({ field: 'gallery', message: MESSAGES.photoAlt(i + 1) });
  });
  return problems;
}

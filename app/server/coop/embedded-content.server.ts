import type { Db } from '../db/index.server';
import {
  DEFAULT_IMAGE_KINDS,
  type CoopBackend,
  type ContentCategory,
  type ContentSummary,
  type DefaultImageKind,
  type InterestRate,
  type PolicyKind,
} from './types';

/** Category codes of page furniture and legal texts: never listed at `/list/{topicId}` (type A). */
const HIDDEN_TYPE = 'A';
/** Categories whose newest items make the home page's latest news. */
export const HOME_NEWS_CATEGORIES = ['news', 'news_activity', 'notice'] as const;
export const BANNER_CATEGORY = 'banner';
export const GALLERY_CATEGORY = 'activity-gallary';
export const POLICY_CATEGORY: Record<PolicyKind, string> = { privacy: 'policy', cookies: 'cookie_policy' };

const HOME_LIMITS = { latest: 6, banners: 5, gallery: 4 } as const;

type Feeds = Pick<CoopBackend, 'getHomeContent' | 'getTopicPage' | 'getContentItem' | 'getPolicy'>;

interface CategoryRow {
  code: string;
  description: string;
  type: string;
  content_type: string;
  background: string | null;
  default_image: string;
}

interface SummaryRow {
  no: number;
  category: string;
  description: string;
  title: string;
  posted_at: number;
  cover_image: string | null;
  default_image: string;
}

function defaultImageKind(value: string): DefaultImageKind {
  return (DEFAULT_IMAGE_KINDS as readonly string[]).includes(value) ? (value as DefaultImageKind) : 'news';
}

function toCategory(row: CategoryRow): ContentCategory {
  return {
    code: row.code,
    label: row.description,
    type: row.type,
    contentType: row.content_type,
    background: row.background,
    defaultImage: defaultImageKind(row.default_image),
  };
}

function toSummary(row: SummaryRow): ContentSummary {
  return {
    no: row.no,
    category: row.category,
    categoryLabel: row.description,
    title: row.title,
    postedAt: new Date(Number(row.posted_at)),
    coverImage: row.cover_image,
    defaultImage: defaultImageKind(row.default_image),
  };
}

/** An item's gallery pictures in their order; the caller picks the columns (the staff's editor adds the ids). */
export function itemGallery(db: Db, no: number) {
  return db.selectFrom('content_gallery').where('item_no', '=', no).orderBy('seq').orderBy('id');
}

/** An item's attachments in their order; the caller picks the columns, as with `itemGallery`. */
export function itemAttachments(db: Db, no: number) {
  return db.selectFrom('content_attachments').where('item_no', '=', no).orderBy('seq').orderBy('id');
}

/**
 * The public website's content over our own tables (ADR 011). An item shows once it is published
 * (`disabled = 0`) and its publish time has come (`posted_at <= now`, read on every request: a
 * scheduled item appears at its time with no job to run it, ADR 120).
 */
export function createContentFeeds(db: Db, now: () => number = Date.now): Feeds {
  /** Published items of active categories whose time has come, with what a summary needs. */
  function published() {
    return db
      .selectFrom('content_items')
      .innerJoin('content_categories', 'content_categories.code', 'content_items.category')
      .select([
        'content_items.no',
        'content_items.category',
        'content_categories.description',
        'content_items.title',
        'content_items.posted_at',
        'content_items.cover_image',
        'content_categories.default_image',
      ])
      .where('content_items.disabled', '=', 0)
      .where('content_items.posted_at', '<=', now())
      .where('content_categories.status', '=', 1);
  }

  async function summaries(categories: readonly string[], limit: number): Promise<ContentSummary[]> {
    const rows = await published()
      .where('content_items.category', 'in', categories)
      .orderBy('content_items.sort', 'desc')
      .orderBy('content_items.posted_at', 'desc')
      .orderBy('content_items.no', 'desc')
      .limit(limit)
      .execute();
    return rows.map(toSummary);
  }

  async function item(no: number) {
    const row = await db
      .selectFrom('content_items')
      .innerJoin('content_categories', 'content_categories.code', 'content_items.category')
      .select([
        'content_items.no',
        'content_items.category',
        'content_items.title',
        'content_items.body_html',
        'content_items.author',
        'content_items.posted_at',
        'content_items.event_date',
        'content_items.cover_image',
        'content_items.video_url',
        'content_items.cover_alt',
        'content_categories.code',
        'content_categories.description',
        'content_categories.type',
        'content_categories.content_type',
        'content_categories.background',
        'content_categories.default_image',
      ])
      .where('content_items.no', '=', no)
      .where('content_items.disabled', '=', 0)
      .where('content_items.posted_at', '<=', now())
      .where('content_categories.status', '=', 1)
      .executeTakeFirst();
    if (!row) return null;
    const [gallery, attachments] = await Promise.all([
      itemGallery(db, no).select(['file', 'caption']).execute(),
      itemAttachments(db, no).select(['file', 'label', 'size_bytes']).execute(),
    ]);
    return {
      ...toSummary(row),
      categoryInfo: toCategory(row),
      bodyHtml: row.body_html,
      author: row.author,
      eventDate: row.event_date,
      gallery: gallery.map((g) => ({ file: g.file, caption: g.caption })),
      attachments: attachments.map((a) => ({
        file: a.file,
        label: a.label,
        sizeBytes: a.size_bytes === null ? null : Number(a.size_bytes),
      })),
      videoUrl: row.video_url,
      coverAlt: row.cover_alt,
    };
  }

  async function rates(kind: 'deposit' | 'loan'): Promise<InterestRate[]> {
    const rows = await db
      .selectFrom('interest_rates')
      .select(['name', 'rate', 'note', 'effective_date'])
      .where('kind', '=', kind)
      .orderBy('sort')
      .orderBy('id')
      .execute();
    return rows.map((r) => ({ name: r.name, rate: r.rate, note: r.note, effectiveDate: r.effective_date }));
  }

  return {
    async getHomeContent() {
      const [latest, banners, gallery, deposit, loan] = await Promise.all([
        summaries(HOME_NEWS_CATEGORIES, HOME_LIMITS.latest),
        summaries([BANNER_CATEGORY], HOME_LIMITS.banners),
        summaries([GALLERY_CATEGORY], HOME_LIMITS.gallery),
        rates('deposit'),
        rates('loan'),
      ]);
      return { latest, banners, gallery, rates: { deposit, loan } };
    },

    async getTopicPage(topicId, { page, pageSize }) {
      const category = await db
        .selectFrom('content_categories')
        .select(['code', 'description', 'type', 'content_type', 'background', 'default_image'])
        .where('code', '=', topicId)
        .where('status', '=', 1)
        .where('type', '!=', HIDDEN_TYPE)
        .executeTakeFirst();
      if (!category) return null;
      // The items of this one category, which is known to be active: what a summary takes from the
      // category comes from its row, without joining it to every item.
      const at = now();
      const [count, rows] = await Promise.all([
        db
          .selectFrom('content_items')
          .select((eb) => eb.fn.countAll<number | string>().as('n'))
          .where('category', '=', topicId)
          .where('disabled', '=', 0)
          .where('posted_at', '<=', at)
          .executeTakeFirstOrThrow(),
        db
          .selectFrom('content_items')
          .select(['no', 'category', 'title', 'posted_at', 'cover_image', 'body_html', 'excerpt'])
          .where('category', '=', topicId)
          .where('disabled', '=', 0)
          .where('posted_at', '<=', at)
          .orderBy('sort', 'desc')
          .orderBy('posted_at', 'desc')
          .orderBy('no', 'desc')
          .limit(pageSize)
          .offset((page - 1) * pageSize)
          .execute(),
      ]);
      const { description, default_image } = category;
      return {
        category: toCategory(category),
        items: {
          rows: rows.map((r) => ({
            ...toSummary({ ...r, description, default_image }),
            bodyHtml: r.body_html,
            excerpt: r.excerpt,
          })),
          total: Number(count.n),
          page,
          pageSize,
        },
      };
    },

    async getContentItem(no) {
      // Item numbers are 32-bit integers on PostgreSQL; anything else cannot exist.
      if (!Number.isSafeInteger(no) || no < 1 || no > 2_147_483_647) return null;
      return item(no);
    },

    async getPolicy(kind) {
      const newest = await db
        .selectFrom('content_items')
        .select('no')
        .where('category', '=', POLICY_CATEGORY[kind])
        .where('disabled', '=', 0)
        .where('posted_at', '<=', now())
        .orderBy('posted_at', 'desc')
        .orderBy('no', 'desc')
        .executeTakeFirst();
      return newest ? item(newest.no) : null;
    },
  };
}

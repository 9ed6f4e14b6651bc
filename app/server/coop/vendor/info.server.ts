import type {
  ContentCategory,
  ContentItem,
  ContentListItem,
  ContentSearchResult,
  ContentSummary,
  FooterPhone,
  HomeContent,
  InterestRate,
  MenuEntry,
  Page,
} from '../types';
import { HOME_BLOCKS } from '../http/schemas.server';
import { formatDateDMY } from '~/lib/thai-format';

import { mapPage, paginator, vendorDateTime, vendorFlag, vendorInt } from './wire.server';

/**
 * Domain → vendor serializers of the public feeds (docs/vendor-api.md, ADR 019): the menu,
 * the home page's blocks, a category's list, one item and the site search. Each writes what the
 * adapter's schemas (`../http/schemas.server.ts`) read; a content item is the vendor's `www_data` row.
 */

type Json = Record<string, unknown>;

/** `GET /api/info/manu`: `list_manu`, `list_sub_manu` (children by `manu_id` = the parent's seq), `tel_footerweb`. */
export function infoManuBody(menu: MenuEntry[], phones: FooterPhone[]): Json {
  return {
    list_manu: menu.map((m) => ({
      seq: String(m.seq),
      manu_name: m.label,
      manu_name_eng: m.labelEn,
      url: m.url,
      icon: m.icon,
      is_parent: vendorFlag(m.isParent),
      status: '1',
    })),
    list_sub_manu: menu.flatMap((m) =>
      m.children.map((c) => ({
        seq: String(c.seq),
        manu_id: String(m.seq),
        description: c.label,
        url: c.url,
        status: '1',
      })),
    ),
    tel_footerweb: phones.map((p) => ({ Question: p.label, Note: p.link })),
  };
}

/**
 * A content item as the vendor's `www_data` row, in the column names' case the vendor's info screens
 * read (`No`, `Question`, `Date`…): the date as the table's Bangkok wall time, the event date as the
 * Buddhist-era `DD/MM/BBBB` text the vendor keeps in `ReplayDate`. The first attachment goes in
 * `ndata`, as the vendor keeps it; a whole item adds them all in `attachments` (ADR 025).
 */
export function contentRow(s: ContentSummary, extra: Partial<ContentItem & ContentListItem> = {}): Json {
  const file = extra.attachments?.[0]?.file ?? null;
  const attachments = extra.attachments && {
    attachments: extra.attachments.map((a) => ({ file: a.file, label: a.label, size_bytes: vendorInt(a.sizeBytes) })),
  };
  return {
    No: String(s.no),
    Category: s.category,
    Question: s.title,
    Note: extra.bodyHtml ?? '',
    Name: extra.author ?? null,
    Date: vendorDateTime(s.postedAt),
    ReplayDate: extra.eventDate ? formatDateDMY(extra.eventDate) : null,
    nphoto: s.coverImage,
    ndata: file,
    nlink: file ? 'file' : null,
    nmedia: extra.videoUrl ?? null,
    datadisable: '0',
    // Sahakorn's (ADR 025): `Date` to the millisecond.
    posted_at: s.postedAt.toISOString(),
    // Sahakorn's (ADR 061): the editor's own excerpt, in a topic list's rows.
    ...(extra.excerpt !== undefined && { excerpt: extra.excerpt }),
    // Sahakorn's (ADR 121): the cover's alternative text, in a whole item.
    ...(extra.coverAlt !== undefined && { cover_alt: extra.coverAlt }),
    ...attachments,
  };
}

/** A row of Sahakorn's rate tables (ADR 025): the rate as its decimal string. */
function rateRow(r: InterestRate): Json {
  return { name: r.name, rate: r.rate, note: r.note, effective_date: r.effectiveDate };
}

/** The news blocks of the vendor's home feed a summary can go in: its category's, or the relations one. */
function homeBlockOf(category: string): (typeof HOME_BLOCKS)[number] {
  const news = HOME_BLOCKS.filter((b) => b !== 'slider_banner' && b !== 'pic_activity') as string[];
  return (news.includes(category) ? category : 'news_relations') as (typeof HOME_BLOCKS)[number];
}

/**
 * `GET /api/info/home`: the banners in `slider_banner`, the gallery in `pic_activity`, the latest news
 * in the block of their category. The vendor keeps its interest rates as content items
 * (`deposit_rates`, `loan_rates`), not rows: ours go as rows in the additive `rates` (ADR 025).
 */
export function infoHomeBody(home: HomeContent): Json {
  const body: Json = Object.fromEntries(HOME_BLOCKS.map((b) => [b, [] as Json[]]));
  body.slider_banner = home.banners.map((s) => contentRow(s));
  body.pic_activity = home.gallery.map((s) => contentRow(s));
  for (const s of home.latest) (body[homeBlockOf(s.category)] as Json[]).push(contentRow(s));
  body.rates = { deposit: home.rates.deposit.map(rateRow), loan: home.rates.loan.map(rateRow) };
  return body;
}

/** `GET /api/info/list/{category}?page=N`: a page of the category and its facts. */
export function infoListBody(category: ContentCategory, items: Page<ContentListItem>, path: string): Json {
  return {
    list_data: paginator(
      mapPage(items, (i) => contentRow(i, { bodyHtml: i.bodyHtml, excerpt: i.excerpt ?? null })),
      path,
    ),
    types: category.label,
    news_last: [],
    gtype: category.type,
    content_type: category.contentType,
  };
}

/** A legal text (terms, policies): the vendor keeps each as a category whose list is its items. */
export function legalListBody(item: ContentItem): Json {
  return {
    list_data: [contentRow(item, item)],
    types: item.categoryInfo.label,
    news_last: [],
    gtype: item.categoryInfo.type,
    content_type: item.categoryInfo.contentType,
  };
}

/** The vendor's answer for a category it does not know. */
export const unknownListBody = (): Json => ({ list_data: [], types: null, news_last: [] });

/** `GET /api/info/show/{no}`: the item, its category's facts and its gallery. */
export function infoShowBody(item: ContentItem): Json {
  return {
    show: contentRow(item, item),
    types: item.categoryInfo.label,
    gtype: item.categoryInfo.type,
    content_type: item.categoryInfo.contentType,
    // `caption` is Sahakorn's (ADR 025).
    pic_activity: item.gallery.map((g, i) => ({ seq: String(i + 1), path_img: g.file, caption: g.caption })),
    news_last: [],
  };
}

/** `GET /api/info/download`: the download topic's items, all in `list_data.data` (not a paginator). */
export function downloadListBody(category: ContentCategory, items: ContentListItem[]): Json {
  return {
    list_data: { data: items.map((i) => contentRow(i, { bodyHtml: i.bodyHtml, excerpt: i.excerpt ?? null })) },
    types: category.label,
    news_last: [],
    gtype: category.type,
    content_type: category.contentType,
  };
}

/** The `types` of the vendor's search list. */
export const SEARCH_LIST_TYPES = 'การค้นหา';

/**
 * `POST /api/info/list/search`: a page of matching items as the vendor's content list sends them
 * (`list_data`, a paginator of whole `www_data` rows), titled `การค้นหา`.
 */
export function searchListBody(items: Page<ContentItem>, path: string): Json {
  return {
    list_data: paginator(
      mapPage(items, (i) => contentRow(i, i)),
      path,
    ),
    types: SEARCH_LIST_TYPES,
    news_last: [],
  };
}

/** The vendor's answer for an item it does not have. */
export const unknownShowBody = (): Json => ({ show: null, news_last: [] });

/** `POST /api/info/list/smartsearch`: `CWL200SUCCESS`, or `CWL0004ERROR` (ไม่พบข้อมูล) with no hits. */
export function smartSearchBody(result: ContentSearchResult): Json {
  const recommened = result.recommended.map((r) => ({ question: r.question, note: r.note }));
  if (!result.found) {
    return { code: 'CWL0004ERROR', message: 'ไม่พบข้อมูล', result: { isSearchFound: '0', result: [], recommened } };
  }
  return {
    code: 'CWL200SUCCESS',
    message: 'สำเร็จ',
    result: {
      isSearchFound: '1',
      result: result.hits.map((h) => ({
        no: String(h.no),
        question: h.question,
        note: h.note,
        find_note: String(h.findNote),
      })),
      // The vendor's spelling (sic).
      recommened,
    },
  };
}

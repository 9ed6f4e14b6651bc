/**
 * The demo website content as table rows: categories, items (dated and numbered), gallery photos,
 * attachments and interest rates. Pure and deterministic (an RNG stream and `now`); the files the
 * rows refer to are listed in DEMO_MEDIA and written by `writeDemoMedia`.
 */
import type { Insertable } from 'kysely';

import { site } from '../../config/site';
import { escapeMarkup } from '../../lib/markup';
import type { Database } from '../db/schema';
import {
  CATEGORIES,
  COOKIE_POLICY_HTML,
  COOKIE_POLICY_TITLE,
  HISTORY,
  ITEMS,
  POLICY_HTML,
  POLICY_TITLE,
  TERMS_HTML,
  TERMS_TITLE,
  type ItemSeed,
} from './content-data';
import { BANNERS, EXTRA_ITEMS, RATES, periodicItems } from './content-extra';
import { demoPdf, type DemoMediaManifest } from './content-media';
import { onBangkokDay } from './recent';
import type { Rng } from './rng';

type Row<T extends keyof Database> = Insertable<Database[T]>;

/** Fixed content item numbers (stable on SQLite and PostgreSQL alike). */
export const CONTENT_NO = {
  history: 1246,
  terms: 1247,
  /** The privacy policy (`/privacy-policy/private-policy`). */
  policy: 1248,
  /** The cookie policy (`/privacy-policy/cookies-policy`). */
  cookiePolicy: 1249,
  /** Every other item is numbered from here, oldest first. */
  firstItem: 1250,
} as const;

const DAY = 86_400_000;
const pad = (n: number) => String(n).padStart(2, '0');

const PHOTOS = Array.from({ length: 16 }, (_, i) => `images/content/photo-${pad(i + 1)}.png`);
const HISTORY_PHOTO = 'images/content/history.png';
const BANNER_FILES = BANNERS.map((_, i) => `images/banner/banner-${pad(i + 1)}.png`);
/** A picture of a type the site refuses (only bmp, gif, jpeg and png are shown): the default shows instead. */
export const REFUSED_COVER = 'images/content/infographic.svg';
/** A picture that is not on the media store: the default shows instead. */
export const MISSING_COVER = 'images/content/photo-missing.png';
/** Titles of the items that carry those two covers (tests look them up). */
export const REFUSED_COVER_TITLE = 'แนะนำการตั้งรหัสผ่านให้ปลอดภัยสำหรับระบบสมาชิกออนไลน์';
export const MISSING_COVER_TITLE = 'สหกรณ์ฯ ปรับปรุงพื้นที่บริการสมาชิก ชั้น 1';

/** News posted today and yesterday (whatever the shuffle gave them). */
const RECENT_NEWS: readonly (readonly [string, number])[] = [
  ['ระวังมิจฉาชีพแอบอ้างเป็นเจ้าหน้าที่สหกรณ์', 3 * 3600_000],
  ['เชิญชวนสมาชิกรับข่าวสารผ่าน LINE Official Account ของสหกรณ์', DAY + 2 * 3600_000],
];

/** Categories whose items often have a cover photo (the others show their default picture). */
const ILLUSTRATED = new Set(['news', 'news_activity', 'club', 'welfare', 'scholarship', 'achievement', 'video']);

const ALL_ITEMS: readonly ItemSeed[] = [...ITEMS, ...EXTRA_ITEMS];

function attachmentFiles(item: ItemSeed): string[] {
  return [...(item.attachment ? [item.attachment] : []), ...(item.attachments ?? []).map((a) => a.file)];
}

/** Every file the demo content refers to, except the deliberately missing one. */
export const DEMO_MEDIA: DemoMediaManifest = {
  photos: [...PHOTOS, HISTORY_PHOTO],
  banners: BANNER_FILES,
  pdfs: [...new Set([...ALL_ITEMS, ...periodicItems(Date.UTC(2025, 0, 15))].flatMap((item) => attachmentFiles(item)))],
  refused: [REFUSED_COVER],
};

const YOUTUBE_ID_CHARS = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_';

function fill(text: string, postedAt: number, extra: Record<string, string> = {}): string {
  const be = new Date(postedAt).getUTCFullYear() + 543;
  let out = text.replaceAll('{be1}', String(be - 1)).replaceAll('{be}', String(be));
  for (const [k, v] of Object.entries(extra)) out = out.replaceAll(`{${k}}`, v);
  return out;
}

const groupDigits = (n: number): string => n.toLocaleString('en-US', { maximumFractionDigits: 20 });

const isoDate = (ms: number): string => new Date(ms).toISOString().slice(0, 10);

export interface ContentSeed {
  categories: Row<'content_categories'>[];
  items: Row<'content_items'>[];
  gallery: Row<'content_gallery'>[];
  attachments: Row<'content_attachments'>[];
  rates: Row<'interest_rates'>[];
  /** When the terms of use were published (registered members accepted them after this). */
  termsPostedAt: number;
}

/** Build the demo website content. */
/** The latest noon (Bangkok) on this month and day that is at least two days before `nowMs`. */
function lastSeasonDay(nowMs: number, { month, day }: { month: number; day: number }): number {
  const latest = nowMs - 2 * DAY;
  const year = new Date(latest).getUTCFullYear();
  // 05:00 UTC is noon in Bangkok.
  const at = (y: number) => Date.UTC(y, month - 1, day, 5);
  return at(year) <= latest ? at(year) : at(year - 1);
}

/** Figures the content states that the member data must agree with, by Buddhist-era year. */
export interface ContentFacts {
  /** The dividend and average-return rates paid for a year (`'6.25'`), when known. */
  dividendRates: ReadonlyMap<number, { dividend: string; averageReturn: string }>;
}

export function buildContent(rng: Rng, nowMs: number, memberCount: number, facts?: ContentFacts): ContentSeed {
  const categories: Row<'content_categories'>[] = CATEGORIES.map((c, i) => ({
    code: c.code,
    description: c.description,
    type: c.type,
    content_type: c.content_type,
    status: 1,
    sort: i + 1,
    background: c.background ?? null,
    default_image: c.default_image,
  }));

  // Ordinary items: shuffled, then spread over the last 18 months, newest two days ago; periodic
  // publications and banners carry their own dates. Numbered oldest first.
  const order = rng.shuffle(ALL_ITEMS);
  const start = nowMs - 548 * DAY;
  const end = nowMs - 2 * DAY;
  const step = (end - start) / Math.max(1, order.length - 1);
  const dated: { seed: ItemSeed; postedAt: number; sort: number }[] = order.map((seed, i) => {
    const jitter = rng.int(-3 * 3600_000, 3 * 3600_000);
    const postedAt = seed.season
      ? lastSeasonDay(nowMs, seed.season) + jitter
      : Math.min(end, Math.max(start, Math.round(start + i * step + jitter)));
    return { seed, postedAt, sort: 0 };
  });
  // Two news items are from today and yesterday, so the home page shows every kind of date.
  for (const [title, ago] of RECENT_NEWS) {
    const recent = dated.find((d) => d.seed.title === title);
    if (recent) recent.postedAt = onBangkokDay(nowMs, ago);
  }
  for (const p of periodicItems(nowMs)) dated.push({ seed: p, postedAt: p.postedAt, sort: 0 });
  // Banners keep their order on the home page through `sort`.
  BANNERS.forEach((seed, i) => dated.push({ seed, postedAt: nowMs - (20 + i * 9) * DAY, sort: BANNERS.length - i }));
  dated.sort((a, b) => a.postedAt - b.postedAt);

  // `{dividendRate}` and `{returnRate}`: the rates the member data holds for the year before posting.
  const ratesOf = (postedAt: number): Record<string, string> => {
    const known = [...(facts?.dividendRates ?? [])].sort(([a], [b]) => b - a);
    const year = new Date(postedAt).getUTCFullYear() + 543 - 1;
    const rates = facts?.dividendRates.get(year) ?? known[0]?.[1];
    return rates ? { dividendRate: rates.dividend, returnRate: rates.averageReturn } : {};
  };
  const items: Row<'content_items'>[] = [];
  const gallery: Row<'content_gallery'>[] = [];
  const attachments: Row<'content_attachments'>[] = [];
  // Covers go round the photos in date order: any 16 illustrated items in a row show 16 different ones.
  let nextPhoto = 0;
  dated.forEach(({ seed, postedAt, sort }, i) => {
    const no = CONTENT_NO.firstItem + i;
    const title = fill(seed.title, postedAt);
    let cover: string | null = null;
    if (seed.category === 'banner') cover = BANNER_FILES[BANNERS.indexOf(seed)] ?? null;
    else if (seed.category === 'activity-gallary' || (ILLUSTRATED.has(seed.category) && rng.chance(0.6))) {
      cover = PHOTOS[nextPhoto++ % PHOTOS.length] ?? null;
    }
    if (seed.title === REFUSED_COVER_TITLE) cover = REFUSED_COVER;
    if (seed.title === MISSING_COVER_TITLE) cover = MISSING_COVER;

    if (seed.category === 'activity-gallary') {
      const photos = rng.shuffle(PHOTOS).slice(0, rng.int(5, 8));
      photos.forEach((file, seq) => gallery.push({ item_no: no, seq: seq + 1, file, caption: null }));
    }
    const files = [
      ...(seed.attachment ? [{ file: seed.attachment, label: title }] : []),
      ...(seed.attachments ?? []).map((a) => ({ file: a.file, label: a.label ?? title })),
    ];
    files.forEach((a, seq) =>
      attachments.push({ item_no: no, seq: seq + 1, file: a.file, label: a.label, size_bytes: demoPdf(a.file).length }),
    );
    const videoUrl =
      seed.category === 'video'
        ? `https://www.youtube.com/watch?v=${Array.from({ length: 11 }, () => rng.pick([...YOUTUBE_ID_CHARS])).join('')}`
        : null;
    items.push({
      no,
      category: seed.category,
      title,
      body_html: seed.paragraphs.map((p) => `<p>${escapeMarkup(fill(p, postedAt, ratesOf(postedAt)))}</p>`).join('\n'),
      author: seed.author,
      posted_at: postedAt,
      event_date: ['news_activity', 'club'].includes(seed.category) ? isoDate(postedAt - rng.int(1, 10) * DAY) : null,
      cover_image: cover,
      attachment: null,
      video_url: videoUrl,
      pageview: rng.int(15, 2400),
      disabled: 0,
      sort,
    });
  });

  const historyPostedAt = nowMs - 730 * DAY;
  items.push({
    no: CONTENT_NO.history,
    category: 'history',
    title: HISTORY.title,
    body_html: HISTORY.paragraphs
      .map(
        (p) =>
          `<p>${escapeMarkup(fill(p, historyPostedAt, { name: site.nameTh, members: groupDigits(memberCount) }))}</p>`,
      )
      .join('\n'),
    author: 'ฝ่ายบริหารทั่วไป',
    posted_at: historyPostedAt,
    event_date: null,
    cover_image: HISTORY_PHOTO,
    attachment: null,
    video_url: null,
    pageview: rng.int(800, 5000),
    disabled: 0,
    sort: 0,
  });

  const termsPostedAt = nowMs - 400 * DAY;
  const placeholders = {
    name: escapeMarkup(site.nameTh),
    address: escapeMarkup(site.address),
    phone: escapeMarkup(site.phone.label),
  };
  for (const [no, category, title, html] of [
    [CONTENT_NO.terms, 'term_of_conditional', TERMS_TITLE, TERMS_HTML],
    [CONTENT_NO.policy, 'policy', POLICY_TITLE, POLICY_HTML],
    [CONTENT_NO.cookiePolicy, 'cookie_policy', COOKIE_POLICY_TITLE, COOKIE_POLICY_HTML],
  ] as const) {
    items.push({
      no,
      category,
      title,
      body_html: fill(html, termsPostedAt, placeholders),
      author: 'ฝ่ายบริหารทั่วไป',
      posted_at: termsPostedAt,
      event_date: null,
      cover_image: null,
      attachment: null,
      video_url: null,
      pageview: 0,
      disabled: 0,
      sort: 0,
    });
  }

  const effective = new Date(nowMs - 120 * DAY);
  const effectiveDate = isoDate(Date.UTC(effective.getUTCFullYear(), effective.getUTCMonth(), 1));
  const rates: Row<'interest_rates'>[] = RATES.map((r, i) => ({
    kind: r.kind,
    name: r.name,
    rate: r.rate,
    note: r.note ?? null,
    effective_date: effectiveDate,
    sort: i + 1,
  }));

  return { categories, items, gallery, attachments, rates, termsPostedAt };
}

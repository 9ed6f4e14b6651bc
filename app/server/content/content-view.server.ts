import {
  formatDate,
  formatDateTime,
  formatFileSize,
  formatRelativeTime,
  truncate,
  truncateQuestion,
} from '~/lib/thai-format';
import { topicClass } from '~/lib/topics';

import { mediaUrl, type ContentImage, type ContentImageResolver } from './content-image.server';
import type { ContentCategory, ContentItem, ContentListItem, ContentSummary } from '../coop/types';
import { richTextToPlain, sanitizeRichText } from './sanitize.server';

/**
 * Turns content from the backend into what the public pages print: checked pictures, truncated
 * titles (spec §5), relative and BE dates (spec §9), sanitised bodies. Runs in loaders only.
 */

export interface CardView {
  no: number;
  href: string;
  /** Truncated to 120 graphemes (titles are the core system's "Question"). */
  title: string;
  /** The whole title when `title` was truncated. */
  fullTitle: string | null;
  categoryLabel: string;
  posted: string;
  postedIso: string;
  picture: ContentImage;
}

export interface ListCardView extends CardView {
  /** The body's first words, truncated to 80 graphemes. */
  excerpt: string;
}

export interface CategoryView {
  code: string;
  label: string;
  /** Its topic list; null for categories that are not listed (page furniture, legal texts). */
  href: string | null;
  className: string;
}

/** Meta descriptions are cut here (search engines show about this much). */
const DESCRIPTION_LENGTH = 150;

export function categoryView(category: ContentCategory): CategoryView {
  return {
    code: category.code,
    label: category.label,
    href: category.type === 'A' ? null : `/list/${encodeURIComponent(category.code)}`,
    className: topicClass(category.background),
  };
}

export async function cardView(item: ContentSummary, images: ContentImageResolver, now: Date): Promise<CardView> {
  const title = truncateQuestion(item.title);
  return {
    no: item.no,
    href: `/show/${item.no}`,
    title,
    fullTitle: title === item.title ? null : item.title,
    categoryLabel: item.categoryLabel,
    posted: formatRelativeTime(item.postedAt, now),
    postedIso: item.postedAt.toISOString(),
    picture: await images.resolve(item.coverImage, item.defaultImage),
  };
}

export async function listCardView(
  item: ContentListItem,
  images: ContentImageResolver,
  now: Date,
): Promise<ListCardView> {
  return {
    ...(await cardView(item, images, now)),
    excerpt: truncate(item.excerpt?.trim() || richTextToPlain(item.bodyHtml)),
  };
}

/** A meta description: plain text, at most 150 graphemes. */
export function describe(text: string): string {
  return truncate(text.replace(/\s+/g, ' ').trim(), DESCRIPTION_LENGTH);
}

export interface AttachmentView {
  href: string;
  label: string;
  /** `PDF`, `DOCX`… */
  type: string;
  size: string | null;
}

export interface PhotoView {
  src: string;
  alt: string;
}

export interface VideoView {
  href: string;
  /** The host, shown with the link so people know where it goes. */
  host: string;
}

export interface ItemView {
  no: number;
  title: string;
  category: CategoryView;
  posted: string;
  postedIso: string;
  author: string | null;
  eventDate: string | null;
  /** Sanitised HTML. */
  bodyHtml: string;
  /** The item's own picture; null when it has none that can be shown (no default on the item page). */
  cover: ContentImage | null;
  /** The cover's alternative text ('' when the editor wrote none: then it is taken as decoration). */
  coverAlt: string;
  gallery: PhotoView[];
  attachments: AttachmentView[];
  video: VideoView | null;
  description: string;
}

/** A video link is shown only for an absolute http(s) URL. */
export function videoView(url: string | null): VideoView | null {
  if (!url) return null;
  try {
    const parsed = new URL(url.trim());
    if (parsed.protocol !== 'https:' && parsed.protocol !== 'http:') return null;
    return { href: parsed.href, host: parsed.hostname.replace(/^www\./, '') };
  } catch {
    return null;
  }
}

export async function itemView(item: ContentItem, images: ContentImageResolver): Promise<ItemView> {
  const cover = await images.resolve(item.coverImage, item.defaultImage);
  const photos = await Promise.all(
    item.gallery.map(async (photo) => ({ photo, picture: await images.resolve(photo.file, item.defaultImage) })),
  );
  const shown = photos.filter((p) => !p.picture.isDefault);
  const plain = richTextToPlain(item.bodyHtml);
  return {
    no: item.no,
    title: item.title,
    category: categoryView(item.categoryInfo),
    posted: formatDateTime(item.postedAt, 'long'),
    postedIso: item.postedAt.toISOString(),
    author: item.author,
    eventDate: item.eventDate ? formatDate(item.eventDate, 'long') : null,
    bodyHtml: sanitizeRichText(item.bodyHtml),
    cover: cover.isDefault ? null : cover,
    coverAlt: item.coverAlt?.trim() ?? '',
    gallery: shown.map(({ photo, picture }, i) => ({
      src: picture.src,
      alt: photo.caption ?? `ภาพที่ ${i + 1} จาก ${shown.length}: ${item.title}`,
    })),
    attachments: item.attachments.map((a) => ({
      href: mediaUrl(a.file),
      label: a.label,
      type: (/\.([a-z0-9]+)$/i.exec(a.file)?.[1] ?? '').toUpperCase(),
      size: a.sizeBytes === null ? null : formatFileSize(a.sizeBytes),
    })),
    video: videoView(item.videoUrl),
    description: describe(plain || item.title),
  };
}

/** `?page=N`: absent → 1; a positive integer up to 10,000 → N; anything else → null (not found). */
export function parsePage(url: URL): number | null {
  const raw = url.searchParams.get('page');
  if (raw === null || raw === '') return 1;
  if (!/^[1-9]\d{0,4}$/.test(raw)) return null;
  const page = Number(raw);
  return page <= 10_000 ? page : null;
}

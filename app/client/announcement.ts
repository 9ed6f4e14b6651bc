/** What may follow /show/: a content number or slug; never a scheme, host or path. */
const SAFE_URL = /^[A-Za-z0-9][A-Za-z0-9_.~-]{0,99}$/;

/** A desktop notification as push.ts shows it. */
export interface Announcement {
  title: string;
  body: string;
  /** The part after `/show/`. */
  url: string;
}

/**
 * The `desktopNotify` event's data (ADR 020) as the page may show it: a title (at most 200
 * characters), a body (500) and an address on this site; null for anything else.
 */
export function readAnnouncement(data: unknown): Announcement | null {
  if (!data || typeof data !== 'object') return null;
  const { title, body, url } = data as Record<string, unknown>;
  const text = (value: unknown, max: number) => (typeof value === 'string' ? value.trim().slice(0, max) : '');
  const path = typeof url === 'number' ? String(url) : typeof url === 'string' ? url : '';
  const announcement = { title: text(title, 200), body: text(body, 500), url: path };
  return announcement.title && SAFE_URL.test(announcement.url) ? announcement : null;
}

/** How long a tab remembers an announcement it has shown, so a later copy is not shown again. */
export const SEEN_FOR_MS = 60_000;

/** The record of shown announcements without those older than SEEN_FOR_MS (or with no valid time). */
export function freshSeen(seen: unknown, now: number): Record<string, number> {
  const fresh: Record<string, number> = {};
  if (!seen || typeof seen !== 'object') return fresh;
  for (const [key, at] of Object.entries(seen)) {
    if (typeof at === 'number' && now - at < SEEN_FOR_MS) fresh[key] = at;
  }
  return fresh;
}

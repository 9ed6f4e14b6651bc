import { LRUCache } from 'lru-cache';

import type { PublicChange } from '../content/public-content.server';
import { shareOutcome } from '../http/shared-outcome.server';
import type { CoopBackend } from './types';

/** Site-wide feeds every public page asks for: the same for every visitor. */
const SHARED_FEEDS = ['getMenu', 'getFooterPhones', 'getHomeContent'] as const;
type SharedFeed = (typeof SHARED_FEEDS)[number];

/**
 * Keeps the answers of the site-wide feeds in memory for `ttlMs` (ADR 014). Safe to be stale for that
 * long: menus and the home arrangement change a few times a month. A failed call is not kept, and
 * while a call is under way others wait for the same answer instead of asking again. They share its
 * failure too, but never a thrown `Response` object: each waiting request throws a 503 of its own
 * (`shareOutcome`), whose body it can read.
 */
export function cacheSharedFeeds(
  backend: CoopBackend,
  ttlMs: number,
  now: () => number = Date.now,
  /**
   * Registers a listener told when public content changed on this instance: a change of the menu,
   * footer or home (`all`) forgets every kept answer; a board post or a demand answer changes none
   * of these feeds and keeps them.
   */
  clearOn?: (listener: (change: PublicChange) => void) => unknown,
): CoopBackend {
  if (ttlMs <= 0) return backend;
  const kept = new LRUCache<SharedFeed, () => Promise<unknown>>({
    max: SHARED_FEEDS.length,
    ttl: ttlMs,
    ttlResolution: 0,
    perf: { now },
  });
  clearOn?.((change) => {
    if (change.scope === 'all') kept.clear();
  });
  const cached = { ...backend } as Record<string, unknown>;
  for (const name of SHARED_FEEDS) {
    const call = backend[name].bind(backend) as () => Promise<unknown>;
    cached[name] = () => {
      const entry = kept.get(name);
      if (entry) return entry();
      const value = call();
      const shared = shareOutcome(value);
      kept.set(name, shared);
      value.catch(() => {
        if (kept.peek(name) === shared) kept.delete(name);
      });
      return shared();
    };
  }
  return cached as unknown as CoopBackend;
}

import { LRUCache } from 'lru-cache';

import type { PublicChange } from '../content/public-content.server';
import { markServedStale } from '../http/request-context.server';
import type { CoopBackend } from './types';
import { isUnavailable } from './unavailable.server';

/**
 * Public feeds: the same answer for every visitor, read without credentials. Only these are kept —
 * never a call that takes a member's credentials or changes anything.
 */
export const PUBLIC_FEEDS = [
  'getMenu',
  'getFooterPhones',
  'getHomeContent',
  'getTopicPage',
  'getContentItem',
  'getTerms',
  'getPolicy',
  'searchContent',
] as const satisfies readonly (keyof CoopBackend)[];

const KEPT = new Set<string | symbol>(PUBLIC_FEEDS);

/**
 * The kept calls whose answers a change of public content may have made wrong (ADR 096). A staff
 * edit (`all`) may touch any of them. The board and the demand list are never kept, and no kept feed
 * shows them (the menu, footer, home, topic lists, items, legal texts and search are content items):
 * a board post or a demand answer leaves every copy as it is, so an outage right after one is still
 * answered from the copies.
 */
export function callsChangedBy(change: PublicChange): readonly string[] {
  return change.scope === 'all' ? PUBLIC_FEEDS : [];
}

export interface LastGoodOptions {
  /** Copies kept, least recently used out first (default 300). */
  maxEntries?: number;
  now?: () => number;
  /** Told when a kept copy is served (default: marks the current request as stale). */
  onStale?: (fetchedAt: number, call: string) => void;
  /** Registers a listener told what public content changed on this instance: its copies are forgotten. */
  clearOn?: (listener: (change: PublicChange) => void) => unknown;
}

/**
 * Keeps the last successful answer of each public feed per arguments, in memory, and serves it when
 * the same call later fails because the backend is unavailable (ADR 021). The request is marked as
 * served stale (`markServedStale`): its page shows the copy's age and is not stored by caches.
 * Without a copy the failure passes through (the 503 page). Other errors (a 404, a bug) pass as well.
 */
export function keepLastGood(backend: CoopBackend, options: LastGoodOptions = {}): CoopBackend {
  const maxEntries = options.maxEntries ?? 300;
  const now = options.now ?? Date.now;
  const onStale = options.onStale ?? ((fetchedAt: number) => markServedStale(fetchedAt));
  // No TTL: a copy is replaced by the next good answer, and served only while the backend fails.
  const kept = new LRUCache<string, { value: unknown; fetchedAt: number }>({ max: maxEntries });
  options.clearOn?.((change) => {
    const calls = new Set(callsChangedBy(change));
    for (const key of [...kept.keys()]) if (calls.has(key.slice(0, key.indexOf('\u0000')))) kept.delete(key);
  });

  return new Proxy(backend, {
    get(target, property, receiver) {
      const value: unknown = Reflect.get(target, property, receiver);
      if (typeof value !== 'function' || !KEPT.has(property)) return value;
      const call = String(property);
      return async (...args: unknown[]) => {
        const key = `${call}\u0000${JSON.stringify(args)}`;
        try {
          const answer: unknown = await (value as (...a: unknown[]) => Promise<unknown>).apply(target, args);
          kept.set(key, { value: answer, fetchedAt: now() });
          return answer;
        } catch (error) {
          // Served again, a copy becomes the most recently used.
          const copy = kept.get(key);
          if (!copy || !isUnavailable(error)) throw error;
          onStale(copy.fetchedAt, call);
          return copy.value;
        }
      };
    },
  });
}

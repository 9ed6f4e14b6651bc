import type { AppLoadContext } from '@remix-run/node';

import { SEARCH_TEXT, type RecommendedView, type SearchView } from '~/components/info/search';
import { parseListPage } from '~/lib/forms/board';
import { safeRedirect } from '~/lib/safe-redirect';
import { truncateQuestion } from '~/lib/thai-format';

import { app } from '../app.server';
import { SEARCH_RESULT_LIMIT, type ContentSearchResult, type RecommendedLink } from '../coop/types';
import { hit } from '../rate-limit.server';
import { excerpt, highlight } from './highlight';
import { MAX_QUERY_LENGTH, queryTerms } from './segment';
import { addressLimitKey } from '../auth/limit-address.server';

/** Searches per client address and minute: generous for people, a brake for scrapers. */
export const SEARCH_LIMITS = { windowMs: 60_000, perAddress: 60 } as const;

export interface SearchAnswer {
  view: SearchView;
  status: number;
  headers: Record<string, string>;
}

/** Checks `q` as the spec asks (required, §5) plus a length cap; null when it is acceptable. */
export function queryError(query: string): string | null {
  if (!query) return SEARCH_TEXT.required;
  if ([...query].length > MAX_QUERY_LENGTH) return SEARCH_TEXT.tooLong;
  return null;
}

/** A recommended item's Note as a link we are willing to render: a path here or http(s) elsewhere. */
export function recommendedHref(note: string): string | null {
  const value = note.trim();
  if (/^https?:\/\/[^\s]+$/i.test(value)) return value;
  const path = safeRedirect(value, '');
  return path || null;
}

function recommendedView(items: RecommendedLink[]): RecommendedView[] {
  return items.flatMap((item) => {
    const href = recommendedHref(item.note);
    return href ? [{ label: item.question, href }] : [];
  });
}

/** The view of a backend answer: titles cut to 120 graphemes, Note excerpts, matches highlighted. */
export function toSearchView(query: string, answer: ContentSearchResult, page = 1): SearchView {
  const terms = queryTerms(query);
  return {
    query,
    error: null,
    result: {
      total: answer.total,
      page,
      pages: Math.max(1, Math.ceil(answer.total / SEARCH_RESULT_LIMIT)),
      hits: answer.hits.map((h) => ({
        no: h.no,
        href: `/show/${h.no}`,
        question: highlight(truncateQuestion(h.question), terms),
        note: h.findNote > 0 ? highlight(excerpt(h.note, terms), terms) : null,
      })),
    },
    recommended: recommendedView(answer.recommended),
  };
}

/**
 * Runs the search of a `?q=` request for the page and for the dialog's fragment alike: validates,
 * rate-limits per address, asks the backend and shapes the view. With no `q` at all it shows the
 * empty form and the recommended menu.
 */
export async function searchRequest(request: Request, context: AppLoadContext): Promise<SearchAnswer> {
  const raw = new URL(request.url).searchParams.get('q');
  const query = (raw ?? '').replace(/\s+/g, ' ').trim();
  const { backend } = await app();
  if (raw === null) {
    const { recommended } = await backend.searchContent('');
    return {
      view: { query, error: null, result: null, recommended: recommendedView(recommended) },
      status: 200,
      headers: {},
    };
  }
  const error = queryError(query);
  if (error) {
    const { recommended } = await backend.searchContent('');
    return {
      view: { query, error, result: null, recommended: recommendedView(recommended) },
      status: 400,
      headers: {},
    };
  }
  const now = Date.now();
  const limit = await hit(addressLimitKey('search', context.clientAddress), SEARCH_LIMITS.windowMs, now);
  if (limit.count > SEARCH_LIMITS.perAddress) {
    const seconds = Math.max(1, Math.ceil((limit.resetAt - now) / 1000));
    return {
      view: { query, error: SEARCH_TEXT.tooMany, result: null, recommended: [] },
      status: 429,
      headers: { 'Retry-After': String(seconds) },
    };
  }
  const page = parseListPage(new URL(request.url));
  const answer = await backend.searchContent(query, page);
  if (page > 1 && !answer.hits.length) {
    // Past the last page (the index changed, or a hand-made link): the first page instead.
    return { view: toSearchView(query, await backend.searchContent(query, 1)), status: 200, headers: {} };
  }
  return { view: toSearchView(query, answer, page), status: 200, headers: {} };
}

import { bangkokMonth } from './dashboard.server';
import {
  CONTENT_SORTS,
  type ContentSort,
  type ContentState,
  type StaffCategory,
  type StaffListQuery,
} from './content.server';

/**
 * The editors' content list's filters (ADR 122), as its GET form, its page links and its CSV download
 * carry them in the query string: category, state, words of the title, the period (this Bangkok
 * month up to now) and the order. Anything else is ignored.
 */
export interface ContentFilters {
  category: string;
  state: ContentState | '';
  q: string;
  period: 'month' | '';
  sort: ContentSort;
}

export function contentFilters(params: URLSearchParams, categories: readonly StaffCategory[]): ContentFilters {
  const rawCategory = params.get('category') ?? '';
  const rawState = params.get('state') ?? '';
  const rawSort = params.get('sort') ?? '';
  return {
    category: categories.some((c) => c.code === rawCategory) ? rawCategory : '',
    state: rawState === 'published' || rawState === 'scheduled' || rawState === 'draft' ? rawState : '',
    q: (params.get('q') ?? '').slice(0, 100),
    period: params.get('period') === 'month' ? 'month' : '',
    sort: (CONTENT_SORTS as readonly string[]).includes(rawSort) ? (rawSort as ContentSort) : 'newest',
  };
}

/** The store's query for the filters (page 1 unless given). */
export function contentListQuery(filters: ContentFilters, page = 1, now = Date.now()): StaffListQuery {
  return {
    now,
    category: filters.category || null,
    state: filters.state || null,
    q: filters.q,
    sort: filters.sort,
    postedFrom: filters.period === 'month' ? bangkokMonth(now).start : null,
    postedBefore: filters.period === 'month' ? now + 1 : null,
    page,
  };
}

/** The filters as a query string (defaults left out), with a page when given. */
export function contentSearchParams(filters: ContentFilters, page?: number): URLSearchParams {
  const params = new URLSearchParams();
  if (filters.category) params.set('category', filters.category);
  if (filters.state) params.set('state', filters.state);
  if (filters.q) params.set('q', filters.q);
  if (filters.period) params.set('period', filters.period);
  if (filters.sort !== 'newest') params.set('sort', filters.sort);
  if (page !== undefined) params.set('page', String(page));
  return params;
}

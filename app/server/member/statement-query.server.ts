import * as z from 'zod';

import type { StatementQueryResult } from '~/lib/forms/statement-query';
import {
  pageCount,
  STATEMENT_PAGE_MAX,
  STATEMENT_PAGE_SIZE,
  STATEMENT_QUERY_MESSAGES,
} from '~/lib/forms/statement-query';
import { parseDateDMY } from '~/lib/thai-format';

import type { Page, StatementQuery as BackendStatementQuery } from '../coop/types';
import { notFoundUnless } from '~/server/http/responses.server';

/**
 * The statement pages' GET query, validated on the server only (the filter is a plain GET form), so
 * zod stays out of those pages' browser bundles (docs/performance.md, ADR 023).
 */

/** Optional BE `DD/MM/BBBB` text → Gregorian `YYYY-MM-DD`; missing or blank → undefined. */
const optionalBeDate = z
  .string()
  .nullish()
  .transform((value, ctx) => {
    const text = (value ?? '').trim();
    if (text === '') return undefined;
    const iso = parseDateDMY(text);
    if (iso === null) {
      ctx.addIssue({ code: 'custom', message: STATEMENT_QUERY_MESSAGES.dateInvalid, input: value });
      return z.NEVER;
    }
    return iso;
  });

/** Page number: a positive integer, capped at 10000; missing or junk → 1. Never fails. */
const pageField = z
  .string()
  .nullish()
  .catch(null)
  .transform((value) => {
    const text = (value ?? '').trim();
    if (!/^\d{1,12}$/.test(text)) return 1;
    const n = Number(text);
    return n < 1 ? 1 : Math.min(n, STATEMENT_PAGE_MAX);
  });

/** The statement pages' GET query: `?from=01/01/2568&to=31/12/2568&page=2`. */
export const StatementQuerySchema = z
  .object({
    from: optionalBeDate,
    to: optionalBeDate,
    page: pageField,
  })
  .superRefine((value, ctx) => {
    // ISO dates compare correctly as strings.
    if (value.from !== undefined && value.to !== undefined && value.to < value.from) {
      ctx.addIssue({ code: 'custom', message: STATEMENT_QUERY_MESSAGES.toBeforeFrom, path: ['to'], input: value.to });
    }
  });

export type StatementQuery = z.infer<typeof StatementQuerySchema>;

/** Parses a statement page's URL query; on error, gives the first Thai message per field. */
export function parseStatementQuery(url: URL): StatementQueryResult {
  // No query at all (most visits): the first page, unfiltered, without running the schema.
  if (url.search === '') return { ok: true, value: { page: 1, fromText: '', toText: '' } };
  const params = url.searchParams;
  const fromText = params.get('from') ?? '';
  const toText = params.get('to') ?? '';
  const result = StatementQuerySchema.safeParse({ from: fromText, to: toText, page: params.get('page') });
  if (result.success) {
    const { from, to, page } = result.data;
    return {
      ok: true,
      value: {
        ...(from !== undefined && { from }),
        ...(to !== undefined && { to }),
        page,
        fromText,
        toText,
      },
    };
  }
  const errors: { from?: string; to?: string } = {};
  for (const issue of result.error.issues) {
    const key = issue.path[0];
    if ((key === 'from' || key === 'to') && errors[key] === undefined) errors[key] = issue.message;
  }
  return { ok: false, errors, fromText, toText, page: 1 };
}

/** The backend query and the filter form's state for a statement page's URL. */
export function statementRequest(url: URL) {
  const parsed = parseStatementQuery(url);
  const query = parsed.ok
    ? { from: parsed.value.from, to: parsed.value.to, page: parsed.value.page, pageSize: STATEMENT_PAGE_SIZE }
    : { page: 1, pageSize: STATEMENT_PAGE_SIZE };
  const filter = {
    fromText: parsed.ok ? parsed.value.fromText : parsed.fromText,
    toText: parsed.ok ? parsed.value.toText : parsed.toText,
    errors: parsed.ok ? undefined : parsed.errors,
    active: Boolean(parsed.ok && (parsed.value.from || parsed.value.to)),
  };
  return { query, filter };
}

/** The date-filter form's state, as the statement section shows it. */
export type StatementFilter = ReturnType<typeof statementRequest>['filter'];

/** A statement as its page shows it: one page of rows formatted for display, the page count, the filter. */
export interface StatementView<T> {
  rows: T[];
  total: number;
  page: number;
  pages: number;
  filter: StatementFilter;
}

/**
 * The loader part every statement page shares (shares, a loan, a deposit account): reads the page and
 * the date filter from the URL, lets `fetch` ask the backend for the page's record and the statement
 * page (in parallel), and formats each row with `row`. A record or statement the backend does not find
 * (another member's account, or none at all) is a 404: never their data.
 */
export async function loadStatement<R, S, T>(
  url: URL,
  fetch: (query: BackendStatementQuery) => Promise<[record: R | null, statement: Page<S> | null]>,
  row: (row: S) => T,
): Promise<{ record: R; statement: StatementView<T> }> {
  const { query, filter } = statementRequest(url);
  const [record, found] = await fetch(query);
  notFoundUnless(record !== null && found !== null);
  return {
    record,
    statement: {
      rows: found.rows.map(row),
      total: found.total,
      page: found.page,
      pages: pageCount(found.total),
      filter,
    },
  };
}

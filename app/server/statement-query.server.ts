import * as z from 'zod';

import type { StatementQueryResult } from '~/lib/forms/statement-query';
import { STATEMENT_PAGE_MAX, STATEMENT_PAGE_SIZE, STATEMENT_QUERY_MESSAGES } from '~/lib/forms/statement-query';
import { parseDateDMY } from '~/lib/thai-format';

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

import * as z from 'zod';

import { parseDateDMY } from '~/lib/thai-format';

/** Rows per statement page. */
export const STATEMENT_PAGE_SIZE = 10;
/** Highest page number accepted from the query string. */
export const STATEMENT_PAGE_MAX = 10000;

export const STATEMENT_QUERY_MESSAGES = {
  dateInvalid: 'กรุณากรอกวันที่ในรูปแบบ วว/ดด/ปปปป (พ.ศ.) เช่น 01/01/2568',
  toBeforeFrom: 'วันที่สิ้นสุดต้องไม่ก่อนวันที่เริ่มต้น',
} as const;

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

export type StatementQueryResult =
  | {
      ok: true;
      value: {
        /** Gregorian `YYYY-MM-DD`. */
        from?: string;
        /** Gregorian `YYYY-MM-DD`. */
        to?: string;
        page: number;
        /** What the user typed, for re-rendering the form. */
        fromText: string;
        toText: string;
      };
    }
  | { ok: false; errors: { from?: string; to?: string }; fromText: string; toText: string; page: 1 };

/** Parses a statement page's URL query; on error, gives the first Thai message per field. */
export function parseStatementQuery(url: URL): StatementQueryResult {
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

/** Number of pages for `total` rows; at least 1. */
export function pageCount(total: number, size: number = STATEMENT_PAGE_SIZE): number {
  if (!Number.isFinite(total) || total <= 0 || !(size > 0)) return 1;
  return Math.max(1, Math.ceil(total / size));
}

/** `path?query` for another page, keeping the other query params; page 1 omits `page`. */
export function pageHref(url: URL, page: number): string {
  const params = new URLSearchParams(url.searchParams);
  if (Number.isInteger(page) && page > 1) params.set('page', String(page));
  else params.delete('page');
  const search = params.toString();
  return search === '' ? url.pathname : `${url.pathname}?${search}`;
}

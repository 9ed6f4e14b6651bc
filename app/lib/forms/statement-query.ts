/**
 * The statement pages' paging and the date filter's messages, without zod: the pages' browser bundles
 * need only these. The query is parsed and validated on the server (`~/server/member/statement-query.server`).
 */

/** Rows per statement page. */
export const STATEMENT_PAGE_SIZE = 10;
/** Highest page number accepted from the query string. */
export const STATEMENT_PAGE_MAX = 10000;

export const STATEMENT_QUERY_MESSAGES = {
  dateInvalid: 'กรุณากรอกวันที่ในรูปแบบ วว/ดด/ปปปป (พ.ศ.) เช่น 01/01/2568',
  toBeforeFrom: 'วันที่สิ้นสุดต้องไม่ก่อนวันที่เริ่มต้น',
} as const;

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

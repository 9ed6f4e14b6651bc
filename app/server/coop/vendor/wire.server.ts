import type { Page } from '../types';

/**
 * Wire helpers of the vendor contract (docs/vendor-api.md, "Conventions"), the inverse of the adapter's
 * scalars in `../http/schemas.server.ts`: money goes out as a decimal string with two places,
 * numbers as strings, lists as Laravel paginators.
 */

/** Integer satang as the vendor writes an amount: `"1234.50"`, `"-20.00"`. */
export function vendorMoney(satang: number): string {
  const sign = satang < 0 ? '-' : '';
  const abs = Math.abs(Math.trunc(satang));
  return `${sign}${Math.floor(abs / 100)}.${String(abs % 100).padStart(2, '0')}`;
}

/**
 * Integer satang as a JSON number of baht, as PHP's float sums come out (`748412.39`): dividing an
 * integer by 100 gives the double nearest the two-decimal value, which JSON writes back exactly.
 */
export const vendorBaht = (satang: number): number => Math.trunc(satang) / 100;

/** A number as the vendor's SQL sends it (a string), null stays null. */
export const vendorInt = (n: number | null): string | null => (n === null ? null : String(n));

/** Bangkok is UTC+7 all year (no DST since 1920). */
const BANGKOK_OFFSET_MS = 7 * 3600_000;

/**
 * An instant as the vendor's MySQL `DATETIME` (Bangkok wall time, no zone): `"2024-06-03 10:04:05"`.
 * The adapter's `vendorInstant` reads it back as the same second.
 */
export function vendorDateTime(date: Date): string {
  const wall = new Date(date.getTime() + BANGKOK_OFFSET_MS).toISOString();
  return `${wall.slice(0, 10)} ${wall.slice(11, 19)}`;
}

/** A switch: `"1"` or `"0"`. */
export const vendorFlag = (on: boolean): string => (on ? '1' : '0');

/**
 * One vendor page as a Laravel 8 paginator (`data`, `total`, `per_page`, `current_page` and the
 * links the vendor sends alongside). `page` is what the embedded backend answered for the page asked.
 */
export function paginator<T>(page: Page<T>, path: string): Record<string, unknown> {
  const lastPage = Math.max(1, Math.ceil(page.total / Math.max(page.pageSize, 1)));
  const from = (page.page - 1) * page.pageSize;
  const link = (p: number | null) => (p === null ? null : `${path}?page=${p}`);
  return {
    current_page: page.page,
    data: page.rows,
    first_page_url: link(1),
    from: page.rows.length ? from + 1 : null,
    last_page: lastPage,
    last_page_url: link(lastPage),
    links: [],
    next_page_url: page.page < lastPage ? link(page.page + 1) : null,
    path,
    per_page: page.pageSize,
    prev_page_url: page.page > 1 ? link(page.page - 1) : null,
    to: page.rows.length ? from + page.rows.length : null,
    total: page.total,
  };
}

/** A page with its rows mapped. */
export function mapPage<T, U>(page: Page<T>, map: (row: T) => U): Page<U> {
  return { ...page, rows: page.rows.map(map) };
}

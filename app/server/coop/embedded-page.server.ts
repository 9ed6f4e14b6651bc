import { sql, type SelectQueryBuilder } from 'kysely';

import type { Page, PageQuery, StatementQuery } from './types';

/**
 * One page of a listing of the embedded store, with the count of all its rows: `base` is the query's
 * tables and filters, `select` adds the columns and the order. The count and the page's rows are read
 * in parallel; each row is turned into the feed's shape by `map`. The limit and offset are written as
 * numbers, not parameters: SQLite keeps an ordered query's plan only then (ADR 055).
 */
export async function fetchPage<DB, TB extends keyof DB, O, T>(
  base: SelectQueryBuilder<DB, TB, object>,
  select: (base: SelectQueryBuilder<DB, TB, object>) => SelectQueryBuilder<DB, TB, O>,
  query: PageQuery,
  map: (row: O) => T,
): Promise<Page<T>> {
  const offset = (query.page - 1) * query.pageSize;
  // Written into the SQL as numbers: only whole, non-negative ones, whatever a caller passed.
  if (![query.pageSize, offset].every((n) => Number.isSafeInteger(n) && n >= 0)) {
    throw new RangeError(`not a page: ${query.page} × ${query.pageSize}`);
  }
  const [count, rows] = await Promise.all([
    base
      .select((eb) => eb.fn.countAll<number | string>().as('n'))
      .$castTo<{ n: number | string }>()
      .executeTakeFirstOrThrow(),
    select(base).limit(sql.lit(query.pageSize)).offset(sql.lit(offset)).execute(),
  ]);
  return { rows: rows.map((row) => map(row as O)), total: Number(count.n), page: query.page, pageSize: query.pageSize };
}

/**
 * One page of a statement (share, loan or deposit movements): `fetchPage` over the rows of `base` whose
 * `op_date` lies between the query's dates, both inclusive; an absent date leaves that side open.
 */
export function fetchStatementPage<DB, TB extends keyof DB, O, T>(
  base: SelectQueryBuilder<DB, TB, object>,
  select: (base: SelectQueryBuilder<DB, TB, object>) => SelectQueryBuilder<DB, TB, O>,
  query: StatementQuery,
  map: (row: O) => T,
): Promise<Page<T>> {
  const opDate = sql.ref<string>('op_date');
  let inRange = base;
  if (query.from) inRange = inRange.where(opDate, '>=', query.from);
  if (query.to) inRange = inRange.where(opDate, '<=', query.to);
  return fetchPage(inRange, select, query, map);
}

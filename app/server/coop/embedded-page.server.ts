import type { SelectQueryBuilder } from 'kysely';

import type { Page, PageQuery } from './types';

/**
 * One page of a listing of the embedded store, with the count of all its rows: `base` is the query's
 * tables and filters, `select` adds the columns and the order. The count and the page's rows are read
 * in parallel; each row is turned into the feed's shape by `map`.
 */
export async function fetchPage<DB, TB extends keyof DB, O, T>(
  base: SelectQueryBuilder<DB, TB, object>,
  select: (base: SelectQueryBuilder<DB, TB, object>) => SelectQueryBuilder<DB, TB, O>,
  query: PageQuery,
  map: (row: O) => T,
): Promise<Page<T>> {
  const [count, rows] = await Promise.all([
    base
      .select((eb) => eb.fn.countAll<number | string>().as('n'))
      .$castTo<{ n: number | string }>()
      .executeTakeFirstOrThrow(),
    select(base)
      .limit(query.pageSize)
      .offset((query.page - 1) * query.pageSize)
      .execute(),
  ]);
  return { rows: rows.map((row) => map(row as O)), total: Number(count.n), page: query.page, pageSize: query.pageSize };
}

import { sql } from 'kysely';

import { app } from './app.server';
import type { Db } from './db/index.server';

export interface LimitState {
  count: number;
  resetAt: number;
}

/**
 * Fixed-window counters kept in the database, so they hold across restarts and instances.
 * One atomic upsert per hit (SQLite ≥ 3.35 and PostgreSQL both support ON CONFLICT … RETURNING).
 */
export async function hit(key: string, windowMs: number, now = Date.now()): Promise<LimitState> {
  const { db } = await app();
  return hitIn(db, key, windowMs, now);
}

/** `hit` on a given database (tests that run two instances against one store). */
export async function hitIn(db: Db, key: string, windowMs: number, now = Date.now()): Promise<LimitState> {
  const resetAt = now + windowMs;
  const row = await db
    .insertInto('rate_limits')
    .values({ key, count: 1, reset_at: resetAt })
    .onConflict((oc) =>
      oc.column('key').doUpdateSet({
        count: sql<number>`case when rate_limits.reset_at <= ${now} then 1 else rate_limits.count + 1 end`,
        reset_at: sql<number>`case when rate_limits.reset_at <= ${now} then ${resetAt} else rate_limits.reset_at end`,
      }),
    )
    .returning(['count', 'reset_at'])
    .executeTakeFirstOrThrow();
  return { count: Number(row.count), resetAt: Number(row.reset_at) };
}

/**
 * Take back one hit counted in the window that ends at `resetAt` (an attempt that turned out not to
 * count, e.g. the check behind it could not run). One atomic statement; a window that has since
 * started afresh is left alone.
 */
export async function giveBackIn(db: Db, key: string, resetAt: number): Promise<void> {
  await db
    .updateTable('rate_limits')
    .set({ count: sql<number>`count - 1` })
    .where('key', '=', key)
    .where('reset_at', '=', resetAt)
    .where('count', '>', 0)
    .execute();
}

/** The current count for each key (0 when the window has passed). */
export async function peek(keys: string[], now = Date.now()): Promise<Map<string, LimitState>> {
  const { db } = await app();
  const rows = keys.length
    ? await db.selectFrom('rate_limits').selectAll().where('key', 'in', keys).where('reset_at', '>', now).execute()
    : [];
  return new Map(rows.map((r) => [r.key, { count: Number(r.count), resetAt: Number(r.reset_at) }]));
}

/** Forget a key (e.g. a member's failure count after a successful login). */
export async function clear(key: string): Promise<void> {
  const { db } = await app();
  await clearIn(db, key);
}

/** `clear` on a given database. */
export async function clearIn(db: Db, key: string): Promise<void> {
  await db.deleteFrom('rate_limits').where('key', '=', key).execute();
}

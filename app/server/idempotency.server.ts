import { randomBytes } from 'node:crypto';

import type { Kysely, Transaction } from 'kysely';

import type { Database } from './db/schema';

/** What a form's hidden key must look like (a `newIdempotencyKey()` or a client's own random key). */
export const IDEMPOTENCY_KEY_PATTERN = /^[A-Za-z0-9_-]{16,64}$/;

/** A fresh random key for one rendering of a form (144 bits, URL-safe). */
export function newIdempotencyKey(): string {
  return randomBytes(18).toString('base64url');
}

export interface OnceResult {
  /** What the first submission with this key created (e.g. a topic id). */
  ref: string;
  /** True when this call stored nothing because the key had been used already. */
  replayed: boolean;
}

class NothingCreated extends Error {}

/**
 * Claims `(scope, key)` by inserting its row (primary key `(scope, key)`, an empty `result_ref`).
 * Null when this call claimed it; otherwise the `result_ref` the first claim left (undefined when its
 * row has gone). Under READ COMMITTED the read after a conflict sees the other transaction's committed row.
 */
export async function claimKey(
  db: Kysely<Database>,
  scope: string,
  key: string,
  now: number,
): Promise<{ firstRef: string | undefined } | null> {
  const claimed = await db
    .insertInto('idempotency_keys')
    .values({ scope, key, result_ref: '', created_at: now })
    .onConflict((oc) => oc.columns(['scope', 'key']).doNothing())
    .returning('key')
    .executeTakeFirst();
  if (claimed) return null;
  return { firstRef: await keyRef(db, scope, key) };
}

/** What the submission that claimed `(scope, key)` came to (`''` while unsettled), or undefined when unclaimed. */
export async function keyRef(db: Kysely<Database>, scope: string, key: string): Promise<string | undefined> {
  const row = await db
    .selectFrom('idempotency_keys')
    .select('result_ref')
    .where('scope', '=', scope)
    .where('key', '=', key)
    .executeTakeFirst();
  return row?.result_ref;
}

/** Records in the claimed key's row what its submission came to (`ref`). */
export async function settleKey(db: Kysely<Database>, scope: string, key: string, ref: string): Promise<void> {
  await db
    .updateTable('idempotency_keys')
    .set({ result_ref: ref })
    .where('scope', '=', scope)
    .where('key', '=', key)
    .execute();
}

/**
 * Runs `create` at most once per `(scope, key)`, across requests, processes and instances: the key
 * is claimed by an insert into `idempotency_keys` (primary key `(scope, key)`) in the same
 * transaction as the rows `create` writes, so either both are stored or neither is.
 *
 * A second call with the same key stores nothing and answers the first call's `ref`. If the first
 * call is still running, the second waits for it: PostgreSQL's `on conflict do nothing` blocks on
 * the uncommitted key; SQLite admits one writer at a time. If `create` answers null (e.g. the
 * topic to answer has gone) the claim is rolled back and null is returned.
 */
export async function once(
  db: Kysely<Database>,
  scope: string,
  key: string,
  create: (trx: Transaction<Database>) => Promise<string | null>,
  now: number = Date.now(),
): Promise<OnceResult | null> {
  if (!IDEMPOTENCY_KEY_PATTERN.test(key)) throw new RangeError('idempotency key has the wrong form');
  try {
    return await db.transaction().execute(async (trx) => {
      const earlier = await claimKey(trx, scope, key, now);
      if (earlier) {
        if (earlier.firstRef === undefined) throw new Error('the claimed idempotency key has gone');
        return { ref: earlier.firstRef, replayed: true };
      }
      const ref = await create(trx);
      if (ref === null) throw new NothingCreated();
      await settleKey(trx, scope, key, ref);
      return { ref, replayed: false };
    });
  } catch (error) {
    if (error instanceof NothingCreated) return null;
    throw error;
  }
}

import { PostgresAdapter, sql, type Kysely } from 'kysely';

import type { Database } from './schema';

/**
 * Keys of the PostgreSQL advisory locks that serialise start-up work across instances sharing one
 * store (ADR 017). Any fixed 64-bit numbers will do, as long as they differ from each other (Kysely's
 * Migrator uses its own lock).
 */
export const ADVISORY_LOCKS = {
  /** Seeding the demo cooperative into an empty store. */
  demoSeed: 0x5a4b_0001,
  /** Writing the search index (full rebuild or one item). */
  searchIndex: 0x5a4b_0002,
  /** Reading the audit chain's last hash and appending the next row (ADR 100). */
  auditChain: 0x5a4b_0003,
} as const;

/**
 * Waits, inside the caller's transaction, for the transaction-level advisory lock `key` on
 * PostgreSQL; it is released when the transaction commits or rolls back. Work done under it by one
 * instance is finished and committed before another instance's transaction goes past this point,
 * so a check made after it (READ COMMITTED) sees what the first instance wrote.
 *
 * On SQLite nothing is needed: one instance runs on the file and SQLite admits one writer at a time.
 */
export async function lockWithinTransaction(trx: Kysely<Database>, key: number): Promise<void> {
  if (!trx.isTransaction) throw new Error('lockWithinTransaction needs a transaction');
  if (!(trx.getExecutor().adapter instanceof PostgresAdapter)) return;
  await sql`select pg_advisory_xact_lock(${key}::bigint)`.execute(trx);
}

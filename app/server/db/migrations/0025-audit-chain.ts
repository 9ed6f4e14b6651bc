import type { Kysely } from 'kysely';

/* eslint-disable @typescript-eslint/no-explicit-any -- migrations are frozen in time and use an untyped Kysely. */

/**
 * The audit table becomes a hash chain (ADR 100): each row written from now on carries
 * `hash = sha256(previous chained row's hash + canonical serialisation of this row)`. Rows written
 * before this migration keep a null hash: the chain starts at the first row written after it.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('audit_events').addColumn('hash', 'text').execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('audit_events').dropColumn('hash').execute();
}

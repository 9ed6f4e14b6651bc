import type { Kysely } from 'kysely';

/* eslint-disable @typescript-eslint/no-explicit-any -- migrations are frozen in time and use an untyped Kysely. */

/**
 * The audit chain gets a key (ADR 134): each row written from now on also carries
 * `mac = HMAC-SHA256(key, hash)` and `mac_key`, the id of the key (a fingerprint, not the key), so a
 * row rewritten by someone who can write to the database but does not hold the key no longer checks
 * out even with its hash chain recomputed. Rows written before keep null in both.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('audit_events').addColumn('mac_key', 'text').execute();
  await db.schema.alterTable('audit_events').addColumn('mac', 'text').execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('audit_events').dropColumn('mac').execute();
  await db.schema.alterTable('audit_events').dropColumn('mac_key').execute();
}

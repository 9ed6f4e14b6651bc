import type { Kysely } from 'kysely';

/* eslint-disable @typescript-eslint/no-explicit-any -- migrations are frozen in time and use an untyped Kysely. */

/**
 * When the session's upstream token expires (ADR 024): the session refreshes it with the core shortly
 * before, so a core with 15-minute tokens does not end a member's 30-minute session. Null for sessions
 * started before this column existed (they are checked, never refreshed).
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('sessions').addColumn('upstream_expires_at', 'bigint').execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('sessions').dropColumn('upstream_expires_at').execute();
}

import type { Kysely } from 'kysely';

import { createdAndExpires, indexExpires } from './columns';

/* eslint-disable @typescript-eslint/no-explicit-any -- migrations are frozen in time and use an untyped Kysely. */

/**
 * One-time codes for registration and forgotten passwords (ADR 038): members get an email address next
 * to the phone they already had, and the codes sent to them are kept hashed until used or expired.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('members').addColumn('email', 'text').execute();
  await db.schema
    .createTable('recovery_codes')
    // SHA-256 of the random challenge the browser holds: the challenge itself is never stored.
    .addColumn('challenge_hash', 'text', (c) => c.primaryKey())
    .addColumn('purpose', 'text', (c) => c.notNull())
    // No foreign key: a challenge is made for any number typed, member or not (no enumeration).
    .addColumn('membership_no', 'text', (c) => c.notNull())
    // HMAC of the code under a key derived from the session secret; null when no code was sent.
    .addColumn('code_hash', 'text')
    .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
    .$call(createdAndExpires)
    .addColumn('used_at', 'bigint')
    .execute();
  await indexExpires(db, 'recovery_codes');
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('recovery_codes').ifExists().execute();
  await db.schema.alterTable('members').dropColumn('email').execute();
}

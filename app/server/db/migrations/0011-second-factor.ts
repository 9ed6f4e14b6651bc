import type { Kysely } from 'kysely';

import { createdAndExpires, createdAndUpdated, dropTables, indexExpires } from './columns';

/* eslint-disable @typescript-eslint/no-explicit-any -- migrations are frozen in time and use an untyped Kysely. */

/**
 * A second factor (ADR 040): TOTP authenticators and recovery codes per subject (a member now, a staff
 * account later: `member:<no>`, no foreign key, as the front in http mode holds no member rows), the
 * pending half-sessions between the password and the code, and the device and address of each session
 * for the account-security page.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('totp_factors')
    .addColumn('subject', 'text', (c) => c.primaryKey())
    // AES-256-GCM under a key derived from SESSION_SECRET: the shared secret is never stored in clear.
    .addColumn('secret_sealed', 'text', (c) => c.notNull())
    // Null while enrolment waits for the first code; the factor counts only once it is set.
    .addColumn('enabled_at', 'bigint')
    // The last time step a code was accepted for: a code (or an older one) never works twice.
    .addColumn('last_step', 'bigint')
    // Fresh recovery codes, sealed, shown to the session that made them until it confirms or they expire.
    .addColumn('reveal_sealed', 'text')
    .addColumn('reveal_holder', 'text')
    .addColumn('reveal_until', 'bigint')
    .$call(createdAndUpdated)
    .execute();

  await db.schema
    .createTable('totp_recovery_codes')
    .addColumn('subject', 'text', (c) => c.notNull())
    // SHA-256 of an 80-bit random code.
    .addColumn('code_hash', 'text', (c) => c.notNull())
    .addColumn('used_at', 'bigint')
    .addPrimaryKeyConstraint('totp_recovery_codes_pk', ['subject', 'code_hash'])
    .execute();

  await db.schema
    .createTable('login_challenges')
    // SHA-256 of the random id in the half-session cookie.
    .addColumn('id_hash', 'text', (c) => c.primaryKey())
    .addColumn('membership_no', 'text', (c) => c.notNull())
    // The core's token from the password step: handed to the session only after the code.
    .addColumn('upstream_token', 'text', (c) => c.notNull())
    .addColumn('upstream_expires_in', 'bigint', (c) => c.notNull())
    .addColumn('remember', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('redirect_to', 'text')
    .addColumn('failures', 'integer', (c) => c.notNull().defaultTo(0))
    .$call(createdAndExpires)
    .execute();
  await indexExpires(db, 'login_challenges');

  await db.schema.alterTable('sessions').addColumn('user_agent', 'text').execute();
  await db.schema.alterTable('sessions').addColumn('ip', 'text').execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('sessions').dropColumn('ip').execute();
  await db.schema.alterTable('sessions').dropColumn('user_agent').execute();
  await dropTables(db, ['login_challenges', 'totp_recovery_codes', 'totp_factors']);
}

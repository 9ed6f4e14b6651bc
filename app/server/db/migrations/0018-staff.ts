import type { Kysely } from 'kysely';

import { createdAndExpires, createdAndUpdated, indexExpires, indexMember, tableWithId } from './columns';

/* eslint-disable @typescript-eslint/no-explicit-any -- migrations are frozen in time and use an untyped Kysely. */

/**
 * The staff back office (ADR 059): staff accounts (not members), their sessions, who did each audited
 * action, and the one-time codes staff hand to a member without a phone or email on file (ADR 060).
 * A staff account's TOTP secret and recovery codes live with the members' in `totp_factors` and
 * `totp_recovery_codes`, under the subject `staff:<id>` (sealed and hashed the same way, ADR 040).
 */
export async function up(db: Kysely<any>): Promise<void> {
  await tableWithId(db, 'staff_accounts')
    // Lower case, as typed at sign-in.
    .addColumn('username', 'text', (c) => c.notNull().unique())
    .addColumn('display_name', 'text', (c) => c.notNull())
    // 'editor' | 'moderator' | 'support' | 'admin'
    .addColumn('role', 'text', (c) => c.notNull())
    // argon2id (crypto.server.ts); null until the account has enrolled.
    .addColumn('password_hash', 'text')
    // SHA-256 of the one-time enrolment link's token, and when it stops working; null once used.
    .addColumn('enrol_token_hash', 'text', (c) => c.unique())
    .addColumn('enrol_expires_at', 'bigint')
    // When the account was fully enrolled (password and TOTP confirmed); null until then.
    .addColumn('enrolled_at', 'bigint')
    .addColumn('disabled_at', 'bigint')
    .$call(createdAndUpdated)
    .execute();

  await db.schema
    .createTable('staff_sessions')
    // SHA-256 of the random id in the staff cookie.
    .addColumn('id_hash', 'text', (c) => c.primaryKey())
    .addColumn('staff_id', 'bigint', (c) => c.notNull().references('staff_accounts.id').onDelete('cascade'))
    // 'enrol' (password set, TOTP to confirm), 'code' (password right, code to give), 'active'.
    .addColumn('stage', 'text', (c) => c.notNull())
    // Where to go after the code step (a /staff path).
    .addColumn('redirect_to', 'text')
    .addColumn('failures', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('last_seen_at', 'bigint', (c) => c.notNull())
    .addColumn('expires_at', 'bigint', (c) => c.notNull())
    .addColumn('user_agent', 'text')
    .addColumn('ip', 'text')
    .execute();
  await db.schema.createIndex('staff_sessions_staff').on('staff_sessions').column('staff_id').execute();
  await indexExpires(db, 'staff_sessions');

  // The staff member behind an audit event (their username); null for members' own events.
  await db.schema.alterTable('audit_events').addColumn('actor', 'text').execute();
  await db.schema.createIndex('audit_events_actor').on('audit_events').columns(['actor', 'at']).execute();

  await tableWithId(db, 'staff_member_codes')
    .addColumn('membership_no', 'text', (c) => c.notNull())
    // 'register' | 'forget': which of the member's recovery flows takes it.
    .addColumn('purpose', 'text', (c) => c.notNull())
    // HMAC-SHA-256 of the code under a key derived from SESSION_SECRET.
    .addColumn('code_hash', 'text', (c) => c.notNull())
    .addColumn('issued_by', 'text', (c) => c.notNull())
    .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
    .$call(createdAndExpires)
    .addColumn('used_at', 'bigint')
    .execute();
  await indexMember(db, 'staff_member_codes');
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('staff_member_codes').ifExists().execute();
  await db.schema.dropIndex('audit_events_actor').execute();
  await db.schema.alterTable('audit_events').dropColumn('actor').execute();
  await db.schema.dropTable('staff_sessions').ifExists().execute();
  await db.schema.dropTable('staff_accounts').ifExists().execute();
}

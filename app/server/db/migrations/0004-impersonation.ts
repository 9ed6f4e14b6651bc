import type { Kysely } from 'kysely';

import { createdAndExpires, indexExpires } from './columns';

/* eslint-disable @typescript-eslint/no-explicit-any -- migrations are frozen in time and use an untyped Kysely. */

/** Staff impersonation (ADR 010): single-use grants behind the signed links, and who is acting in a session. */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('impersonation_grants')
    // SHA-256 of the link's random nonce: the link itself is never stored.
    .addColumn('nonce_hash', 'text', (c) => c.primaryKey())
    // No foreign key: the grant (like the audit log) outlives the member row it names.
    .addColumn('membership_no', 'text', (c) => c.notNull())
    .addColumn('staff', 'text', (c) => c.notNull())
    .$call(createdAndExpires)
    .addColumn('used_at', 'bigint')
    .execute();
  await indexExpires(db, 'impersonation_grants');

  await db.schema.alterTable('sessions').addColumn('acting_staff', 'text').execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('sessions').dropColumn('acting_staff').execute();
  await db.schema.dropTable('impersonation_grants').ifExists().execute();
}

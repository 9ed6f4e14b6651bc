import type { Kysely } from 'kysely';

import { createdAndExpires, indexExpires } from './columns';

/* eslint-disable @typescript-eslint/no-explicit-any -- migrations are frozen in time and use an untyped Kysely. */

/**
 * What the back office hands from one request to a later one, server-side, short-lived and read once
 * (ADR 116): the fields of a form posted after the staff session had ended (given back to the same
 * staff account once it signs in again in that browser), and a one-time code issued for a member
 * (shown once on the page the issuing post redirects to).
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('staff_handoffs')
    // SHA-256 of who may take it: the random id of a browser's kept-form cookie, or a staff session's id hash.
    .addColumn('owner_hash', 'text', (c) => c.notNull())
    // 'form' (a kept form) | 'member_code' (an issued code to show once).
    .addColumn('kind', 'text', (c) => c.notNull())
    // The /staff path it belongs to.
    .addColumn('path', 'text', (c) => c.notNull())
    .addColumn('staff_id', 'bigint', (c) => c.notNull().references('staff_accounts.id').onDelete('cascade'))
    // JSON, size-bounded by the code that writes it.
    .addColumn('payload', 'text', (c) => c.notNull())
    .$call(createdAndExpires)
    .addPrimaryKeyConstraint('staff_handoffs_pk', ['owner_hash', 'kind', 'path'])
    .execute();
  await indexExpires(db, 'staff_handoffs');
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('staff_handoffs').ifExists().execute();
}

import type { Kysely } from 'kysely';

import { isPostgres, memberKey } from './columns';

/* eslint-disable @typescript-eslint/no-explicit-any -- migrations are frozen in time and use an untyped Kysely. */

/**
 * Members' profile photos (ADR 009): the re-encoded 256 px JPEG itself, in the database, so that every
 * instance sharing one PostgreSQL sees the same photo and backups hold it with the rest of the data.
 */
export async function up(db: Kysely<any>): Promise<void> {
  const binary = isPostgres(db) ? 'bytea' : 'blob';
  await db.schema
    .createTable('member_photos')
    .addColumn('membership_no', 'text', memberKey)
    .addColumn('jpeg', binary, (c) => c.notNull())
    .addColumn('updated_at', 'bigint', (c) => c.notNull())
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('member_photos').ifExists().execute();
}

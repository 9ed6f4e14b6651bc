import type { Kysely } from 'kysely';

/* eslint-disable @typescript-eslint/no-explicit-any -- migrations are frozen in time and use an untyped Kysely. */

/**
 * Content edited by the cooperative's staff (ADR 061): an item gains its own short excerpt (lists
 * show it instead of the body's first words when set), when and by which staff account it was last
 * changed; the home page's opening-hours line is a setting of the store (`site_settings`).
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('content_items').addColumn('excerpt', 'text').execute();
  await db.schema.alterTable('content_items').addColumn('updated_at', 'bigint').execute();
  await db.schema.alterTable('content_items').addColumn('updated_by', 'text').execute();

  await db.schema
    .createTable('site_settings')
    .addColumn('key', 'text', (c) => c.primaryKey())
    .addColumn('value', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'bigint', (c) => c.notNull())
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('site_settings').ifExists().execute();
  for (const column of ['updated_by', 'updated_at', 'excerpt']) {
    await db.schema.alterTable('content_items').dropColumn(column).execute();
  }
}

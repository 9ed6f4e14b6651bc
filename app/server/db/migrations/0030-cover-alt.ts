import type { Kysely } from 'kysely';

/* eslint-disable @typescript-eslint/no-explicit-any -- migrations are frozen in time and use an untyped Kysely. */

/**
 * The alternative text of an item's cover picture (ADR 121), as the editor wrote it: the item page
 * gives it to screen readers. Required before an item with a cover is published; items from before
 * have none (null) until an editor writes it. Gallery pictures keep theirs in `content_gallery.caption`.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('content_items').addColumn('cover_alt', 'text').execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('content_items').dropColumn('cover_alt').execute();
}

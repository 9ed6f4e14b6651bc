import type { Kysely } from 'kysely';

import { tableWithId } from './columns';

/* eslint-disable @typescript-eslint/no-explicit-any -- migrations are frozen in time and use an untyped Kysely. */

/**
 * Editors never overwrite each other, keep every earlier version and can undo a delete (ADR 118):
 * - `content_items.version` counts the saves of an item's text; a save names the version it was
 *   edited from and the UPDATE's WHERE checks it, so the later of two editors gets a conflict.
 * - `content_revisions` keeps the text of an item as it was before each save (and before a restore).
 * - `content_items.deleted_at` / `deleted_by` put an item in the trash (hidden as a draft is; the
 *   state it had is kept in `deleted_was_published`); the trash is emptied after 30 days.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .alterTable('content_items')
    .addColumn('version', 'integer', (c) => c.notNull().defaultTo(1))
    .execute();
  await db.schema.alterTable('content_items').addColumn('deleted_at', 'bigint').execute();
  await db.schema.alterTable('content_items').addColumn('deleted_by', 'text').execute();
  await db.schema.alterTable('content_items').addColumn('deleted_was_published', 'integer').execute();

  await tableWithId(db, 'content_revisions')
    .addColumn('item_no', 'integer', (c) => c.notNull())
    // The version of the item this text was (content_items.version when it was current).
    .addColumn('version', 'integer', (c) => c.notNull())
    .addColumn('category', 'text', (c) => c.notNull())
    .addColumn('title', 'text', (c) => c.notNull())
    .addColumn('excerpt', 'text')
    .addColumn('body_html', 'text', (c) => c.notNull())
    .addColumn('posted_at', 'bigint', (c) => c.notNull())
    .addColumn('video_url', 'text')
    // Who saved this version, and when (the item's updated_at / updated_by then); null for seeded items.
    .addColumn('saved_at', 'bigint')
    .addColumn('saved_by', 'text')
    // When the next save replaced it.
    .addColumn('replaced_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('content_revisions_item')
    .on('content_revisions')
    .columns(['item_no', 'version'])
    .execute();
  await db.schema.createIndex('content_items_deleted').on('content_items').column('deleted_at').execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex('content_items_deleted').ifExists().execute();
  await db.schema.dropTable('content_revisions').ifExists().execute();
  for (const column of ['deleted_was_published', 'deleted_by', 'deleted_at', 'version']) {
    await db.schema.alterTable('content_items').dropColumn(column).execute();
  }
}

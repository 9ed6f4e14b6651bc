import { sql, type Kysely } from 'kysely';

import { dropTables, tableWithId } from './columns';

/* eslint-disable @typescript-eslint/no-explicit-any -- migrations are frozen in time and use an untyped Kysely. */

const item = (c: any) => c.notNull().references('content_items.no').onDelete('cascade');

/**
 * Public website content (ADR 011): a category's background and default picture, an item's photo
 * gallery and attachments, and the interest rates shown on the home page.
 */
export async function up(db: Kysely<any>): Promise<void> {
  // A key of the category's background (a CSS class), null for the plain one.
  await db.schema.alterTable('content_categories').addColumn('background', 'text').execute();
  // Which default picture an item without a usable picture shows (spec §2).
  await db.schema
    .alterTable('content_categories')
    .addColumn('default_image', 'text', (c) => c.notNull().defaultTo('news'))
    .execute();

  await tableWithId(db, 'content_gallery')
    .addColumn('item_no', 'integer', item)
    .addColumn('seq', 'integer', (c) => c.notNull())
    .addColumn('file', 'text', (c) => c.notNull())
    .addColumn('caption', 'text')
    .execute();
  await db.schema.createIndex('content_gallery_item').on('content_gallery').columns(['item_no', 'seq']).execute();

  await tableWithId(db, 'content_attachments')
    .addColumn('item_no', 'integer', item)
    .addColumn('seq', 'integer', (c) => c.notNull())
    .addColumn('file', 'text', (c) => c.notNull())
    .addColumn('label', 'text', (c) => c.notNull())
    .addColumn('size_bytes', 'bigint')
    .execute();
  await db.schema
    .createIndex('content_attachments_item')
    .on('content_attachments')
    .columns(['item_no', 'seq'])
    .execute();

  // The single legacy attachment of an item (the core system's `ndata`) becomes its first attachment.
  await sql`insert into content_attachments (item_no, seq, file, label, size_bytes)
    select no, 1, attachment, title, null from content_items where attachment is not null`.execute(db);

  await tableWithId(db, 'interest_rates')
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('rate', 'text', (c) => c.notNull())
    .addColumn('note', 'text')
    .addColumn('effective_date', 'text', (c) => c.notNull())
    .addColumn('sort', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();

  await db.schema
    .createIndex('content_items_category_list')
    .on('content_items')
    .columns(['category', 'disabled', 'posted_at'])
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex('content_items_category_list').ifExists().execute();
  await dropTables(db, ['interest_rates', 'content_attachments', 'content_gallery']);
  await db.schema.alterTable('content_categories').dropColumn('default_image').execute();
  await db.schema.alterTable('content_categories').dropColumn('background').execute();
}

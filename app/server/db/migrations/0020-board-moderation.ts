import type { Kysely } from 'kysely';

import { createdAndExpires, indexExpires } from './columns';

/* eslint-disable @typescript-eslint/no-explicit-any -- migrations are frozen in time and use an untyped Kysely. */

/**
 * Moderation of the web board and the demand section by staff (ADR 062):
 * - topics and answers: when a moderator saw them (`reviewed_at`, null = in the queue), why and when
 *   they were hidden, and `author_key` — a keyed hash of the poster's address (never the address), so
 *   a moderator can block the author of a post;
 * - topics: `closed_at`, after which the topic takes no more answers from visitors;
 * - demand items: why and when they were hidden;
 * - `board_blocks`: addresses (as keyed hashes) that may not post until `expires_at`.
 * Rows from before the moderators had their queue are taken as seen.
 */
export async function up(db: Kysely<any>): Promise<void> {
  for (const table of ['board_topics', 'board_answers']) {
    await db.schema.alterTable(table).addColumn('author_key', 'text').execute();
    await db.schema.alterTable(table).addColumn('reviewed_at', 'bigint').execute();
    await db.schema.alterTable(table).addColumn('hidden_reason', 'text').execute();
    await db.schema.alterTable(table).addColumn('hidden_at', 'bigint').execute();
    await db.updateTable(table).set({ reviewed_at: Date.now() }).execute();
  }
  await db.schema.alterTable('board_topics').addColumn('closed_at', 'bigint').execute();
  await db.schema.createIndex('board_topics_queue').on('board_topics').columns(['reviewed_at', 'created_at']).execute();
  await db.schema
    .createIndex('board_answers_queue')
    .on('board_answers')
    .columns(['reviewed_at', 'created_at'])
    .execute();

  await db.schema.alterTable('demand_items').addColumn('hidden_reason', 'text').execute();
  await db.schema.alterTable('demand_items').addColumn('hidden_at', 'bigint').execute();

  await db.schema
    .createTable('board_blocks')
    .addColumn('address_key', 'text', (c) => c.primaryKey())
    // What the moderator may see: a masked address, or the post whose author was blocked.
    .addColumn('label', 'text', (c) => c.notNull())
    .addColumn('reason', 'text', (c) => c.notNull())
    .addColumn('created_by', 'text', (c) => c.notNull())
    .$call(createdAndExpires)
    .execute();
  await indexExpires(db, 'board_blocks');
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('board_blocks').ifExists().execute();
  await db.schema.dropIndex('board_answers_queue').ifExists().execute();
  await db.schema.dropIndex('board_topics_queue').ifExists().execute();
  for (const column of ['hidden_at', 'hidden_reason']) {
    await db.schema.alterTable('demand_items').dropColumn(column).execute();
  }
  await db.schema.alterTable('board_topics').dropColumn('closed_at').execute();
  for (const table of ['board_topics', 'board_answers']) {
    for (const column of ['hidden_at', 'hidden_reason', 'reviewed_at', 'author_key']) {
      await db.schema.alterTable(table).dropColumn(column).execute();
    }
  }
}

import type { Kysely } from 'kysely';

import { dropTables, tableWithId } from './columns';

/* eslint-disable @typescript-eslint/no-explicit-any -- migrations are frozen in time and use an untyped Kysely. */

/**
 * The web board (topics and answers), the demand section (members' requests answered by the
 * cooperative) and idempotency keys for form submissions (ADR 012). Visitor text is stored as plain
 * text, never HTML.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await tableWithId(db, 'board_topics', 'integer')
    .addColumn('title', 'text', (c) => c.notNull())
    .addColumn('body', 'text', (c) => c.notNull())
    .addColumn('display_name', 'text', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('hidden', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  await db.schema.createIndex('board_topics_created').on('board_topics').columns(['hidden', 'created_at']).execute();

  await tableWithId(db, 'board_answers', 'integer')
    .addColumn('topic_id', 'integer', (c) => c.notNull().references('board_topics.id').onDelete('cascade'))
    .addColumn('body', 'text', (c) => c.notNull())
    .addColumn('display_name', 'text', (c) => c.notNull())
    .addColumn('staff', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('hidden', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  await db.schema.createIndex('board_answers_topic').on('board_answers').columns(['topic_id', 'created_at']).execute();

  await tableWithId(db, 'demand_items', 'integer')
    .addColumn('question', 'text', (c) => c.notNull())
    .addColumn('detail', 'text', (c) => c.notNull())
    .addColumn('asker_name', 'text', (c) => c.notNull())
    .addColumn('asked_at', 'bigint', (c) => c.notNull())
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('answer', 'text')
    .addColumn('answered_by', 'text')
    .addColumn('answered_at', 'bigint')
    .addColumn('hidden', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  await db.schema.createIndex('demand_items_asked').on('demand_items').columns(['hidden', 'asked_at']).execute();

  await db.schema
    .createTable('idempotency_keys')
    .addColumn('scope', 'text', (c) => c.notNull())
    .addColumn('key', 'text', (c) => c.notNull())
    .addColumn('result_ref', 'text', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addPrimaryKeyConstraint('idempotency_keys_pk', ['scope', 'key'])
    .execute();
  await db.schema.createIndex('idempotency_keys_created').on('idempotency_keys').column('created_at').execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await dropTables(db, ['idempotency_keys', 'demand_items', 'board_answers', 'board_topics']);
}

import type { Kysely } from 'kysely';

import { dropTables, statusAndSort } from './columns';

/* eslint-disable @typescript-eslint/no-explicit-any -- migrations are frozen in time and use an untyped Kysely. */

/**
 * The site search (ADR 013): one row per content item with its plain, normalised text (for the
 * substring tier), the Thai-segmented words of its title and body (the word tier), and the
 * 'เมนูแนะนำ' list shown beside every result. Plain tables and B-tree indexes only, so SQLite and
 * PostgreSQL behave the same (no FTS5, no tsvector: neither segments Thai).
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('search_documents')
    .addColumn('content_no', 'integer', (c) => c.primaryKey().references('content_items.no').onDelete('cascade'))
    // Title and body as plain text, as shown in results.
    .addColumn('question', 'text', (c) => c.notNull())
    .addColumn('note', 'text', (c) => c.notNull())
    // The same, normalised (lower case, NFC, single spaces) for LIKE matching.
    .addColumn('question_norm', 'text', (c) => c.notNull())
    .addColumn('note_norm', 'text', (c) => c.notNull())
    .addColumn('indexed_at', 'bigint', (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('search_terms')
    .addColumn('term', 'text', (c) => c.notNull())
    .addColumn('content_no', 'integer', (c) =>
      c.notNull().references('search_documents.content_no').onDelete('cascade'),
    )
    // 'q' = the title (Question), 'n' = the body (Note).
    .addColumn('field', 'text', (c) => c.notNull())
    .addColumn('hits', 'integer', (c) => c.notNull())
    .addPrimaryKeyConstraint('search_terms_pk', ['term', 'content_no', 'field'])
    .execute();
  await db.schema.createIndex('search_terms_content').on('search_terms').column('content_no').execute();

  await db.schema
    .createTable('search_recommended')
    .addColumn('seq', 'integer', (c) => c.primaryKey())
    .addColumn('question', 'text', (c) => c.notNull())
    // Where the item links to: a path on this site or an http(s) URL.
    .addColumn('note', 'text', (c) => c.notNull())
    .$call(statusAndSort)
    .execute();

  // A starting 'เมนูแนะนำ' for every store (the cooperative edits it): the vendor's own sections.
  await db
    .insertInto('search_recommended')
    .values([
      { seq: 1, question: 'ข่าวประชาสัมพันธ์', note: '/list/news_relations', status: 1, sort: 1 },
      { seq: 2, question: 'ระเบียบ ข้อบังคับ', note: '/list/rules', status: 1, sort: 2 },
      { seq: 3, question: 'บริการเงินกู้', note: '/list/services-loan', status: 1, sort: 3 },
      { seq: 4, question: 'ดาวน์โหลดเอกสาร', note: '/list/download', status: 1, sort: 4 },
      { seq: 5, question: 'เข้าสู่ระบบสมาชิก', note: '/member/logon', status: 1, sort: 5 },
    ])
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await dropTables(db, ['search_recommended', 'search_terms', 'search_documents']);
  await db.deleteFrom('meta').where('key', '=', 'search_index_version').execute();
}

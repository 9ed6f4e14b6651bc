import { PostgresAdapter, type ColumnBuilderCallback, type CreateTableBuilder, type Kysely } from 'kysely';

/* eslint-disable @typescript-eslint/no-explicit-any -- migrations are frozen in time and use an untyped Kysely. */

/**
 * Pieces the migrations share (ADR 129). This file is part of the migrations' history, as frozen as
 * they are: a change here would change what old migrations do on a fresh store, and stores migrated
 * before would no longer match. Never change what a helper here builds; a later migration that needs
 * something else gets a new helper (or writes it out). Not a migration itself: the registry in
 * `../index.server.ts` names each migration and does not list this file.
 */

export function isPostgres(db: Kysely<any>): boolean {
  return db.getExecutor().adapter instanceof PostgresAdapter;
}

/**
 * A new table whose first column is an auto-numbered primary key: an identity column of `pgType` on
 * PostgreSQL, an AUTOINCREMENT integer on SQLite (where only `integer` may be one).
 */
export function tableWithId(db: Kysely<any>, table: string, pgType: 'bigint' | 'integer' = 'bigint', column = 'id') {
  const t = db.schema.createTable(table);
  return isPostgres(db)
    ? t.addColumn(column, pgType, (c) => c.primaryKey().generatedByDefaultAsIdentity())
    : t.addColumn(column, 'integer', (c) => c.primaryKey().autoIncrement());
}

type NewTable = CreateTableBuilder<any, any>;

const notNull: ColumnBuilderCallback = (c) => c.notNull();

/** `created_at` then `expires_at`, both NOT NULL epoch milliseconds: a row that lives until it expires. */
export function createdAndExpires(t: NewTable): NewTable {
  return t.addColumn('created_at', 'bigint', notNull).addColumn('expires_at', 'bigint', notNull);
}

/** The index `<table>_expires` on `expires_at`, by which a table's expired rows are found and deleted. */
export async function indexExpires(db: Kysely<any>, table: string): Promise<void> {
  await db.schema.createIndex(`${table}_expires`).on(table).column('expires_at').execute();
}

/** The index `<table>_member` on `membership_no`, by which a member's rows are found. */
export async function indexMember(db: Kysely<any>, table: string): Promise<void> {
  await db.schema.createIndex(`${table}_member`).on(table).column('membership_no').execute();
}

/** `created_at` then `updated_at`, both NOT NULL epoch milliseconds. */
export function createdAndUpdated(t: NewTable): NewTable {
  return t.addColumn('created_at', 'bigint', notNull).addColumn('updated_at', 'bigint', notNull);
}

/** `status` (1 shown, 0 not; default 1) then `sort` (default 0), both NOT NULL: a row of a list staff order. */
export function statusAndSort(t: NewTable): NewTable {
  return t
    .addColumn('status', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('sort', 'integer', (c) => c.notNull().defaultTo(0));
}

/** A NOT NULL `membership_no` of a member's own row: deleting the member deletes it. */
export const memberRef: ColumnBuilderCallback = (c) =>
  c.notNull().references('members.membership_no').onDelete('cascade');

/** The same as the primary key: the member's one row of that table. Deleting the member deletes it. */
export const memberKey: ColumnBuilderCallback = (c) =>
  c.primaryKey().references('members.membership_no').onDelete('cascade');

/** Drops each table that exists, in the order given (dependents first). */
export async function dropTables(db: Kysely<any>, tables: string[]): Promise<void> {
  for (const table of tables) {
    await db.schema.dropTable(table).ifExists().execute();
  }
}

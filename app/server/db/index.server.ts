import fs from 'node:fs';
import path from 'node:path';
import Sqlite from 'better-sqlite3';
import { Kysely, PostgresDialect, SqliteDialect, type SqliteStatement } from 'kysely';
import { Migrator, type Migration, type MigrationProvider } from 'kysely/migration';
import { LRUCache } from 'lru-cache';
import pg from 'pg';

import { log } from '../log.server';
import * as m0001 from './migrations/0001-foundation';
import * as m0002 from './migrations/0002-member-finance';
import * as m0003 from './migrations/0003-member-photo';
import * as m0004 from './migrations/0004-impersonation';
import * as m0006 from './migrations/0006-board';
import * as m0007 from './migrations/0007-search-index';
import * as m0005 from './migrations/0005-public-content';
import * as m0008 from './migrations/0008-upstream-token-expiry';
import * as m0009 from './migrations/0009-staff-tokens';
import * as m0010 from './migrations/0010-member-contacts-and-codes';
import * as m0011 from './migrations/0011-second-factor';
import * as m0013 from './migrations/0013-audit-and-upkeep';
import * as m0017 from './migrations/0017-recommended-news-link';
import * as m0018 from './migrations/0018-staff';
import * as m0019 from './migrations/0019-content-editing';
import * as m0020 from './migrations/0020-board-moderation';
import * as m0022 from './migrations/0022-login-challenge-name';
import * as m0025 from './migrations/0025-audit-chain';
import * as m0026 from './migrations/0026-staff-handoffs';
import * as m0028 from './migrations/0028-content-revisions-and-trash';
import * as m0030 from './migrations/0030-cover-alt';
import * as m0031 from './migrations/0031-audit-mac';
import type { Database } from './schema';

/** Every migration, in order. Bundled statically so the server build needs no migration folder. */
const MIGRATIONS: Record<string, Migration> = {
  '0001-foundation': m0001,
  '0002-member-finance': m0002,
  '0003-member-photo': m0003,
  '0004-impersonation': m0004,
  '0006-board': m0006,
  '0007-search-index': m0007,
  '0005-public-content': m0005,
  '0008-upstream-token-expiry': m0008,
  '0009-staff-tokens': m0009,
  '0010-member-contacts-and-codes': m0010,
  '0011-second-factor': m0011,
  '0013-audit-and-upkeep': m0013,
  '0017-recommended-news-link': m0017,
  '0018-staff': m0018,
  '0019-content-editing': m0019,
  '0020-board-moderation': m0020,
  '0022-login-challenge-name': m0022,
  '0025-audit-chain': m0025,
  '0026-staff-handoffs': m0026,
  '0028-content-revisions-and-trash': m0028,
  '0030-cover-alt': m0030,
  '0031-audit-mac': m0031,
};

const provider: MigrationProvider = { getMigrations: async () => MIGRATIONS };

export type Db = Kysely<Database>;

export interface DbConfig {
  /** postgres://… or undefined for SQLite in `dataDir`. */
  databaseUrl?: string;
  dataDir: string;
  /** PostgreSQL connections this process may hold (default 10; `poolSizeFor` divides them among workers). */
  poolSize?: number;
}

/**
 * PostgreSQL connections for each of `workers` processes of one server (ADR 071): 10 each, as one
 * process had, while they stay within 40 for the whole server, and never fewer than 2 — so two
 * instances stay inside PostgreSQL's default `max_connections` (100) on any number of cores.
 */
export function poolSizeFor(workers: number): number {
  return Math.max(2, Math.min(10, Math.floor(40 / workers)));
}

// PostgreSQL returns int8 as strings; our bigint columns hold epoch milliseconds and satang, all
// well inside Number.MAX_SAFE_INTEGER.
pg.types.setTypeParser(20, (v) => Number(v));

/** Open the app database (SQLite file `sahakorn.db` in dataDir, or PostgreSQL). */
export function openDb(config: DbConfig): Db {
  if (config.databaseUrl) {
    return new Kysely<Database>({
      dialect: new PostgresDialect({ pool: resilientPool(config.databaseUrl, config.poolSize) }),
    });
  }
  fs.mkdirSync(config.dataDir, { recursive: true });
  const file = path.join(config.dataDir, 'sahakorn.db');
  const sqlite = new Sqlite(file);
  sqlite.pragma('journal_mode = WAL');
  sqlite.pragma('synchronous = NORMAL');
  sqlite.pragma('foreign_keys = ON');
  sqlite.pragma('busy_timeout = 5000');
  return new Kysely<Database>({ dialect: new SqliteDialect({ database: withStatementCache(sqlite) }) });
}

/**
 * A pg pool that survives the server ending its connections (a restart, a fail-over,
 * `pg_terminate_backend`, a firewall dropping idle TCP). The pool, and a client between two queries,
 * emit `'error'` then; with no listener Node ends the process, every instance at once. Here the loss is
 * logged (once per outage, until a connection succeeds again) and the pool drops that client itself:
 * requests meanwhile fail (the 503 page) and the next ones open fresh connections.
 */
export function resilientPool(connectionString: string, max = 10): pg.Pool {
  const pool = new pg.Pool({ connectionString, max });
  let lost = false;
  const onError = (error: Error) => {
    if (lost) return;
    lost = true;
    log.warn('database connection lost', { error: error.message });
  };
  pool.on('error', onError);
  pool.on('connect', (client) => {
    if (lost) log.info('database connection restored');
    lost = false;
    client.on('error', onError);
  });
  return pool;
}

const STATEMENT_CACHE_SIZE = 500;

/** Stands for a ROLLBACK that SQLite has already done: runs nothing, changes nothing. */
const NOTHING_TO_ROLL_BACK: SqliteStatement = {
  reader: false,
  run: () => ({ changes: 0, lastInsertRowid: 0 }),
  all: () => [],
  iterate: () => [][Symbol.iterator](),
};

/**
 * Kysely prepares every query afresh; preparing costs more than running our small indexed queries.
 * better-sqlite3's advice is to prepare a statement once and run it many times: Kysely's queries are
 * parameterised, so the same SQL text recurs and its statement is reused (better-sqlite3 is
 * synchronous and we never stream, so a statement is never busy twice). The SQL runs exactly as
 * Kysely built it. DDL is not kept. At most `STATEMENT_CACHE_SIZE` are kept, the least recently
 * used going first: the app has far fewer distinct queries.
 */
function withStatementCache(sqlite: Sqlite.Database) {
  const cache = new LRUCache<string, Sqlite.Statement>({ max: STATEMENT_CACHE_SIZE });
  return {
    close: () => {
      cache.clear();
      sqlite.close();
    },
    prepare(text: string): SqliteStatement {
      // SQLite rolls a transaction back itself when a write fails for a full disk (SQLITE_FULL) or an
      // I/O error; Kysely then sends ROLLBACK, which fails with "cannot rollback - no transaction is
      // active" and is thrown in place of the real error. With no transaction open there is nothing to
      // roll back: that ROLLBACK is not run, and Kysely throws the original error (ADR 098).
      if (/^rollback$/i.test(text) && !sqlite.inTransaction) return NOTHING_TO_ROLL_BACK;
      const sql = /^begin$/i.test(text) ? 'begin immediate' : text;
      let statement = cache.get(sql);
      if (statement) return statement;
      statement = sqlite.prepare(sql);
      if (/^\s*(select|insert|update|delete|with)\b/i.test(sql)) {
        cache.set(sql, statement);
      }
      return statement;
    },
  };
}

/** Names of the migrations this code knows that the database has not applied (`/readyz`). */
export async function pendingMigrations(db: Db): Promise<string[]> {
  const migrations = await new Migrator({ db, provider }).getMigrations();
  return migrations.filter((m) => !m.executedAt).map((m) => m.name);
}

/** Apply pending migrations; throws with the failing migration's name. */
export async function migrate(db: Db): Promise<string[]> {
  const migrator = new Migrator({ db, provider });
  const { error, results } = await migrator.migrateToLatest();
  const failed = results?.find((r) => r.status === 'Error');
  if (error) {
    const cause = error instanceof Error ? error.message : String(error);
    throw new Error(`Database migration ${failed?.migrationName ?? ''} failed: ${cause}`, { cause: error });
  }
  return (results ?? []).filter((r) => r.status === 'Success').map((r) => r.migrationName);
}

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

/**
 * The code of the error `openDb` throws for a SQLite file that is missing beside its write-ahead log
 * (ADR 144): the store was removed while in use. Opening would make a new, empty store and overwrite
 * the log, the last of what was removed.
 */
export const STORE_FILE_MISSING = 'SAHAKORN_STORE_FILE_MISSING';

/**
 * How long PostgreSQL may keep a request waiting (ADR 143). A server that stops answering — hung,
 * overloaded, behind a network path that drops packets — would otherwise hold every request and
 * every pooled connection for as long as TCP keeps trying, and the visitor would get the proxy's
 * timeout page. Each limit ends in an error `isStoreUnavailable` knows: the 503 page with
 * `Retry-After`, and the next request tries again.
 */
/**
 * A new connection, or a free one from a full pool, must be had within this. Generous: a slow network
 * (several round trips to connect and authenticate) or a busy pool is not yet an outage.
 */
export const PG_CONNECT_TIMEOUT_MS = 10_000;
/** The server cancels a statement that runs longer than this (SQLSTATE 57014). */
export const PG_STATEMENT_TIMEOUT_MS = 15_000;
/** No answer at all to a query within this: the connection is given up (the network or server went silent). */
export const PG_QUERY_TIMEOUT_MS = 20_000;

export interface DbConfig {
  /** postgres://… or undefined for SQLite in `dataDir`. */
  databaseUrl?: string;
  dataDir: string;
  /** PostgreSQL connections this process may hold (default 10; `poolSizeFor` divides them among workers). */
  poolSize?: number;
  /** PostgreSQL's `statement_timeout` (default `PG_STATEMENT_TIMEOUT_MS`). */
  statementTimeoutMs?: number;
  /** How long a PostgreSQL query may go without any answer (default `PG_QUERY_TIMEOUT_MS`). */
  queryTimeoutMs?: number;
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
    const db = new Kysely<Database>({
      dialect: new PostgresDialect({
        pool: resilientPool(config.databaseUrl, config.poolSize, {
          statementTimeoutMs: config.statementTimeoutMs,
          queryTimeoutMs: config.queryTimeoutMs,
        }),
      }),
    });
    postgresConfigs.set(db, config);
    return db;
  }
  fs.mkdirSync(config.dataDir, { recursive: true });
  const file = path.join(config.dataDir, 'sahakorn.db');
  if (!fs.existsSync(file) && fs.existsSync(`${file}-wal`)) {
    throw Object.assign(new Error(`${file} is missing beside its write-ahead log`), { code: STORE_FILE_MISSING });
  }
  const sqlite = new Sqlite(file);
  sqlite.pragma('journal_mode = WAL');
  sqlite.pragma('synchronous = NORMAL');
  sqlite.pragma('foreign_keys = ON');
  sqlite.pragma('busy_timeout = 5000');
  const problem = fileWatch(file);
  const db = new Kysely<Database>({ dialect: new SqliteDialect({ database: withStatementCache(sqlite, problem) }) });
  fileProblems.set(db, problem);
  return db;
}

/** The file check of each SQLite store `openDb` opened (`storeFileProblem`). */
const fileProblems = new WeakMap<Db, () => string | null>();

/**
 * Whether the store's file is no longer the one it opened (ADR 144): removed, or another file put in
 * its place. Null when it is (and for PostgreSQL). `/readyz` is not ready then.
 */
export function storeFileProblem(db: Db): string | null {
  return fileProblems.get(db)?.() ?? null;
}

/**
 * A check that `file` is still the file opened now (same device and inode). An open SQLite store
 * whose file was removed goes on reading and writing the removed file and its WAL: every write would
 * be acknowledged, and lost when the process ends (the next start makes a new, empty store).
 */
function fileWatch(file: string): () => string | null {
  const opened = fs.statSync(file);
  return () => {
    const now = fs.statSync(file, { throwIfNoEntry: false });
    return now && now.ino === opened.ino && now.dev === opened.dev ? null : 'database file removed or replaced';
  };
}

/**
 * A pg pool that survives the server ending its connections (a restart, a fail-over,
 * `pg_terminate_backend`, a firewall dropping idle TCP). The pool, and a client between two queries,
 * emit `'error'` then; with no listener Node ends the process, every instance at once. Here the loss is
 * logged (once per outage, until a connection succeeds again) and the pool drops that client itself:
 * requests meanwhile fail (the 503 page) and the next ones open fresh connections. A server that
 * stops answering without ending anything is given up on within the limits above (ADR 143).
 */
export function resilientPool(
  connectionString: string,
  max = 10,
  limits: { statementTimeoutMs?: number; queryTimeoutMs?: number } = {},
): pg.Pool {
  const pool = new pg.Pool({
    connectionString,
    max,
    Client: SilenceDroppingClient,
    connectionTimeoutMillis: PG_CONNECT_TIMEOUT_MS,
    statement_timeout: limits.statementTimeoutMs ?? PG_STATEMENT_TIMEOUT_MS,
    query_timeout: limits.queryTimeoutMs ?? PG_QUERY_TIMEOUT_MS,
    // The OS notices a peer that vanished (no FIN, no RST) on an idle pooled connection.
    keepAlive: true,
  });
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

/** The message of pg's error for a query that got no answer within `query_timeout`. */
export const PG_QUERY_READ_TIMEOUT = 'Query read timeout';

/**
 * pg's `query_timeout` rejects the query but keeps the connection, which still waits for the
 * answer: the pool would hand it to the next request, whose query would queue behind the lost one.
 * This client ends itself when a query timed out, so the pool drops it and the next request gets a
 * fresh connection.
 */
class SilenceDroppingClient extends pg.Client {}
const clientQuery = pg.Client.prototype.query as (this: pg.Client, ...args: unknown[]) => unknown;
(SilenceDroppingClient.prototype as { query: unknown }).query = function query(this: pg.Client, ...args: unknown[]) {
  const result = clientQuery.apply(this, args);
  if (result instanceof Promise) {
    result.catch((error: unknown) => {
      // `end()` marks the client as ending at once (the pool then drops it when it comes back) and,
      // with the lost query still active, destroys the socket rather than waiting for a goodbye.
      if (error instanceof Error && error.message === PG_QUERY_READ_TIMEOUT) this.end().catch(() => undefined);
    });
  }
  return result;
};

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
function withStatementCache(sqlite: Sqlite.Database, fileProblem: () => string | null = () => null) {
  const cache = new LRUCache<string, Sqlite.Statement>({ max: STATEMENT_CACHE_SIZE });
  /**
   * A statement that writes (or begins or commits a transaction) runs only while the store's file is
   * still the one opened (ADR 144); otherwise it fails as SQLite fails a write to a moved file, which
   * `isStoreUnavailable` knows: the 503 page, nothing acknowledged. A ROLLBACK always runs.
   */
  const guarded = (statement: Sqlite.Statement): SqliteStatement => ({
    reader: statement.reader,
    run: (parameters) => {
      refuseWhenMoved(fileProblem);
      return statement.run(parameters);
    },
    all: (parameters) => {
      refuseWhenMoved(fileProblem);
      return statement.all(parameters);
    },
    iterate: (parameters) => {
      refuseWhenMoved(fileProblem);
      return statement.iterate(parameters);
    },
  });
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
      if (!statement) {
        statement = sqlite.prepare(sql);
        if (/^\s*(select|insert|update|delete|with)\b/i.test(sql)) {
          cache.set(sql, statement);
        }
      }
      return /^\s*(select|rollback)\b/i.test(sql) ? statement : guarded(statement);
    },
  };
}

/** Throws SQLite's "moved" error when the store's file is not the one opened. */
function refuseWhenMoved(fileProblem: () => string | null): void {
  const problem = fileProblem();
  if (problem)
    throw Object.assign(new Error(`attempt to write a readonly database: ${problem}`), {
      code: 'SQLITE_READONLY_DBMOVED',
    });
}

/** Names of the migrations this code knows that the database has not applied (`/readyz`). */
export async function pendingMigrations(db: Db): Promise<string[]> {
  const migrations = await new Migrator({ db, provider }).getMigrations();
  return migrations.filter((m) => !m.executedAt).map((m) => m.name);
}

/** How each PostgreSQL store `openDb` opened was configured: `migrate` opens its own pool from it. */
const postgresConfigs = new WeakMap<Db, DbConfig>();

/**
 * Apply pending migrations; throws with the failing migration's name. On PostgreSQL they run on a
 * pool of their own, without the request limits (ADR 143): building an index or rewriting a table of
 * a large store may take longer than any request should.
 */
export async function migrate(db: Db): Promise<string[]> {
  const config = postgresConfigs.get(db);
  if (!config) return migrateOn(db);
  const unlimited = openDb({ ...config, poolSize: 2, statementTimeoutMs: 0, queryTimeoutMs: 0 });
  try {
    return await migrateOn(unlimited);
  } finally {
    await unlimited.destroy();
  }
}

async function migrateOn(db: Db): Promise<string[]> {
  const migrator = new Migrator({ db, provider });
  const { error, results } = await migrator.migrateToLatest();
  const failed = results?.find((r) => r.status === 'Error');
  if (error) {
    const cause = error instanceof Error ? error.message : String(error);
    throw new Error(`Database migration ${failed?.migrationName ?? ''} failed: ${cause}`, { cause: error });
  }
  return (results ?? []).filter((r) => r.status === 'Success').map((r) => r.migrationName);
}

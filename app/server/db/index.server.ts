import fs from 'node:fs';
import path from 'node:path';
import Sqlite from 'better-sqlite3';
import { Kysely, PostgresDialect, SqliteDialect } from 'kysely';
import { Migrator, type Migration, type MigrationProvider } from 'kysely/migration';
import pg from 'pg';

import * as m0001 from './migrations/0001-foundation';
import * as m0002 from './migrations/0002-member-finance';
import * as m0005 from './migrations/0005-public-content';
import type { Database } from './schema';

/** Every migration, in order. Bundled statically so the server build needs no migration folder. */
const MIGRATIONS: Record<string, Migration> = {
  '0001-foundation': m0001,
  '0002-member-finance': m0002,
  '0005-public-content': m0005,
};

const provider: MigrationProvider = { getMigrations: async () => MIGRATIONS };

export type Db = Kysely<Database>;

export interface DbConfig {
  /** postgres://… or undefined for SQLite in `dataDir`. */
  databaseUrl?: string;
  dataDir: string;
}

// PostgreSQL returns int8 as strings; our bigint columns hold epoch milliseconds and satang, all
// well inside Number.MAX_SAFE_INTEGER.
pg.types.setTypeParser(20, (v) => Number(v));

/** Open the app database (SQLite file `sahakorn.db` in dataDir, or PostgreSQL). */
export function openDb(config: DbConfig): Db {
  if (config.databaseUrl) {
    return new Kysely<Database>({
      dialect: new PostgresDialect({ pool: new pg.Pool({ connectionString: config.databaseUrl, max: 10 }) }),
    });
  }
  fs.mkdirSync(config.dataDir, { recursive: true });
  const file = path.join(config.dataDir, 'sahakorn.db');
  const sqlite = new Sqlite(file);
  sqlite.pragma('journal_mode = WAL');
  sqlite.pragma('synchronous = NORMAL');
  sqlite.pragma('foreign_keys = ON');
  sqlite.pragma('busy_timeout = 5000');
  return new Kysely<Database>({ dialect: new SqliteDialect({ database: sqlite }) });
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

import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

import Sqlite from 'better-sqlite3';
import { sql, type Transaction } from 'kysely';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';

import { dropDatabase, freshDatabase } from '../../../scripts/instances.mjs';
import {
  PG_CONNECT_TIMEOUT_MS,
  STORE_FILE_MISSING,
  migrate,
  openDb,
  poolSizeFor,
  storeFileProblem,
  type Db,
} from './index.server';
import { isStoreUnavailable } from './outage.server';
import { pgProxy } from './pg-proxy.test-support';
import type { Database } from './schema';

describe('the SQLite store', () => {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'sahakorn-sql-'));
  let db: Db;

  beforeAll(async () => {
    db = openDb({ dataDir });
    await migrate(db);
  });

  afterAll(async () => {
    vi.restoreAllMocks();
    await db.destroy();
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  it('runs the SQL Kysely built, as built, and prepares it once', async () => {
    const prepare = vi.spyOn(Sqlite.prototype, 'prepare');
    const query = (no: string, page: number) =>
      db
        .selectFrom('share_statements')
        .select('op_date')
        .where('membership_no', '=', no)
        .orderBy('op_date', 'desc')
        .limit(20)
        .offset(page * 20);
    const built = query('012345', 0).compile().sql;
    expect(built).toContain('"membership_no" = ?');
    await query('012345', 0).execute();
    await query('000002', 1).execute();
    const prepared = prepare.mock.calls.map(([text]) => text).filter((text) => text.includes('share_statements'));
    expect(prepared).toEqual([built]);
  });

  it('a transaction that fills the disk fails with SQLite\'s own "database or disk is full", not a failed rollback', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'sahakorn-full-'));
    const small = openDb({ dataDir: dir });
    try {
      await sql`create table filler (bytes blob)`.execute(small);
      // The store may grow by a few pages only: as a disk with no room left.
      const pages = (await sql<{ page_count: number }>`pragma page_count`.execute(small)).rows[0]?.page_count ?? 0;
      await sql.raw(`pragma max_page_count = ${pages + 4}`).execute(small);
      const failure = await small
        .transaction()
        .execute(async (trx) => {
          for (let i = 0; i < 20; i += 1) {
            await sql`insert into filler (bytes) values (${Buffer.alloc(8192, i)})`.execute(trx);
          }
        })
        .then(
          () => null,
          (error: unknown) => error,
        );
      expect(failure).toMatchObject({ code: 'SQLITE_FULL', message: 'database or disk is full' });
      // Nothing of the transaction was kept, and the store takes the next transaction.
      const kept = await small.transaction().execute(async (trx) => {
        return (await sql<{ n: number }>`select count(*) as n from filler`.execute(trx)).rows[0]?.n;
      });
      expect(kept).toBe(0);
    } finally {
      await small.destroy();
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });

  it('a transaction whose work throws is still rolled back', async () => {
    await sql`create table if not exists undone (n integer)`.execute(db);
    const failure = await db
      .transaction()
      .execute(async (trx) => {
        await sql`insert into undone (n) values (1)`.execute(trx);
        throw new Error('changed its mind');
      })
      .catch((error: unknown) => error);
    expect(failure).toMatchObject({ message: 'changed its mind' });
    expect((await sql<{ n: number }>`select count(*) as n from undone`.execute(db)).rows[0]?.n).toBe(0);
  });

  it('runs a transaction that reads, then writes, while another process writes to the file (ADR 071)', async () => {
    // Another worker process: a short write every 2 ms for a while.
    const writer = spawn(
      process.execPath,
      [
        '--input-type=module',
        '-e',
        `import Sqlite from 'better-sqlite3';
         const db = new Sqlite(process.argv[1]);
         db.pragma('busy_timeout = 5000');
         const insert = db.prepare("insert into rate_limits (key, count, reset_at) values (?, 1, 0)");
         console.log('ready');
         const end = Date.now() + 4000;
         for (let i = 0; Date.now() < end; i += 1) {
           insert.run('other-process:' + i);
           Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, 2);
         }`,
        path.join(dataDir, 'sahakorn.db'),
      ],
      { stdio: ['ignore', 'pipe', 'inherit'] },
    );
    const exited = new Promise((resolve) => writer.once('exit', resolve));
    await new Promise((resolve) => writer.stdout.once('data', resolve));
    const failures: string[] = [];
    for (let i = 0; i < 20; i += 1) {
      await db
        .transaction()
        .execute(async (trx) => {
          const { n } = await trx
            .selectFrom('rate_limits')
            .select((eb) => eb.fn.countAll<number>().as('n'))
            .executeTakeFirstOrThrow();
          // Meanwhile the other process would commit: a deferred transaction could no longer write.
          await new Promise((resolve) => setTimeout(resolve, 5));
          await trx
            .insertInto('rate_limits')
            .values({ key: `this-process:${i}`, count: Number(n), reset_at: 0 })
            .execute();
        })
        .catch((error: unknown) => failures.push(String(error)));
    }
    writer.kill();
    await exited;
    expect(failures).toEqual([]);
    const mine = await db.selectFrom('rate_limits').select('key').where('key', 'like', 'this-process:%').execute();
    expect(mine).toHaveLength(20);
  });
});

describe('the SQLite store when its file is removed or replaced under it (ADR 144)', () => {
  const setUp = async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'sahakorn-moved-'));
    const store = openDb({ dataDir: dir });
    await migrate(store);
    await store.insertInto('rate_limits').values({ key: 'before', count: 1, reset_at: 0 }).execute();
    return { dir, store, file: path.join(dir, 'sahakorn.db') };
  };
  const keys = (store: Db) =>
    store
      .selectFrom('rate_limits')
      .select('key')
      .execute()
      .then((rows) => rows.map((row) => row.key));

  it('takes no write once its file is removed (it would be acknowledged and lost), as the store being unavailable', async () => {
    const { dir, store, file } = await setUp();
    try {
      expect(storeFileProblem(store)).toBeNull();
      fs.rmSync(file);
      // SQLite itself would go on writing to the open, removed file and its WAL: gone at the next start.
      const write = await store
        .insertInto('rate_limits')
        .values({ key: 'after', count: 1, reset_at: 0 })
        .execute()
        .catch((error: unknown) => error);
      expect(write).toMatchObject({ code: 'SQLITE_READONLY_DBMOVED' });
      expect(isStoreUnavailable(write)).toBe(true);
      const inTransaction = await store
        .transaction()
        .execute((trx) => trx.deleteFrom('rate_limits').execute())
        .catch((error: unknown) => error);
      expect(isStoreUnavailable(inTransaction)).toBe(true);
      // Reads still come from the open file.
      expect(await keys(store)).toEqual(['before']);
      expect(storeFileProblem(store)).toBe('database file removed or replaced');
    } finally {
      await store.destroy();
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });

  it('does not open a new, empty store beside the write-ahead log of a removed one', async () => {
    const { dir, store, file } = await setUp();
    // Ended without closing (killed, or the container stopped): the WAL stays beside the file.
    fs.copyFileSync(`${file}-wal`, path.join(dir, 'kept-wal'));
    await store.destroy();
    fs.rmSync(file);
    fs.copyFileSync(path.join(dir, 'kept-wal'), `${file}-wal`);
    try {
      expect(() => openDb({ dataDir: dir })).toThrow(expect.objectContaining({ code: STORE_FILE_MISSING }));
      expect(fs.existsSync(file)).toBe(false);
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });

  it('takes no write once another file has taken its place', async () => {
    const { dir, store, file } = await setUp();
    try {
      fs.renameSync(file, `${file}.moved`);
      fs.writeFileSync(file, '');
      const write = await store
        .insertInto('rate_limits')
        .values({ key: 'after', count: 1, reset_at: 0 })
        .execute()
        .catch((error: unknown) => error);
      expect(isStoreUnavailable(write)).toBe(true);
      expect(storeFileProblem(store)).toBe('database file removed or replaced');
    } finally {
      await store.destroy();
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});

describe('the migrations (ADR 129)', () => {
  it('a fresh store applies every numbered file of the migrations folder, in order, and no other file', async () => {
    const files = fs
      .readdirSync(path.join(import.meta.dirname, 'migrations'))
      .map((file) => file.replace(/\.ts$/, ''))
      .sort();
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'sahakorn-migrations-'));
    const fresh = openDb({ dataDir });
    try {
      // The folder also holds the frozen helpers the migrations share; they are not a migration.
      expect(files).toContain('columns');
      expect(await migrate(fresh)).toEqual(files.filter((name) => /^\d{4}-/.test(name)));
    } finally {
      await fresh.destroy();
      fs.rmSync(dataDir, { recursive: true, force: true });
    }
  });
});

describe('PostgreSQL connections per worker (ADR 071)', () => {
  it('are 10 each up to four workers, then shared out so a server holds at most 40, and never fewer than 2', () => {
    expect([1, 2, 4, 5, 8, 16, 64].map(poolSizeFor)).toEqual([10, 10, 10, 8, 5, 2, 2]);
  });
});

// A PostgreSQL restart or fail-over ends every pooled connection. With TEST_DATABASE_URL:
// npx vitest run app/server/db/index.server.test.ts
const PG_URL = process.env.TEST_DATABASE_URL;
describe.skipIf(!PG_URL)('the PostgreSQL pool when the server ends its connections', () => {
  let db: Db;
  let admin: pg.Client;
  const stderr: string[] = [];

  beforeAll(async () => {
    db = openDb({ dataDir: os.tmpdir(), databaseUrl: PG_URL });
    admin = new pg.Client({ connectionString: PG_URL });
    await admin.connect();
    vi.spyOn(process.stderr, 'write').mockImplementation((chunk) => {
      stderr.push(String(chunk));
      return true;
    });
  });

  afterAll(async () => {
    vi.restoreAllMocks();
    await db?.destroy();
    await admin?.end();
  });

  const backendPid = async (on: Db | Transaction<Database> = db) =>
    Number((await sql<{ pid: number }>`select pg_backend_pid() as pid`.execute(on)).rows[0]?.pid);
  const terminate = (pids: number[]) =>
    admin.query('select pg_terminate_backend(pid) from unnest($1::int[]) as pid', [pids]);
  const lostLines = () => stderr.filter((line) => line.includes('"database connection lost"'));

  it('idle connections ended by the server: the process lives, one warning, the next query works', async () => {
    // Several connections at once, so the pool keeps several idle ones.
    const pids = await Promise.all([1, 2, 3].map(() => db.transaction().execute((trx) => backendPid(trx))));
    expect(new Set(pids).size).toBe(3);
    await terminate(pids);
    // The pool sees each socket close and emits 'error' for it (an uncaught one would end this process).
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(lostLines()).toHaveLength(1);
    expect(lostLines()[0]).toMatch(/"level":"warn"/);
    const after = await backendPid();
    expect(pids).not.toContain(after);
  });

  it('a connection ended between two queries of a transaction fails that transaction only', async () => {
    await expect(
      db.transaction().execute(async (trx) => {
        await terminate([await backendPid(trx)]);
        // No query is running on the client when its socket closes: it emits 'error' itself.
        await new Promise((resolve) => setTimeout(resolve, 300));
        await sql`select 1`.execute(trx);
      }),
    ).rejects.toThrow();
    expect(Number((await sql<{ one: number }>`select 1 as one`.execute(db)).rows[0]?.one)).toBe(1);
  });
});

/**
 * A PostgreSQL that stops answering without closing anything (the process hung, a network path
 * that drops packets, a server so slow it is as good as down): without limits a request would wait
 * for ever, every pooled connection with it, and the visitor would get the proxy's timeout page.
 * Each wait is bounded, and what ends it is the "store unavailable" 503 (isStoreUnavailable).
 */
describe('the PostgreSQL pool when the server stops answering', () => {
  it(`a connection that gets no answer gives up after ${PG_CONNECT_TIMEOUT_MS} ms, as the store being down`, async () => {
    const silent = await pgProxy();
    const db = openDb({ dataDir: os.tmpdir(), databaseUrl: silent.url });
    try {
      const started = Date.now();
      const failure = await sql`select 1`.execute(db).catch((error: unknown) => error);
      expect(Date.now() - started).toBeLessThan(PG_CONNECT_TIMEOUT_MS + 2_000);
      expect(failure).toBeInstanceOf(Error);
      expect(isStoreUnavailable(failure)).toBe(true);
    } finally {
      await db.destroy().catch(() => undefined);
      await silent.close();
    }
  }, 30_000);
});

describe.skipIf(!PG_URL)('the PostgreSQL pool when a query gets no answer', () => {
  it('a query on an open connection that goes silent fails as the store being down, and the next one works', async () => {
    const proxy = await pgProxy(new URL(PG_URL ?? ''));
    const db = openDb({ dataDir: os.tmpdir(), databaseUrl: proxy.url, queryTimeoutMs: 1_000 });
    try {
      expect(Number((await sql<{ one: number }>`select 1 as one`.execute(db)).rows[0]?.one)).toBe(1);
      proxy.stall(true);
      const started = Date.now();
      const failure = await sql`select 2`.execute(db).catch((error: unknown) => error);
      expect(Date.now() - started).toBeLessThan(3_000);
      expect(isStoreUnavailable(failure)).toBe(true);
      proxy.stall(false);
      // The silent connection was let go: the next query opens a fresh one and gets its answer.
      expect(Number((await sql<{ three: number }>`select 3 as three`.execute(db)).rows[0]?.three)).toBe(3);
    } finally {
      await db.destroy().catch(() => undefined);
      await proxy.close();
    }
  }, 20_000);

  it('migrations run without the request limits: a long migration is not cancelled halfway', async () => {
    const url = await freshDatabase(PG_URL ?? '', 'limits');
    // Limits so short that most migration statements would be cancelled under them.
    const db = openDb({ dataDir: os.tmpdir(), databaseUrl: url, statementTimeoutMs: 1 });
    try {
      expect((await migrate(db)).length).toBeGreaterThan(10);
      // The limit holds for everything else.
      const failure = await sql`select pg_sleep(0.2)`.execute(db).catch((error: unknown) => error);
      expect(failure).toMatchObject({ code: '57014' });
    } finally {
      await db.destroy();
      await dropDatabase(PG_URL ?? '', 'limits');
    }
  }, 60_000);

  it('a statement that runs too long is cancelled by the server, as the store being unavailable', async () => {
    const db = openDb({ dataDir: os.tmpdir(), databaseUrl: PG_URL, statementTimeoutMs: 500 });
    try {
      const failure = await sql`select pg_sleep(5)`.execute(db).catch((error: unknown) => error);
      expect(failure).toMatchObject({ code: '57014' });
      expect(isStoreUnavailable(failure)).toBe(true);
      expect(Number((await sql<{ one: number }>`select 1 as one`.execute(db)).rows[0]?.one)).toBe(1);
    } finally {
      await db.destroy();
    }
  }, 20_000);
});

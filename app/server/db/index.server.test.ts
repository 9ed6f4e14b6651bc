import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

import Sqlite from 'better-sqlite3';
import { sql, type Transaction } from 'kysely';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';

import { migrate, openDb, withStablePlans, type Db } from './index.server';
import type { Database } from './schema';

describe('withStablePlans', () => {
  it("writes a SELECT's column = parameter comparisons as IN (?) and its limits as +?, and nothing else", () => {
    expect(
      withStablePlans(
        'select "op_date" from "share_statements" where "membership_no" = ? and "op_date" >= ? order by "op_date" desc',
      ),
    ).toBe(
      'select "op_date" from "share_statements" where "membership_no" in (?) and "op_date" >= ? order by "op_date" desc',
    );
    expect(withStablePlans('select "n" from "t" where "k" = ? order by "d" desc limit ? offset ?')).toBe(
      'select "n" from "t" where "k" in (?) order by "d" desc limit +? offset +?',
    );
    const update = 'update "sessions" set "expires_at" = ? where "id_hash" = ?';
    expect(withStablePlans(update)).toBe(update);
    const insert = 'insert into "audit_log" ("kind") values (?)';
    expect(withStablePlans(insert)).toBe(insert);
  });
});

describe('the SQLite store answers a comparison as before', () => {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'sahakorn-equality-'));
  let db: Db;

  beforeAll(async () => {
    db = openDb({ dataDir });
    await migrate(db);
    await sql`create table t (k text, n integer, d text)`.execute(db);
    await sql`insert into t values ('012345', 1, '2026-01-01'), ('012345', 2, '2026-02-01'), ('12345', 3, '2026-03-01'), (null, 4, '2026-04-01')`.execute(
      db,
    );
  });

  afterAll(async () => {
    await db.destroy();
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  // Kysely's typed builder does not know the test table: the same SQL it writes, by hand.
  const rows = async (where: string, value: unknown) =>
    (
      await db.executeQuery<{ n: number }>({
        sql: `select "n" from "t" where ${where} order by "d" desc`,
        parameters: [value],
        query: { kind: 'SelectQueryNode' } as never,
        queryId: { queryId: 'test' },
      })
    ).rows.map((r) => r.n);

  it('exactly as the SQL it rewrites: affinity, numbers against text, NULL, limits and offsets', async () => {
    // The same SQL through a connection of its own, as SQLite answers it without the rewrite.
    const raw = new Sqlite(path.join(dataDir, 'sahakorn.db'), { readonly: true });
    try {
      for (const [where, value] of [
        ['"k" = ?', '012345'],
        ['"k" = ?', 12345],
        ['"k" = ?', '12345'],
        ['"n" = ?', '2'],
        ['"n" = ?', 2],
        ['"k" = ?', null],
      ] as const) {
        const expected = raw
          .prepare<unknown[], { n: number }>(`select "n" from "t" where ${where} order by "d" desc`)
          .all(value)
          .map((r) => r.n);
        expect(await rows(where, value), `${where} with ${String(value)}`).toEqual(expected);
      }
      expect(await rows('"k" = ?', '012345')).toEqual([2, 1]);
      // A page of rows: the limit and offset as parameters.
      for (const [limit, offset] of [
        [2, 0],
        [2, 1],
        [10, 3],
        [1, 9],
      ]) {
        const page = `select "n" from "t" order by "d" desc limit ? offset ?`;
        const expected = raw
          .prepare<unknown[], { n: number }>(page)
          .all(limit, offset)
          .map((r) => r.n);
        const mine = await db.executeQuery<{ n: number }>({
          sql: page,
          parameters: [limit, offset],
          query: { kind: 'SelectQueryNode' } as never,
          queryId: { queryId: 'test' },
        });
        expect(mine.rows.map((r) => r.n)).toEqual(expected);
      }
    } finally {
      raw.close();
    }
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

import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

import Sqlite from 'better-sqlite3';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { migrate, openDb, withStablePlans, type Db } from './index.server';

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

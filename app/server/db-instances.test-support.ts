/**
 * Scratch stores for test files, removed after the file's tests: fresh SQLite stores (`scratchSqlite`),
 * one store on SQLite or PostgreSQL (`scratchStore`), and two app instances on one store at the same
 * time (`twoInstanceStores`): SQLite always, PostgreSQL in a scratch database when TEST_DATABASE_URL is
 * set (two pools, as two instances have).
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

import { afterAll } from 'vitest';

import { dropDatabase, freshDatabase } from '../../scripts/instances.mjs';
import { migrate, openDb, type Db } from './db/index.server';
import type { SeedDemoOptions } from './seed/demo.server';

/** Opens two handles on one fresh, migrated store. */
export type Instances = () => Promise<[Db, Db]>;

/**
 * A `fresh()` that opens a new, migrated SQLite store in a folder of its own (named after `name`) each
 * time it is called, and the hook that closes them and removes their folders after the file's tests.
 */
export function scratchSqlite(name: string): () => Promise<{ db: Db; dataDir: string }> {
  const dirs: string[] = [];
  const handles: Db[] = [];
  afterAll(async () => {
    for (const db of handles) await db.destroy();
    for (const dir of dirs) fs.rmSync(dir, { recursive: true, force: true });
  });
  return async () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), `sahakorn-${name.replaceAll('_', '-')}-`));
    dirs.push(dataDir);
    const db = openDb({ dataDir });
    handles.push(db);
    await migrate(db);
    return { db, dataDir };
  };
}

/**
 * An `open()` for a file whose tests share one store: a fresh, migrated SQLite store in a folder of its
 * own, or with TEST_DATABASE_URL=postgres://… a scratch PostgreSQL database next to that one
 * (`<db>_<name>`: the role needs CREATEDB), so a second run works too. The hook registered here closes
 * it and removes the folder and the database after the file's tests.
 */
export function scratchStore(name: string): () => Promise<Db> {
  const pg = process.env.TEST_DATABASE_URL;
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), `sahakorn-${name.replaceAll('_', '-')}-`));
  let db: Db | undefined;
  afterAll(async () => {
    await db?.destroy();
    if (pg) await dropDatabase(pg, name);
    fs.rmSync(dataDir, { recursive: true, force: true });
  });
  return async () => {
    db = openDb({ dataDir, databaseUrl: pg ? await freshDatabase(pg, name) : undefined });
    await migrate(db);
    return db;
  };
}

/**
 * The stores to run a file's tests on (`stores`: `[label, open]` rows for `describe.each`), a fresh
 * migrated SQLite store on its own (`freshSqlite`), and the hook that closes every handle and removes
 * the folders and the scratch database after the file's tests. `name` names the SQLite folders and the
 * PostgreSQL database. With `sqliteOneConnection`, both SQLite handles are one connection (a second one
 * in the same thread would wait on the first's transaction).
 */
export function twoInstanceStores(
  name: string,
  { sqliteOneConnection = false }: { sqliteOneConnection?: boolean } = {},
): { stores: Array<[string, Instances]>; freshSqlite: () => Promise<{ db: Db; dataDir: string }> } {
  const pg = process.env.TEST_DATABASE_URL;
  const freshSqlite = scratchSqlite(name);
  const handles: Db[] = [];
  const stores: Array<[string, Instances]> = [
    [
      'SQLite',
      async () => {
        const { db, dataDir } = await freshSqlite();
        if (sqliteOneConnection) return [db, db];
        const other = openDb({ dataDir });
        handles.push(other);
        return [db, other];
      },
    ],
  ];
  if (pg) {
    stores.push([
      'PostgreSQL',
      async () => {
        const url = await freshDatabase(pg, name);
        const a = openDb({ dataDir: os.tmpdir(), databaseUrl: url });
        await migrate(a);
        const pair: [Db, Db] = [a, openDb({ dataDir: os.tmpdir(), databaseUrl: url })];
        handles.push(...pair);
        return pair;
      },
    ]);
  }
  afterAll(async () => {
    for (const db of handles) await db.destroy();
    if (pg) await dropDatabase(pg, name);
  });
  return { stores, freshSqlite };
}

/**
 * The stores to run a file's tests on, as `[label, open]` rows for `describe.each`: a fresh SQLite store
 * always, and with TEST_DATABASE_URL a scratch PostgreSQL database (`<db>_<name>`: the role needs
 * CREATEDB). `open()` answers the store migrated; the hooks registered here close every store opened and
 * remove the folders and the database after the file's tests.
 */
export function eachStore(name: string): Array<[string, () => Promise<Db>]> {
  const pg = process.env.TEST_DATABASE_URL;
  const freshSqlite = scratchSqlite(name);
  const stores: Array<[string, () => Promise<Db>]> = [['SQLite', async () => (await freshSqlite()).db]];
  if (pg) {
    const handles: Db[] = [];
    afterAll(async () => {
      for (const db of handles) await db.destroy();
      await dropDatabase(pg, name);
    });
    stores.push([
      'PostgreSQL',
      async () => {
        const db = openDb({ dataDir: os.tmpdir(), databaseUrl: await freshDatabase(pg, name) });
        handles.push(db);
        await migrate(db);
        return db;
      },
    ]);
  }
  return stores;
}

/**
 * An `open()` of a fresh SQLite store holding the demo data (`options` as `seedDemo` takes them). Call
 * it where a file's or a describe's hooks go: the hook registered here closes the store and removes its
 * folder after those tests.
 */
export function demoSqlite(name: string, options: SeedDemoOptions): () => Promise<Db> {
  const fresh = scratchSqlite(name);
  return async () => {
    const { seedDemo } = await import('./seed/demo.server');
    const { db } = await fresh();
    await seedDemo(db, options);
    return db;
  };
}

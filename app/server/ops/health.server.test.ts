import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

import { sql } from 'kysely';
import { afterAll, describe, expect, it } from 'vitest';

// A store of its own (no demo data: readiness does not need it), set before the app modules load.
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'sahakorn-health-'));
Object.assign(process.env, { DATA_DIR: dataDir, SEED_DEMO: '0', LOG_LEVEL: 'silent' });

const { app, shutdown } = await import('../app.server');
const { READY_DEADLINE_MS, checkReadiness, markShuttingDown } = await import('./health.server');
const { migrate, openDb, pendingMigrations } = await import('../db/index.server');
const readyz = await import('../../routes/readyz');
const healthz = await import('../../routes/healthz');
const { pgProxy } = await import('../db/pg-proxy.test-support');

afterAll(async () => {
  await shutdown();
});

/** A migrated SQLite store in a fresh directory. */
async function freshDb() {
  const db = openDb({ dataDir: fs.mkdtempSync(path.join(os.tmpdir(), 'sahakorn-ready-')) });
  await migrate(db);
  return db;
}

const noHook = {};

describe('checkReadiness', () => {
  it('is ready when the database answers and every migration is applied', async () => {
    const db = await freshDb();
    expect(await pendingMigrations(db)).toEqual([]);
    expect(await checkReadiness({ db, backend: noHook })).toEqual({ ready: true });
    await db.destroy();
  });

  it('is not ready when the data disk is full or cannot be written, and says which', async () => {
    const db = await freshDb();
    expect(await checkReadiness({ db, backend: noHook, disk: async () => 'data disk full' })).toEqual({
      ready: false,
      reason: 'data disk full',
    });
    expect(await checkReadiness({ db, backend: noHook, disk: async () => null })).toEqual({ ready: true });
    await db.destroy();
  });

  it('is not ready once the SQLite file has been removed, although the open store still answers (ADR 144)', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'sahakorn-ready-'));
    const db = openDb({ dataDir: dir });
    await migrate(db);
    fs.rmSync(path.join(dir, 'sahakorn.db'));
    expect(await checkReadiness({ db, backend: noHook })).toEqual({
      ready: false,
      reason: 'database file removed or replaced',
    });
    await db.destroy();
  });

  it('is not ready while a migration is pending, and names it', async () => {
    const db = await freshDb();
    const rows = await sql<{ name: string }>`select name from kysely_migration order by name`.execute(db);
    const last = rows.rows.at(-1)?.name ?? '';
    expect(last).not.toBe('');
    await sql`delete from kysely_migration where name = ${last}`.execute(db);
    expect(await checkReadiness({ db, backend: noHook })).toEqual({
      ready: false,
      reason: `migrations pending: ${last}`,
    });
    await db.destroy();
  });

  it('is not ready when the database does not answer', async () => {
    const db = await freshDb();
    await db.destroy();
    expect(await checkReadiness({ db, backend: noHook })).toEqual({ ready: false, reason: 'database unreachable' });
  });

  it(`answers within ${READY_DEADLINE_MS} ms when the database takes no call and refuses none (ADR 143)`, async () => {
    // A PostgreSQL that accepts connections and never says a word (hung, or a network that drops packets).
    const silent = await pgProxy();
    const db = openDb({ dataDir: os.tmpdir(), databaseUrl: silent.url });
    try {
      const started = Date.now();
      expect(await checkReadiness({ db, backend: noHook })).toEqual({ ready: false, reason: 'database unreachable' });
      expect(Date.now() - started).toBeLessThan(READY_DEADLINE_MS + 500);
    } finally {
      const closed = silent.close(); // its sockets end at once, so the pool's end does not wait on them
      await db.destroy().catch(() => undefined);
      await closed;
    }
  });

  it('asks the backend when it has a ready() hook (http mode), and skips it otherwise', async () => {
    const db = await freshDb();
    let asked = 0;
    const up = {
      ready: async () => {
        asked += 1;
      },
    };
    const down = {
      ready: async () => {
        throw new Error('ECONNREFUSED core.example:443');
      },
    };
    expect(await checkReadiness({ db, backend: up })).toEqual({ ready: true });
    expect(asked).toBe(1);
    expect(await checkReadiness({ db, backend: down })).toEqual({ ready: false, reason: 'core system unreachable' });
    await db.destroy();
  });
});

describe('/readyz and /healthz', () => {
  it('readyz answers 200 ready, then 503 with the reason once a migration is missing', async () => {
    const ok = await readyz.loader();
    expect(ok.status).toBe(200);
    expect(ok.headers.get('Cache-Control')).toBe('no-store');
    expect(await ok.json()).toEqual({ status: 'ready' });

    const { db } = await app();
    await sql`delete from kysely_migration where name = ${'0007-search-index'}`.execute(db);
    const pending = await readyz.loader();
    expect(pending.status).toBe(503);
    expect(pending.headers.get('Cache-Control')).toBe('no-store');
    expect(await pending.json()).toEqual({ status: 'unavailable', reason: 'migrations pending: 0007-search-index' });
  });

  it('once shutdown begins readyz answers 503 while healthz (liveness) stays 200', async () => {
    markShuttingDown();
    const stopping = await readyz.loader();
    expect(stopping.status).toBe(503);
    expect(await stopping.json()).toEqual({ status: 'unavailable', reason: 'shutting down' });
    const live = healthz.loader();
    expect(live.status).toBe(200);
    expect(live.headers.get('Cache-Control')).toBe('no-store');
    expect(await live.json()).toEqual({ status: 'ok' });
  });
});

import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { dropDatabase, freshDatabase } from '../../../scripts/instances.mjs';
import { migrate, openDb, type Db } from '../db/index.server';
import { purgeExpiredRateLimits } from './upkeep.server';

// SQLite always; PostgreSQL too with TEST_DATABASE_URL (its role makes `<db>_upkeep`).
const PG = process.env.TEST_DATABASE_URL;
describe.each([['SQLite'], ...(PG ? [['PostgreSQL']] : [])])('purgeExpiredRateLimits (%s)', (store) => {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'sahakorn-upkeep-'));
  let db: Db;
  const NOW = 1_800_000_000_000;

  beforeAll(async () => {
    const databaseUrl = store === 'PostgreSQL' ? await freshDatabase(PG ?? '', 'upkeep') : undefined;
    db = openDb({ dataDir, databaseUrl });
    await migrate(db);
  });

  afterAll(async () => {
    await db.destroy();
    if (store === 'PostgreSQL') await dropDatabase(PG ?? '', 'upkeep');
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  it('deletes windows that have ended and keeps the running ones, in bounded batches', async () => {
    const rows = [
      ...Array.from({ length: 1200 }, (_, i) => ({ key: `board:ip:old-${i}`, count: 3, reset_at: NOW - 1000 - i })),
      { key: 'board:ip:ends-now', count: 1, reset_at: NOW },
      { key: 'login:member:012345', count: 4, reset_at: NOW + 60_000 },
      { key: 'board:ip:live', count: 19, reset_at: NOW + 1 },
    ];
    for (let i = 0; i < rows.length; i += 200)
      await db
        .insertInto('rate_limits')
        .values(rows.slice(i, i + 200))
        .execute();

    // Two batches of 500 at most in this run: the oldest go first, the rest next time.
    expect(await purgeExpiredRateLimits(db, NOW, 2)).toBe(1000);
    const left = await db.selectFrom('rate_limits').select(['key', 'reset_at']).execute();
    expect(left).toHaveLength(203);
    expect(Math.max(...left.filter((r) => r.reset_at <= NOW).map((r) => NOW - r.reset_at))).toBeLessThan(1000 + 200);

    expect(await purgeExpiredRateLimits(db, NOW)).toBe(201);
    const keys = (await db.selectFrom('rate_limits').select('key').execute()).map((r) => r.key).sort();
    expect(keys).toEqual(['board:ip:live', 'login:member:012345']);
    expect(await purgeExpiredRateLimits(db, NOW)).toBe(0);
  });
});

import { describe, expect, it } from 'vitest';

import type { Db } from './db/index.server';
import { eachStore } from './db-instances.test-support';
import { IDEMPOTENCY_KEY_PATTERN, newIdempotencyKey, once } from './idempotency.server';

/**
 * Runs on SQLite always, and on PostgreSQL too when TEST_DATABASE_URL points at a scratch database
 * (there two connections of the pool really race, as two app instances behind a load balancer do).
 */
const stores = eachStore('idempotency');

describe('newIdempotencyKey', () => {
  it('is random and has the accepted form', () => {
    const keys = new Set(Array.from({ length: 100 }, newIdempotencyKey));
    expect(keys.size).toBe(100);
    for (const key of keys) expect(key).toMatch(IDEMPOTENCY_KEY_PATTERN);
  });
});

describe.each(stores)('once on %s', (_name, open) => {
  let db: Db;
  const scope = `test_${Math.random().toString(36).slice(2)}`;

  async function store(): Promise<Db> {
    db ??= await open();
    return db;
  }

  /**
   * Inserts one demand item (any table with an id will do) and answers its id, after a pause that
   * keeps the transaction open while concurrent callers try the same key.
   */
  function createRow(label: string, pauseMs = 0) {
    return async (trx: Parameters<Parameters<typeof once>[3]>[0]) => {
      if (pauseMs) await new Promise((resolve) => setTimeout(resolve, pauseMs));
      const row = await trx
        .insertInto('demand_items')
        .values({ question: label, detail: '', asker_name: 'test', asked_at: 0, status: 'received', hidden: 1 })
        .returning('id')
        .executeTakeFirstOrThrow();
      return String(row.id);
    };
  }

  async function rowsLabelled(label: string): Promise<number> {
    const r = await (
      await store()
    )
      .selectFrom('demand_items')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('question', '=', label)
      .executeTakeFirstOrThrow();
    return Number(r.n);
  }

  it('stores once when the same key is submitted concurrently, and both callers get the same result', async () => {
    const key = newIdempotencyKey();
    const label = `concurrent-${key}`;
    const d = await store();
    const results = await Promise.all(Array.from({ length: 5 }, () => once(d, scope, key, createRow(label, 50))));
    expect(await rowsLabelled(label)).toBe(1);
    const refs = new Set(results.map((r) => r?.ref));
    expect(refs.size).toBe(1);
    expect(results.filter((r) => r?.replayed === false)).toHaveLength(1);
    expect(results.filter((r) => r?.replayed === true)).toHaveLength(4);
  });

  it('stores again for a different key, and keys are per scope', async () => {
    const d = await store();
    const label = `distinct-${newIdempotencyKey()}`;
    const key = newIdempotencyKey();
    const a = await once(d, scope, key, createRow(label));
    const b = await once(d, scope, newIdempotencyKey(), createRow(label));
    const c = await once(d, `${scope}_other`, key, createRow(label));
    expect(await rowsLabelled(label)).toBe(3);
    expect(new Set([a?.ref, b?.ref, c?.ref]).size).toBe(3);
    expect([a?.replayed, b?.replayed, c?.replayed]).toEqual([false, false, false]);
  });

  it('releases the key when nothing was created or the creation failed', async () => {
    const d = await store();
    const key = newIdempotencyKey();
    const label = `released-${key}`;
    expect(await once(d, scope, key, async () => null)).toBeNull();
    await expect(
      once(d, scope, key, async (trx) => {
        await createRow(label)(trx);
        throw new Error('disk full');
      }),
    ).rejects.toThrow('disk full');
    expect(await rowsLabelled(label)).toBe(0);
    const stored = await once(d, scope, key, createRow(label));
    expect(stored?.replayed).toBe(false);
    expect(await rowsLabelled(label)).toBe(1);
  });

  it('refuses a malformed key', async () => {
    const d = await store();
    await expect(once(d, scope, 'short', createRow('never'))).rejects.toThrow(RangeError);
  });
});

import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { migrate, openDb, type Db } from '../db/index.server';
import { memberRow } from '../db/member-row.test-support';
import { bangkokMonth } from './figures';
import { createEmbeddedBackend } from './embedded.server';

describe('bangkokMonth', () => {
  it("is the month in Bangkok (UTC+7), not UTC's", () => {
    expect(bangkokMonth(Date.parse('2026-12-31T16:59:59Z'))).toBe('2026-12');
    expect(bangkokMonth(Date.parse('2026-12-31T17:00:00Z'))).toBe('2027-01');
  });

  it('shifts across years both ways', () => {
    const now = Date.parse('2026-11-23T05:00:00Z');
    expect(bangkokMonth(now, -23)).toBe('2024-12');
    expect(bangkokMonth(now, -10)).toBe('2026-01');
    expect(bangkokMonth(now, -11)).toBe('2025-12');
    expect(bangkokMonth(now, 2)).toBe('2027-01');
    expect(bangkokMonth(now, 14)).toBe('2028-01');
  });
});

describe('getShareCapitalHistory', () => {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'sahakorn-capital-'));
  let db: Db;
  const NOW = Date.parse('2026-11-23T05:00:00Z');
  const TOKEN = 'capital-history-token';

  beforeAll(async () => {
    db = openDb({ dataDir });
    await migrate(db);
    await db
      .insertInto('members')
      .values(memberRow('054321', { last_name: 'ทุนเรือนหุ้น', id_card: '1101700203451', status_code: '1' }))
      .execute();
    const { sha256 } = await import('../crypto.server');
    await db
      .insertInto('coop_tokens')
      .values({ token_hash: sha256(TOKEN), membership_no: '054321', issued_at: NOW, expires_at: NOW + 3_600_000 })
      .execute();
    // Two movements on the last day before the chart's first month (Dec 2024): the later one counts.
    const rows: Array<[string, number]> = [
      ['2024-10-31', 100_000],
      ['2024-11-29', 200_000],
      ['2024-11-29', 250_000],
      ['2025-01-31', 300_000],
      ['2025-01-31', 310_000],
      ['2026-11-20', 900_000],
    ];
    await db
      .insertInto('share_statements')
      .values(
        rows.map(([op_date, balance_satang]) => ({
          membership_no: '054321',
          op_date,
          period: null,
          description: 'ซื้อหุ้น',
          amount_satang: 0,
          balance_satang,
        })),
      )
      .execute();
  });

  afterAll(async () => {
    await db.destroy();
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  it('pages the share statement newest first, with the count of every row the filter keeps', async () => {
    const backend = createEmbeddedBackend(db, () => NOW);
    const first = await backend.getShareStatement({ token: TOKEN }, { page: 1, pageSize: 4 });
    expect(first.total).toBe(6);
    expect(first.rows.map((r) => r.balanceSatang)).toEqual([900_000, 310_000, 300_000, 250_000]);
    const second = await backend.getShareStatement({ token: TOKEN }, { page: 2, pageSize: 4 });
    expect(second).toMatchObject({ total: 6, page: 2, pageSize: 4 });
    expect(second.rows.map((r) => r.balanceSatang)).toEqual([200_000, 100_000]);
    const filtered = await backend.getShareStatement({ token: TOKEN }, { from: '2025-01-01', page: 1, pageSize: 2 });
    expect(filtered.total).toBe(3);
    expect(filtered.rows.map((r) => r.date)).toEqual(['2026-11-20', '2025-01-31']);
  });

  it("starts from the closing balance before the first month and carries each month's last balance", async () => {
    const backend = createEmbeddedBackend(db, () => NOW);
    const points = await backend.getShareCapitalHistory({ token: TOKEN }, 24);
    expect(points).toHaveLength(24);
    expect(points[0]).toEqual({ month: '2024-12', capitalSatang: 250_000 });
    expect(points[1]).toEqual({ month: '2025-01', capitalSatang: 310_000 });
    expect(points[2]).toEqual({ month: '2025-02', capitalSatang: 310_000 });
    expect(points[22]).toEqual({ month: '2026-10', capitalSatang: 310_000 });
    expect(points[23]).toEqual({ month: '2026-11', capitalSatang: 900_000 });
  });

  it('starts from nothing when there is no movement before the first month', async () => {
    const backend = createEmbeddedBackend(db, () => NOW);
    const points = await backend.getShareCapitalHistory({ token: TOKEN }, 3);
    expect(points.map((p) => p.capitalSatang)).toEqual([310_000, 310_000, 900_000]);
    const early = createEmbeddedBackend(db, () => Date.parse('2024-12-15T05:00:00Z'));
    expect((await early.getShareCapitalHistory({ token: TOKEN }, 3)).map((p) => p.capitalSatang)).toEqual([
      100_000, 250_000, 250_000,
    ]);
  });
});

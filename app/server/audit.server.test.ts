import { spawn } from 'node:child_process';
import path from 'node:path';

import { sql } from 'kysely';
import { describe, expect, it, vi } from 'vitest';

import { auditKeys, auditMac, auditPathPattern, chainHash, recordAudit, verifyAuditChain } from './audit.server';
import type { Db } from './db/index.server';
import { twoInstanceStores } from './db-instances.test-support';
import { currentRequestContext, withRequestId } from './http/request-context.server';
import { log } from './log.server';

/**
 * The audit table is a hash chain (ADR 100): every row carries sha256(previous hash + its own fields);
 * the check finds the first row altered, removed or reordered by SQL; writers that race do not fork the
 * chain. SQLite always; PostgreSQL in a scratch database when TEST_DATABASE_URL is set (two pools, as
 * two instances have).
 */
// The audit key comes from the session secret (ADR 134): a fixed one, so no secret file is written.
process.env.SESSION_SECRET ??= 'audit-test-secret-'.padEnd(40, 'x');

const { stores, freshSqlite } = twoInstanceStores('audit_chain', { sqliteOneConnection: true });

const idsOf = async (db: Db) =>
  (await db.selectFrom('audit_events').select('id').orderBy('id').execute()).map((r) => Number(r.id));

describe.each(stores)('the audit chain on %s', (_name, open) => {
  let a: Db;
  let b: Db;
  const ready = async () => {
    if (!a) [a, b] = await open();
  };

  it('chains every row to the one before and the check reports ok with the count', async () => {
    await ready();
    await recordAudit(a, 'login_success', { membershipNo: '012345', ip: '10.0.0.9' });
    await recordAudit(a, 'staff_login_success', { actor: 'somsri', ip: '10.0.0.8', detail: 'totp' });
    await recordAudit(b, 'logout', { membershipNo: '012345' });
    const rows = await a.selectFrom('audit_events').selectAll().orderBy('id').execute();
    expect(rows).toHaveLength(3);
    let previous: string | null = null;
    for (const row of rows) {
      expect(row.hash).toBe(chainHash(previous, row));
      previous = row.hash;
    }
    expect(await verifyAuditChain(a)).toMatchObject({ ok: true, rows: 3, lastHash: previous });
  });

  it('keeps one chain when 50 rows are written at once from two instances', async () => {
    await ready();
    const before = (await idsOf(a)).length;
    await Promise.all(
      Array.from({ length: 50 }, (_, i) => recordAudit(i % 2 ? a : b, 'staff_refused', { actor: `s${i}` })),
    );
    const check = await verifyAuditChain(a);
    expect(check).toMatchObject({ ok: true, rows: before + 50 });
  });

  it('reports the first row whose field was changed by SQL, and the row after a removed one', async () => {
    await ready();
    const ids = await idsOf(a);
    const target = ids[10]!;
    await sql`update audit_events set ip = '192.0.2.1' where id = ${target}`.execute(a);
    expect(await verifyAuditChain(a)).toMatchObject({ ok: false, id: target });
    await sql`update audit_events set ip = null where id = ${target}`.execute(a);
    expect(await verifyAuditChain(a)).toMatchObject({ ok: true });

    await sql`delete from audit_events where id = ${ids[20]!}`.execute(a);
    expect(await verifyAuditChain(a)).toMatchObject({ ok: false, id: ids[21] });
  });
});

describe('the audit chain on SQLite, written by several processes (workers, CLIs)', () => {
  it('stays one chain: each transaction begins IMMEDIATE, so reading the last hash and appending are one step', async () => {
    const { db, dataDir } = await freshSqlite();
    const root = path.resolve(import.meta.dirname, '../..');
    const writer = () =>
      new Promise<number | null>((resolve) => {
        const child = spawn(
          process.execPath,
          [
            '--import',
            'tsx',
            '--input-type=module',
            '-e',
            `const { recordAudit } = await import(${JSON.stringify(path.join(root, 'app/server/audit.server.ts'))});
             const { openDb } = await import(${JSON.stringify(path.join(root, 'app/server/db/index.server.ts'))});
             const db = openDb({ dataDir: process.argv[1] });
             await Promise.all(Array.from({ length: 50 }, (_, i) => recordAudit(db, 'staff_refused', { actor: 'child' + i })));
             await db.destroy();`,
            dataDir,
          ],
          { cwd: root, env: { ...process.env, LOG_LEVEL: 'silent' }, stdio: ['ignore', 'ignore', 'inherit'] },
        );
        child.once('exit', resolve);
      });
    const children = [writer(), writer(), writer()];
    await Promise.all(Array.from({ length: 50 }, (_, i) => recordAudit(db, 'staff_refused', { actor: `parent${i}` })));
    expect(await Promise.all(children)).toEqual([0, 0, 0]);
    expect(await verifyAuditChain(db)).toMatchObject({ ok: true, rows: 200 });
  }, 60_000);
});

describe('the chain starts at the migration', () => {
  it('counts rows written before it (null hash) as unchained and checks the rest', async () => {
    const { db } = await freshSqlite();
    // Two rows as the table held them before migration 0025.
    await db
      .insertInto('audit_events')
      .values(
        (['login_success', 'logout'] as const).map((type, i) => ({
          at: i + 1,
          type,
          membership_no: '1',
          ip: null,
          detail: null,
          request_id: null,
          user_agent: null,
          actor: null,
          hash: null,
          mac_key: null,
          mac: null,
        })),
      )
      .execute();
    expect(await verifyAuditChain(db)).toMatchObject({ ok: true, rows: 0, unchained: 2 });
    await recordAudit(db, 'login_success', { membershipNo: '2' });
    await recordAudit(db, 'logout', { membershipNo: '2' });
    expect(await verifyAuditChain(db)).toMatchObject({ ok: true, rows: 2, unchained: 2 });
    // A chained row whose hash is wiped is reported, not taken for an old row.
    const ids = await idsOf(db);
    await sql`update audit_events set hash = null where id = ${ids[3]!}`.execute(db);
    expect(await verifyAuditChain(db)).toMatchObject({ ok: false, id: ids[3] });
  });
});

describe('audit rows inside a request', () => {
  it("carry the request's client address unless the caller gives one", async () => {
    const { db } = await freshSqlite();
    await withRequestId('req-address', async () => {
      Object.assign(currentRequestContext()!, { clientAddress: '203.0.113.7' });
      await recordAudit(db, 'staff_logout', { actor: 'somsri' });
      await recordAudit(db, 'logout', { membershipNo: '012345', ip: '198.51.100.2' });
    });
    const rows = await db
      .selectFrom('audit_events')
      .select(['type', 'ip', 'request_id'])
      .where('request_id', '=', 'req-address')
      .orderBy('id')
      .execute();
    expect(rows).toEqual([
      { type: 'staff_logout', ip: '203.0.113.7', request_id: 'req-address' },
      { type: 'logout', ip: '198.51.100.2', request_id: 'req-address' },
    ]);
  });
});

describe('auditPathPattern', () => {
  it('keeps the words of a path and hides ids, member numbers and the query', () => {
    expect(auditPathPattern('/staff/accounts')).toBe('/staff/accounts');
    expect(auditPathPattern('/staff/content/123/files')).toBe('/staff/content/:param/files');
    expect(auditPathPattern('/staff/members/012345')).toBe('/staff/members/:param');
    expect(auditPathPattern('/staff/board/t%20x')).toBe('/staff/board/:param');
  });
});

/**
 * The chain is keyed (ADR 134): each row also carries HMAC(key, hash) and the key's id, the key derived
 * from the session secret, so someone who can write to the database but holds no secret cannot rewrite
 * a row and recompute the chain after it.
 */
describe('the keyed audit chain', () => {
  const SECRET = 'a'.repeat(32);
  const NEXT = 'b'.repeat(32);
  const keys = auditKeys([SECRET]);

  /** What someone with the database but not the key does: change a row, then recompute every hash after it. */
  async function rewrite(db: Db, id: number, detail: string, options: { stripMacs?: boolean } = {}) {
    await sql`update audit_events set detail = ${detail} where id = ${id}`.execute(db);
    const rows = await db.selectFrom('audit_events').selectAll().where('hash', 'is not', null).orderBy('id').execute();
    let previous: string | null = null;
    for (const row of rows) {
      const hash = chainHash(previous, row);
      await db
        .updateTable('audit_events')
        .set({ hash, ...(options.stripMacs ? { mac: null, mac_key: null } : {}) })
        .where('id', '=', row.id)
        .execute();
      previous = hash;
    }
  }

  it('signs every row with the key named in the row; a row rewritten with its chain recomputed is caught', async () => {
    const { db } = await freshSqlite();
    for (let i = 0; i < 5; i += 1) await recordAudit(db, 'staff_refused', { actor: `k${i}` }, keys);
    const rows = await db.selectFrom('audit_events').selectAll().orderBy('id').execute();
    for (const row of rows) {
      expect(row.mac_key).toBe(keys[0]!.id);
      expect(row.mac).toBe(auditMac(keys[0]!, row.hash!));
    }
    expect(await verifyAuditChain(db, keys)).toMatchObject({ ok: true, rows: 5, unkeyed: 0, retired: 0 });

    // Without the key the hash chain alone is satisfied again; the MAC of the row is not.
    await rewrite(db, Number(rows[1]!.id), 'target=nobody');
    expect(await verifyAuditChain(db, keys)).toMatchObject({ ok: false, id: Number(rows[1]!.id), reason: 'mac' });
  });

  it('refuses MACs wiped from a row on, and a MAC under a made-up key after a configured one', async () => {
    const { db } = await freshSqlite();
    for (let i = 0; i < 4; i += 1) await recordAudit(db, 'staff_refused', { actor: `w${i}` }, keys);
    const ids = await idsOf(db);
    await rewrite(db, ids[2]!, 'target=nobody');
    await sql`update audit_events set mac = null, mac_key = null where id >= ${ids[2]!}`.execute(db);
    expect(await verifyAuditChain(db, keys)).toMatchObject({ ok: false, id: ids[2], reason: 'mac' });
    await sql`update audit_events set mac_key = 'ffffffffffffffff', mac = 'x' where id >= ${ids[2]!}`.execute(db);
    expect(await verifyAuditChain(db, keys)).toMatchObject({ ok: false, id: ids[2], reason: 'mac' });
  });

  it('checks rows signed before a rotation with the previous secret, and counts them once it is dropped', async () => {
    const { db } = await freshSqlite();
    await recordAudit(db, 'staff_refused', { actor: 'before' }, auditKeys([SECRET]));
    await recordAudit(db, 'staff_refused', { actor: 'after' }, auditKeys([NEXT, SECRET]));
    expect(await verifyAuditChain(db, auditKeys([NEXT, SECRET]))).toMatchObject({ ok: true, rows: 2, retired: 0 });
    expect(await verifyAuditChain(db, auditKeys([NEXT]))).toMatchObject({ ok: true, rows: 2, retired: 1 });
    // A row under the dropped key after one under the current key is not a rotation: refused.
    await recordAudit(db, 'staff_refused', { actor: 'late' }, auditKeys([SECRET]));
    const ids = await idsOf(db);
    expect(await verifyAuditChain(db, auditKeys([NEXT]))).toMatchObject({ ok: false, id: ids[2], reason: 'mac' });
  });

  it('counts chained rows from before the key (migration 0031) as unkeyed, and checks the rest', async () => {
    const { db } = await freshSqlite();
    await recordAudit(db, 'login_success', { membershipNo: '1' }, keys);
    await recordAudit(db, 'logout', { membershipNo: '1' }, keys);
    await sql`update audit_events set mac = null, mac_key = null`.execute(db);
    await recordAudit(db, 'logout', { membershipNo: '1' }, keys);
    expect(await verifyAuditChain(db, keys)).toMatchObject({ ok: true, rows: 3, unkeyed: 2 });
  });

  it('writes the row id and the start of its MAC to the application log, and nothing of the row', async () => {
    const { db } = await freshSqlite();
    const info = vi.spyOn(log, 'info');
    try {
      await recordAudit(db, 'login_failure', { membershipNo: '012345', ip: '10.0.0.1', detail: 'x' }, keys);
      const row = await db.selectFrom('audit_events').selectAll().executeTakeFirstOrThrow();
      expect(info).toHaveBeenCalledWith('audit', {
        event: 'login_failure',
        auditId: Number(row.id),
        mac: row.mac!.slice(0, 16),
      });
      expect(JSON.stringify(info.mock.calls)).not.toContain('012345');
    } finally {
      info.mockRestore();
    }
  });

  it('derives a different key for each secret, and ids that do not give the key away', () => {
    const [one, two] = auditKeys([SECRET, NEXT]);
    expect(one!.id).toMatch(/^[0-9a-f]{16}$/);
    expect(one!.id).not.toBe(two!.id);
    expect(auditMac(one!, 'h')).not.toBe(auditMac(two!, 'h'));
    expect(one!.key.toString('hex')).not.toContain(one!.id);
  });
});

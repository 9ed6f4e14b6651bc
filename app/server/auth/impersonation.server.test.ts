import { createHmac } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { memberRow } from '../db/member-row.test-support';

// The audit writer logs through the app's env: keep it off the repository's ./data.
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'sahakorn-imp-'));
Object.assign(process.env, { DATA_DIR: dataDir, LOG_LEVEL: 'silent' });

const { migrate, openDb } = await import('../db/index.server');
const { sha256 } = await import('../crypto.server');
const { consumeGrant, issueImpersonationLink, LINK_TTL_MS, macEquals, signToken, verifyToken } =
  await import('./impersonation.server');

type Db = ReturnType<typeof openDb>;

const SECRET = 'unit-test-impersonation-secret-0123456789';
const NONCE = 'A'.repeat(43);
const MEMBER = '081234';

function tokenOf(url: string): string {
  return new URL(url).searchParams.get('t') ?? '';
}

/** Replace the character at `index` of `value` with a different base64url character. */
function flip(value: string, index: number): string {
  const c = value[index] === 'A' ? 'B' : 'A';
  return value.slice(0, index) + c + value.slice(index + 1);
}

async function addMember(db: Db, membershipNo: string, status = '0') {
  await db
    .insertInto('members')
    .values(memberRow(membershipNo, { status_code: status }))
    .execute();
}

describe('impersonation token', () => {
  const now = 1_800_000_000_000;
  const expiresAt = now + LINK_TTL_MS;
  const token = signToken(NONCE, expiresAt, SECRET);

  it('has the form nonce.expiry.mac and verifies with the same secret', () => {
    expect(token).toMatch(/^A{43}\.\d{13}\.[A-Za-z0-9_-]{43}$/);
    expect(verifyToken(token, SECRET, now)).toEqual({ ok: true, nonce: NONCE, expiresAt });
  });

  it('is an HMAC-SHA256 over the nonce and the expiry', () => {
    const mac = token.split('.')[2];
    const expected = createHmac('sha256', SECRET)
      .update(`sahakorn-impersonation-v1.${NONCE}.${expiresAt}`)
      .digest('base64url');
    expect(mac).toBe(expected);
  });

  it('refuses a link changed anywhere, or signed with another secret', () => {
    const [nonce = '', expiry = '', mac = ''] = token.split('.');
    expect(verifyToken(`${flip(nonce, 5)}.${expiry}.${mac}`, SECRET, now)).toEqual({
      ok: false,
      reason: 'bad_signature',
    });
    // Stretching the expiry breaks the signature too.
    expect(verifyToken(`${nonce}.${expiresAt + 3600_000}.${mac}`, SECRET, now)).toMatchObject({
      reason: 'bad_signature',
    });
    expect(verifyToken(`${nonce}.${expiry}.${flip(mac, 0)}`, SECRET, now)).toMatchObject({ reason: 'bad_signature' });
    expect(verifyToken(`${nonce}.${expiry}.${flip(mac, 42)}`, SECRET, now)).toMatchObject({ reason: 'bad_signature' });
    expect(verifyToken(token, `${SECRET}-other`, now)).toMatchObject({ reason: 'bad_signature' });
  });

  it('refuses every other last character, even those that decode to the same bytes', () => {
    const [nonce = '', expiry = '', mac = ''] = token.split('.');
    const alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_';
    for (const last of alphabet) {
      if (last === mac.at(-1)) continue;
      const altered = `${nonce}.${expiry}.${mac.slice(0, -1)}${last}`;
      expect(verifyToken(altered, SECRET, now), last).toMatchObject({ ok: false, reason: 'bad_signature' });
    }
  });

  it('refuses anything that is not a token', () => {
    for (const bad of ['', 'abc', `${token}.x`, token.slice(1), token.replace('.', '-'), `${NONCE}.123.${NONCE}`]) {
      expect(verifyToken(bad, SECRET, now)).toEqual({ ok: false, reason: 'malformed' });
    }
  });

  it('expires after 60 seconds', () => {
    expect(verifyToken(token, SECRET, expiresAt - 1).ok).toBe(true);
    expect(verifyToken(token, SECRET, expiresAt)).toEqual({ ok: false, reason: 'expired', nonce: NONCE });
  });

  it('compares MACs in constant time without throwing on a length mismatch', () => {
    const a = Buffer.alloc(32, 7);
    expect(macEquals(Buffer.from(a), a)).toBe(true);
    const oneBit = Buffer.from(a);
    oneBit[31] = (oneBit[31] ?? 0) ^ 1;
    expect(macEquals(oneBit, a)).toBe(false);
    expect(macEquals(Buffer.alloc(31, 7), a)).toBe(false);
    expect(macEquals(Buffer.alloc(0), a)).toBe(false);
  });
});

describe('impersonation grants (SQLite)', () => {
  let db: Db;
  let second: Db;

  beforeAll(async () => {
    db = openDb({ dataDir });
    await migrate(db);
    // A second connection to the same file, as a second server process would have.
    second = openDb({ dataDir });
    await addMember(db, MEMBER);
    await addMember(db, '081235', '3');
  });

  afterAll(async () => {
    await db.destroy();
    await second.destroy();
  });

  const issue = (input: { membershipNo?: string; staff?: string; now?: number } = {}) =>
    issueImpersonationLink(db, {
      membershipNo: input.membershipNo ?? MEMBER,
      staff: input.staff ?? 'สมศรี ผู้ดูแลระบบ',
      secret: SECRET,
      baseUrl: 'https://coop.example/',
      now: input.now,
    });

  it('issues a link without member data and records the grant and an audit row, never the token', async () => {
    const issued = await issue();
    if (!issued.ok) throw new Error('not issued');
    expect(issued.url).toMatch(/^https:\/\/coop\.example\/member\/impersonate\?t=[A-Za-z0-9_-]{43}\.\d{13}\./);
    expect(issued.url).not.toContain(MEMBER);
    const token = tokenOf(issued.url);
    const nonce = token.split('.')[0] ?? '';
    const grant = await db
      .selectFrom('impersonation_grants')
      .selectAll()
      .where('nonce_hash', '=', sha256(nonce))
      .executeTakeFirstOrThrow();
    expect(grant).toMatchObject({ membership_no: MEMBER, staff: 'สมศรี ผู้ดูแลระบบ', used_at: null });
    expect(grant.expires_at - grant.created_at).toBe(60_000);
    const event = await db
      .selectFrom('audit_events')
      .selectAll()
      .where('type', '=', 'impersonation_issued')
      .orderBy('id', 'desc')
      .executeTakeFirstOrThrow();
    expect(event.membership_no).toBe(MEMBER);
    expect(event.detail).toBe(`staff=สมศรี ผู้ดูแลระบบ; grant=${issued.grant}`);
    expect(event.detail).not.toContain(nonce);
    expect(event.detail).not.toContain(token.split('.')[2]);
  });

  it('refuses unknown or resigned members and unusable staff names', async () => {
    expect(await issue({ membershipNo: '099999' })).toEqual({ ok: false, reason: 'unknown_member' });
    expect(await issue({ membershipNo: '081235' })).toEqual({ ok: false, reason: 'unknown_member' });
    expect(await issue({ staff: '   ' })).toEqual({ ok: false, reason: 'bad_staff' });
    expect(await issue({ staff: 'a\u0000b' })).toEqual({ ok: false, reason: 'bad_staff' });
    expect(await issue({ staff: 'x'.repeat(101) })).toEqual({ ok: false, reason: 'bad_staff' });
  });

  it('is used once: the second use of a link is refused as used', async () => {
    const issued = await issue();
    if (!issued.ok) throw new Error('not issued');
    const token = tokenOf(issued.url);
    expect(await consumeGrant(db, token, SECRET)).toEqual({
      ok: true,
      membershipNo: MEMBER,
      staff: 'สมศรี ผู้ดูแลระบบ',
      grant: issued.grant,
    });
    expect(await consumeGrant(db, token, SECRET)).toMatchObject({ ok: false, reason: 'used', membershipNo: MEMBER });
  });

  it('of two simultaneous uses (two connections) exactly one wins', async () => {
    for (let round = 0; round < 20; round += 1) {
      const issued = await issue();
      if (!issued.ok) throw new Error('not issued');
      const token = tokenOf(issued.url);
      const results = await Promise.all([consumeGrant(db, token, SECRET), consumeGrant(second, token, SECRET)]);
      expect(results.filter((r) => r.ok)).toHaveLength(1);
      expect(results.filter((r) => !r.ok && r.reason === 'used')).toHaveLength(1);
    }
  });

  it('of many simultaneous uses on one connection exactly one wins', async () => {
    const issued = await issue();
    if (!issued.ok) throw new Error('not issued');
    const token = tokenOf(issued.url);
    const results = await Promise.all(Array.from({ length: 8 }, () => consumeGrant(db, token, SECRET)));
    expect(results.filter((r) => r.ok)).toHaveLength(1);
  });

  it('refuses an expired link, even one never used, and says so only to the audit log', async () => {
    const issued = await issue({ now: Date.now() - 2 * LINK_TTL_MS });
    if (!issued.ok) throw new Error('not issued');
    const token = tokenOf(issued.url);
    const result = await consumeGrant(db, token, SECRET);
    expect(result).toMatchObject({ ok: false, reason: 'expired', membershipNo: MEMBER });
    const row = await db
      .selectFrom('impersonation_grants')
      .select('used_at')
      .where('nonce_hash', '=', sha256(token.split('.')[0] ?? ''))
      .executeTakeFirstOrThrow();
    expect(row.used_at).toBeNull();
  });

  it('refuses a well-signed link with no grant behind it, and a tampered one without looking it up', async () => {
    const forged = signToken(NONCE, Date.now() + LINK_TTL_MS, SECRET);
    expect(await consumeGrant(db, forged, SECRET)).toEqual({ ok: false, reason: 'unknown' });
    const issued = await issue();
    if (!issued.ok) throw new Error('not issued');
    const token = tokenOf(issued.url);
    const tampered = `${token.slice(0, -1)}${token.endsWith('A') ? 'B' : 'A'}`;
    expect(await consumeGrant(db, tampered, SECRET)).toEqual({ ok: false, reason: 'bad_signature' });
    // The tampered attempt did not burn the real link.
    expect((await consumeGrant(db, token, SECRET)).ok).toBe(true);
  });
});

// The same single-use guarantee on PostgreSQL with two pools (two app instances), when one is at hand:
// TEST_DATABASE_URL=postgres://… npx vitest run app/server/auth/impersonation.server.test.ts
const pgUrl = process.env.TEST_DATABASE_URL;
describe.skipIf(!pgUrl)('impersonation grants (PostgreSQL, two instances)', () => {
  let a: Db;
  let b: Db;

  beforeAll(async () => {
    a = openDb({ dataDir, databaseUrl: pgUrl });
    b = openDb({ dataDir, databaseUrl: pgUrl });
    await migrate(a);
    await a.deleteFrom('members').where('membership_no', '=', MEMBER).execute();
    await addMember(a, MEMBER);
  });

  afterAll(async () => {
    await a.deleteFrom('members').where('membership_no', '=', MEMBER).execute();
    await a.destroy();
    await b.destroy();
  });

  it('of simultaneous uses through both instances exactly one wins', async () => {
    for (let round = 0; round < 20; round += 1) {
      const issued = await issueImpersonationLink(a, {
        membershipNo: MEMBER,
        staff: 'staff-42',
        secret: SECRET,
        baseUrl: 'http://localhost',
      });
      if (!issued.ok) throw new Error('not issued');
      const token = tokenOf(issued.url);
      const results = await Promise.all([
        consumeGrant(a, token, SECRET),
        consumeGrant(b, token, SECRET),
        consumeGrant(a, token, SECRET),
        consumeGrant(b, token, SECRET),
      ]);
      expect(results.filter((r) => r.ok)).toHaveLength(1);
    }
  });
});

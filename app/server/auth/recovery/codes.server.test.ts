import { beforeAll, describe, expect, it } from 'vitest';

import { sha256 } from '../../crypto.server';
import type { Db } from '../../db/index.server';
import { eachStore } from '../../db-instances.test-support';
import {
  CODE_MAX_TRIES,
  CODE_TTL_MS,
  createChallenge,
  hashCode,
  newCode,
  releaseCode,
  redeemCode,
} from './codes.server';
import { CODE_KEY, T0 } from './codes.test-support';

const stores = eachStore('codes');

describe('newCode', () => {
  it('is 6 digits, leading zeros kept, and varies', () => {
    const codes = Array.from({ length: 2000 }, newCode);
    for (const code of codes) expect(code).toMatch(/^\d{6}$/);
    expect(new Set(codes).size).toBeGreaterThan(1990);
    // Leading zeros appear about one time in ten.
    expect(codes.filter((c) => c.startsWith('0')).length).toBeGreaterThan(100);
  });
});

describe.each(stores)('one-time codes on %s', (_name, open) => {
  let db: Db;
  beforeAll(async () => {
    db = await open();
  });

  const issue = (code: string | null, membershipNo = '012345', now = T0) =>
    createChallenge(db, CODE_KEY, { purpose: 'forget', membershipNo, code }, now);
  const attempt = (token: string, code: string, now = T0 + 1000, membershipNo = '012345') =>
    redeemCode(db, CODE_KEY, { token, purpose: 'forget', membershipNo, code }, now);

  it('stores neither the challenge nor the code, only keyed hashes', async () => {
    const token = await issue('123456');
    const row = await db
      .selectFrom('recovery_codes')
      .selectAll()
      .where('challenge_hash', '=', sha256(token))
      .executeTakeFirstOrThrow();
    expect(JSON.stringify(row)).not.toContain('123456');
    expect(JSON.stringify(row)).not.toContain(token);
    expect(row.code_hash).toBe(hashCode(CODE_KEY, sha256(token), '123456'));
    expect(row.code_hash).not.toBe(hashCode('other-key'.repeat(8), sha256(token), '123456'));
    expect(Number(row.expires_at)).toBe(T0 + CODE_TTL_MS);
  });

  it('accepts the right code once', async () => {
    const token = await issue('654321');
    expect(await attempt(token, '654321')).toEqual({ ok: true });
    expect(await attempt(token, '654321')).toEqual({ ok: false, reason: 'spent' });
  });

  it('counts wrong codes and refuses every code after the fifth try, the right one too', async () => {
    const token = await issue('111111');
    for (let i = 1; i < CODE_MAX_TRIES; i += 1) {
      expect(await attempt(token, '999999')).toEqual({ ok: false, reason: 'wrong', triesLeft: CODE_MAX_TRIES - i });
    }
    expect(await attempt(token, '999999')).toEqual({ ok: false, reason: 'spent' });
    expect(await attempt(token, '111111')).toEqual({ ok: false, reason: 'spent' });
  });

  it('the right code on the fifth try still works', async () => {
    const token = await issue('222222');
    for (let i = 1; i < CODE_MAX_TRIES; i += 1) await attempt(token, '000000');
    expect(await attempt(token, '222222')).toEqual({ ok: true });
  });

  it('expires after 10 minutes (fake clock)', async () => {
    const token = await issue('333333');
    const late = await issue('444444');
    expect(await attempt(token, '333333', T0 + CODE_TTL_MS - 1)).toEqual({ ok: true });
    expect(await attempt(late, '444444', T0 + CODE_TTL_MS)).toEqual({ ok: false, reason: 'spent' });
  });

  it('is bound to its purpose and member', async () => {
    const token = await issue('555555');
    expect(await attempt(token, '555555', T0 + 1000, '054321')).toEqual({ ok: false, reason: 'spent' });
    expect(
      await redeemCode(db, CODE_KEY, { token, purpose: 'register', membershipNo: '012345', code: '555555' }, T0 + 1000),
    ).toEqual({ ok: false, reason: 'spent' });
    expect(await attempt(token, '555555')).toEqual({ ok: true });
  });

  it('a challenge without a code (no match, no contact) never accepts any code', async () => {
    const token = await issue(null);
    expect(await attempt(token, '000000')).toEqual({ ok: false, reason: 'wrong', triesLeft: 4 });
    expect(await attempt(token, '123456')).toEqual({ ok: false, reason: 'wrong', triesLeft: 3 });
  });

  it('a code given back after a backend failure can be used again, once', async () => {
    const token = await issue('666666');
    expect(await attempt(token, '666666')).toEqual({ ok: true });
    await releaseCode(db, token);
    expect(await attempt(token, '666666')).toEqual({ ok: true });
    expect(await attempt(token, '666666')).toEqual({ ok: false, reason: 'spent' });
  });

  it('two tries of the right code at once: exactly one wins', async () => {
    const token = await issue('777777');
    const results = await Promise.all(Array.from({ length: 6 }, () => attempt(token, '777777')));
    expect(results.filter((r) => r.ok)).toHaveLength(1);
  });

  it('clears expired challenges as new ones are made', async () => {
    const old = await issue('888888', '012345', T0 - 2 * CODE_TTL_MS);
    await issue('999999', '012345', T0);
    const left = await db
      .selectFrom('recovery_codes')
      .select('challenge_hash')
      .where('challenge_hash', '=', sha256(old))
      .execute();
    expect(left).toHaveLength(0);
  });
});

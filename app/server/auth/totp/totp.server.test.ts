import { describe, expect, it } from 'vitest';

import type { Db } from '../../db/index.server';
import { eachStore } from '../../db-instances.test-support';
import { openSealed, seal, sealingKey } from './seal.server';
import { createTotpStore, REVEAL_MS } from './store.server';
import {
  hashRecoveryCode,
  matchTotpStep,
  newRecoveryCodes,
  newTotpSecret,
  normaliseRecoveryCode,
  otpauthUri,
  RECOVERY_CODE_COUNT,
  timeStep,
  totpCodeAt,
} from './totp.server';

const STEP = 30_000;
/** A moment at the start of a time step, so ± one step is exact. */
const T0 = 1_800_000_000_000 - (1_800_000_000_000 % STEP);
const KEY = sealingKey('x'.repeat(40), 'totp-secret');

describe('TOTP codes (RFC 6238)', () => {
  it('matches the RFC 6238 SHA-1 test vector', () => {
    // Appendix B: secret "12345678901234567890", T = 59 s → 94287082 (8 digits); our 6 digits are its tail.
    const secret = 'GEZDGNBVGY3TQOJQGEZDGNBVGY3TQOJQ';
    expect(totpCodeAt(secret, 59_000)).toBe('287082');
    expect(matchTotpStep(secret, '287082', 59_000)).toBe(1);
  });

  it('accepts the codes of one step before and after, not two', () => {
    const secret = newTotpSecret();
    const now = T0 + 10_000;
    const step = timeStep(now);
    expect(matchTotpStep(secret, totpCodeAt(secret, now), now)).toBe(step);
    expect(matchTotpStep(secret, totpCodeAt(secret, now - STEP), now)).toBe(step - 1);
    expect(matchTotpStep(secret, totpCodeAt(secret, now + STEP), now)).toBe(step + 1);
    expect(matchTotpStep(secret, totpCodeAt(secret, now - 2 * STEP), now)).toBeNull();
    expect(matchTotpStep(secret, totpCodeAt(secret, now + 2 * STEP), now)).toBeNull();
  });

  it('takes a code typed with a space, refuses what is not six digits', () => {
    const secret = newTotpSecret();
    const code = totpCodeAt(secret, T0);
    expect(matchTotpStep(secret, `${code.slice(0, 3)} ${code.slice(3)}`, T0)).toBe(timeStep(T0));
    expect(matchTotpStep(secret, code.slice(0, 5), T0)).toBeNull();
    expect(matchTotpStep(secret, `${code}0`, T0)).toBeNull();
    expect(matchTotpStep(secret, 'abcdef', T0)).toBeNull();
  });

  it('writes an otpauth URI with issuer, account and the secret', () => {
    const uri = otpauthUri({ issuer: 'สหกรณ์', account: '012345', secret: 'JBSWY3DPEHPK3PXP' });
    expect(uri).toMatch(/^otpauth:\/\/totp\//);
    const url = new URL(uri);
    expect(url.searchParams.get('secret')).toBe('JBSWY3DPEHPK3PXP');
    expect(url.searchParams.get('issuer')).toBe('สหกรณ์');
    expect(url.searchParams.get('digits')).toBe('6');
    expect(url.searchParams.get('period')).toBe('30');
    expect(decodeURIComponent(url.pathname)).toContain('012345');
  });
});

describe('recovery codes', () => {
  it('are ten distinct 80-bit codes in groups of four', () => {
    const codes = newRecoveryCodes();
    expect(codes).toHaveLength(RECOVERY_CODE_COUNT);
    expect(new Set(codes).size).toBe(RECOVERY_CODE_COUNT);
    for (const code of codes) expect(code).toMatch(/^[0-9a-hjkmnp-tv-z]{4}(?:-[0-9a-hjkmnp-tv-z]{4}){3}$/);
  });

  it('hash the same however they are typed', () => {
    const [code = ''] = newRecoveryCodes(1);
    const typed = code.toUpperCase().replace(/-/g, ' ');
    expect(hashRecoveryCode(typed)).toBe(hashRecoveryCode(code));
    expect(normaliseRecoveryCode('0000-1111-2222-333')).toBeNull();
    expect(normaliseRecoveryCode('OOOO-IIII-LLLL-3333')).toBe('0000111111113333');
    expect(hashRecoveryCode('uuuu-uuuu-uuuu-uuuu')).toBeNull();
  });
});

describe('sealing', () => {
  it('round-trips, and a wrong key or an altered value reads as null', () => {
    const sealed = seal('JBSWY3DPEHPK3PXP', KEY);
    expect(sealed).not.toContain('JBSWY3DPEHPK3PXP');
    expect(openSealed(sealed, KEY)).toBe('JBSWY3DPEHPK3PXP');
    expect(openSealed(sealed, sealingKey('y'.repeat(40), 'totp-secret'))).toBeNull();
    expect(openSealed(sealed, sealingKey('x'.repeat(40), 'other'))).toBeNull();
    const parts = sealed.split('.');
    // Change the body's first character (to one it is not: a random body starts with "A" one time in 64).
    const body = parts[2] ?? '';
    parts[2] = `${body.startsWith('A') ? 'B' : 'A'}${body.slice(1)}`;
    expect(openSealed(parts.join('.'), KEY)).toBeNull();
    const [version, iv, sealedBody, tag = ''] = sealed.split('.');
    const shortTag = Buffer.from(tag, 'base64url').subarray(0, 12).toString('base64url');
    expect(openSealed([version, iv, sealedBody, shortTag].join('.'), KEY)).toBeNull();
  });
});

const stores = eachStore('totp');

describe.each(stores)('the TOTP store on %s', (_name, open) => {
  let db: Db | undefined;
  let clock = T0;
  const now = () => clock;

  async function store() {
    db ??= await open();
    return createTotpStore({ db, keys: [KEY], now });
  }
  const subject = () => `member:${Math.random().toString(36).slice(2, 10)}`;
  const LABEL = { issuer: 'Sahakorn', account: 'test' };

  async function enrolled(holder = 'session-a') {
    const totp = await store();
    const who = subject();
    clock = T0;
    const started = await totp.startEnrolment(who);
    expect(started).not.toBeNull();
    const secret = started?.secret ?? '';
    const confirmed = await totp.confirmEnrolment(who, totpCodeAt(secret, clock), holder);
    if (!confirmed.ok) throw new Error('enrolment refused');
    return { totp, who, secret, codes: confirmed.recoveryCodes };
  }

  it('is off until the first code confirms it; the pending secret is the one shown', async () => {
    const totp = await store();
    const who = subject();
    clock = T0;
    expect(await totp.status(who)).toEqual({ enabled: false, pending: false, recoveryCodesLeft: 0 });
    const started = await totp.startEnrolment(who);
    const pending = await totp.pendingEnrolment(who, LABEL);
    expect(pending?.secret).toBe(started?.secret);
    expect(pending?.uri).toContain(`secret=${started?.secret}`);
    expect(await totp.status(who)).toMatchObject({ enabled: false, pending: true });
    // The secret is stored sealed, never in clear.
    const row = await db?.selectFrom('totp_factors').selectAll().where('subject', '=', who).executeTakeFirstOrThrow();
    expect(row?.secret_sealed).not.toContain(started?.secret ?? '-');
    // Not on yet: a code does not sign anyone in.
    expect(await totp.verify(who, totpCodeAt(started?.secret ?? '', clock))).toEqual({ ok: false });
    expect(await totp.confirmEnrolment(who, '000000', 'h')).toEqual({ ok: false });
  });

  it('a restarted enrolment forgets the first secret', async () => {
    const totp = await store();
    const who = subject();
    clock = T0;
    const first = await totp.startEnrolment(who);
    const second = await totp.startEnrolment(who);
    expect(second?.secret).not.toBe(first?.secret);
    expect(await totp.confirmEnrolment(who, totpCodeAt(first?.secret ?? '', clock), 'h')).toEqual({ ok: false });
    expect((await totp.confirmEnrolment(who, totpCodeAt(second?.secret ?? '', clock), 'h')).ok).toBe(true);
    // Once on, enrolment cannot start over (turn it off first).
    expect(await totp.startEnrolment(who)).toBeNull();
  });

  it('a code works once: the same step, or an older one, is refused; a later one works', async () => {
    const { totp, who, secret } = await enrolled();
    // The confirming code (step T0) was used: not again, in the same step or the next.
    expect(await totp.verify(who, totpCodeAt(secret, T0))).toEqual({ ok: false });
    clock = T0 + STEP;
    const next = totpCodeAt(secret, clock);
    expect(await totp.verify(who, next)).toEqual({ ok: true, method: 'totp' });
    expect(await totp.verify(who, next)).toEqual({ ok: false });
    // The step after next is inside the window and newer: accepted (then the current one is older).
    const ahead = totpCodeAt(secret, clock + STEP);
    expect(await totp.verify(who, ahead)).toEqual({ ok: true, method: 'totp' });
    clock += STEP;
    expect(await totp.verify(who, totpCodeAt(secret, clock))).toEqual({ ok: false });
    // Two steps later, outside the window: a code from then is refused.
    clock += 5 * STEP;
    expect(await totp.verify(who, totpCodeAt(secret, clock - 2 * STEP))).toEqual({ ok: false });
    expect(await totp.verify(who, totpCodeAt(secret, clock))).toEqual({ ok: true, method: 'totp' });
    expect(await totp.verify(who, '123')).toEqual({ ok: false });
  });

  it('two verifications of one code at once: exactly one succeeds', async () => {
    const { totp, who, secret } = await enrolled();
    clock = T0 + STEP;
    const code = totpCodeAt(secret, clock);
    const results = await Promise.all([totp.verify(who, code), totp.verify(who, code), totp.verify(who, code)]);
    expect(results.filter((r) => r.ok)).toHaveLength(1);
  });

  it('recovery codes: ten, stored hashed, each works once, any case or spacing', async () => {
    const { totp, who, codes } = await enrolled();
    expect(codes).toHaveLength(10);
    expect(await totp.status(who)).toEqual({ enabled: true, pending: false, recoveryCodesLeft: 10 });
    const rows = await db?.selectFrom('totp_recovery_codes').selectAll().where('subject', '=', who).execute();
    // 80 random bits are under ASVS 5.0's 112 (6.5.2): each is stored by argon2id with its own salt,
    // never by a bare hash.
    expect(rows).toHaveLength(10);
    for (const row of rows ?? []) expect(row.code_hash).toMatch(/^\$argon2id\$/);
    expect(rows?.map((r) => r.code_hash)).not.toContain(hashRecoveryCode(codes[0] ?? ''));
    const [first = '', second = ''] = codes;
    expect(await totp.verify(who, first)).toEqual({ ok: true, method: 'recovery_code' });
    expect(await totp.verify(who, first)).toEqual({ ok: false });
    expect(await totp.verify(who, second.toUpperCase().replaceAll('-', ' '))).toEqual({
      ok: true,
      method: 'recovery_code',
    });
    expect((await totp.status(who)).recoveryCodesLeft).toBe(8);
    // Another subject's code is not this one's.
    const other = await enrolled();
    expect(await totp.verify(who, other.codes[0] ?? '')).toEqual({ ok: false });
  });

  it('a recovery code stored before, by its SHA-256, still works once', async () => {
    const { totp, who } = await enrolled();
    const [legacy = ''] = newRecoveryCodes(1);
    await db
      ?.insertInto('totp_recovery_codes')
      .values({ subject: who, code_hash: hashRecoveryCode(legacy) ?? '', used_at: null })
      .execute();
    expect(await totp.verify(who, legacy)).toEqual({ ok: true, method: 'recovery_code' });
    expect(await totp.verify(who, legacy)).toEqual({ ok: false });
  });

  it('new recovery codes replace the old ones; fresh codes are readable by their holder until dismissed or expired', async () => {
    const { totp, who, codes } = await enrolled('holder-1');
    expect(await totp.revealedRecoveryCodes(who, 'holder-1')).toEqual(codes);
    expect(await totp.revealedRecoveryCodes(who, 'holder-2')).toBeNull();
    await totp.dismissRecoveryCodes(who);
    expect(await totp.revealedRecoveryCodes(who, 'holder-1')).toBeNull();

    const fresh = await totp.regenerateRecoveryCodes(who, 'holder-2');
    expect(fresh).toHaveLength(10);
    expect(fresh).not.toEqual(codes);
    expect(await totp.verify(who, codes[0] ?? '')).toEqual({ ok: false });
    expect(await totp.verify(who, fresh?.[0] ?? '')).toEqual({ ok: true, method: 'recovery_code' });
    expect(await totp.revealedRecoveryCodes(who, 'holder-2')).toEqual(fresh);
    clock += REVEAL_MS;
    expect(await totp.revealedRecoveryCodes(who, 'holder-2')).toBeNull();
  });

  it('turned off, neither codes nor recovery codes work and enrolment can start again', async () => {
    const { totp, who, secret, codes } = await enrolled();
    expect(await totp.disable(who)).toBe(true);
    clock = T0 + STEP;
    expect(await totp.verify(who, totpCodeAt(secret, clock))).toEqual({ ok: false });
    expect(await totp.verify(who, codes[0] ?? '')).toEqual({ ok: false });
    expect(await totp.status(who)).toEqual({ enabled: false, pending: false, recoveryCodesLeft: 0 });
    expect(await totp.startEnrolment(who)).not.toBeNull();
  });

  it('a secret sealed under another key reads as no enrolment', async () => {
    const { who, secret } = await enrolled();
    if (!db) throw new Error('no db');
    const other = createTotpStore({ db, keys: [sealingKey('z'.repeat(40), 'totp-secret')], now });
    clock = T0 + STEP;
    expect(await other.verify(who, totpCodeAt(secret, clock))).toEqual({ ok: false });
  });

  it('after the secret is rotated, a secret sealed under the previous one still verifies', async () => {
    const { who, secret } = await enrolled();
    if (!db) throw new Error('no db');
    const rotated = createTotpStore({ db, keys: [sealingKey('z'.repeat(40), 'totp-secret'), KEY], now });
    clock = T0 + STEP;
    expect(await rotated.verify(who, totpCodeAt(secret, clock))).toEqual({ ok: true, method: 'totp' });
  });
});

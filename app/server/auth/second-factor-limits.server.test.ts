import { describe, expect, it, vi } from 'vitest';

import { useOwnStore } from '../app-store.test-support';
import { DEMO, halfSession, verifyRequest } from './half-session.test-support';

useOwnStore('2fa-limits');

const { app } = await import('../app.server');
const {
  checkMemberCode,
  completeSecondFactor,
  failureKey,
  MAX_FAILURES_PER_CHALLENGE,
  MAX_FAILURES_PER_MEMBER,
  memberSubject,
  memberTotp,
} = await import('./second-factor.server');
const { totpCodeAt } = await import('./totp/totp.server');

const PARALLEL = 40;

/** Wrong codes, all different and none of the current window's. */
function wrongCodes(secret: string, n: number): string[] {
  const now = Date.now();
  const right = new Set([-1, 0, 1].map((k) => totpCodeAt(secret, now + k * 30_000)));
  const codes: string[] = [];
  for (let i = 0; codes.length < n; i += 1) {
    const code = String(100000 + i * 7919).slice(-6);
    if (!right.has(code)) codes.push(code);
  }
  return codes;
}

async function clearMemberCount() {
  const { db } = await app();
  await db.deleteFrom('rate_limits').where('key', '=', failureKey(DEMO.membershipNo)).execute();
}

describe('the limits on second-factor codes hold for requests at once (ASVS 6.3.x, 2.4.1)', () => {
  let secret = '';

  it('a member turns TOTP on', async () => {
    const totp = await memberTotp();
    secret = (await totp.startEnrolment(memberSubject(DEMO.membershipNo)))?.secret ?? '';
    const confirmed = await totp.confirmEnrolment(
      memberSubject(DEMO.membershipNo),
      totpCodeAt(secret, Date.now()),
      'x',
    );
    expect(confirmed.ok).toBe(true);
  });

  it('codes sent at once for one member are compared no more often than the per-member limit', async () => {
    await clearMemberCount();
    const totp = await memberTotp();
    const verify = vi.spyOn(totp, 'verify');
    try {
      const results = await Promise.all(
        wrongCodes(secret, PARALLEL).map((code) => checkMemberCode(DEMO.membershipNo, code)),
      );
      expect(verify.mock.calls.length).toBeLessThanOrEqual(MAX_FAILURES_PER_MEMBER);
      expect(results.filter((r) => !r.ok && r.lockedMinutes !== null)).toHaveLength(PARALLEL - MAX_FAILURES_PER_MEMBER);
    } finally {
      verify.mockRestore();
    }
    // Over the limit, the right code is not compared either.
    expect(await checkMemberCode(DEMO.membershipNo, totpCodeAt(secret, Date.now()))).toMatchObject({
      ok: false,
    });
  });

  it('codes posted at once on one half-session are compared no more often than its own limit', async () => {
    await clearMemberCount();
    const cookie = await halfSession('10.2.2.2');
    const totp = await memberTotp();
    const verify = vi.spyOn(totp, 'verify');
    try {
      const outcomes = await Promise.all(
        wrongCodes(secret, PARALLEL).map((code) => completeSecondFactor(verifyRequest(cookie), code, '10.2.2.2')),
      );
      expect(verify.mock.calls.length).toBeLessThanOrEqual(MAX_FAILURES_PER_CHALLENGE);
      expect(outcomes.every((o) => !o.ok)).toBe(true);
    } finally {
      verify.mockRestore();
    }
  });

  it('a right code after a few wrong ones still signs in, and gives back its own count', async () => {
    await clearMemberCount();
    const cookie = await halfSession('10.2.2.2');
    for (const code of wrongCodes(secret, 2)) {
      expect(await completeSecondFactor(verifyRequest(cookie), code, null)).toMatchObject({ ok: false, status: 401 });
    }
    const done = await completeSecondFactor(verifyRequest(cookie), totpCodeAt(secret, Date.now() + 30_000), null);
    expect(done.ok).toBe(true);
    const { db } = await app();
    const left = await db
      .selectFrom('rate_limits')
      .select('count')
      .where('key', '=', failureKey(DEMO.membershipNo))
      .executeTakeFirst();
    expect(left).toBeUndefined();
  });
});

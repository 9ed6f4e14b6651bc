import { describe, expect, it } from 'vitest';

import { hashPassword, verifyPassword } from '../crypto.server';
import type { Db } from '../db/index.server';
import { twoInstanceStores } from '../db-instances.test-support';
import { forgetLoginFailures, reserveAttempt, reserveLoginAttempt, type LoginLimits } from './login-limit.server';

/**
 * Two instances (two connections, or two pools on PostgreSQL) count sign-in attempts in one store:
 * however many guesses arrive at once, no more passwords are checked than the limit allows. SQLite
 * always; PostgreSQL in a scratch database when TEST_DATABASE_URL is set.
 */
const { stores } = twoInstanceStores('auth_login_limit');

const LIMITS: LoginLimits = {
  perMemberAddress: 5,
  perAddress: 50,
  windowMs: 15 * 60_000,
  memberBackoff: 100,
  memberBackoffMs: 5 * 60_000,
};

describe.each(stores)('sign-in attempts on %s, two instances', (_name, open) => {
  let instances: [Db, Db];
  let hash: string;
  const ready = async () => {
    if (!instances) {
      instances = await open();
      hash = await hashPassword('the-right-password');
    }
    return instances;
  };

  /** One guess as the login does it: counted first, then checked with argon2, then settled. */
  async function guess(db: Db, membershipNo: string, address: string, password: string) {
    const reservation = await reserveLoginAttempt(db, membershipNo, address, LIMITS);
    if (!reservation.ok) return 'refused_unchecked' as const;
    const ok = await verifyPassword(hash, password);
    await reservation.settle(ok ? 'accepted' : 'refused');
    return ok ? ('accepted' as const) : ('checked_wrong' as const);
  }

  it.each([20, 40])('%i wrong passwords at once: at most 5 are checked', async (parallel) => {
    const [a, b] = await ready();
    const member = `07${parallel}00`;
    const outcomes = await Promise.all(
      Array.from({ length: parallel }, (_, i) => guess(i % 2 ? b : a, member, '203.0.113.7', `wrong-${i}`)),
    );
    expect(outcomes.filter((o) => o === 'checked_wrong')).toHaveLength(5);
    expect(outcomes.filter((o) => o === 'refused_unchecked')).toHaveLength(parallel - 5);
    // Locked at that address, even for the right password, on either instance.
    expect(await guess(b, member, '203.0.113.7', 'the-right-password')).toBe('refused_unchecked');
    expect(await guess(a, member, '198.51.100.1', 'the-right-password')).toBe('accepted');
  });

  it('wrong passwords from every address of one IPv6 /64 share the per-address limit (ADR 133)', async () => {
    const [a, b] = await ready();
    const outcomes: string[] = [];
    for (let i = 0; i < 60; i += 1) {
      // A different member and a different address of the same /64 each time.
      outcomes.push(
        await guess(
          i % 2 ? b : a,
          `0766${String(i).padStart(2, '0')}`,
          `2001:db8:7:7::${(i + 1).toString(16)}`,
          'wrong',
        ),
      );
    }
    expect(outcomes.filter((o) => o === 'checked_wrong')).toHaveLength(LIMITS.perAddress);
    // Another /64 is another address.
    expect(await guess(a, '076699', '2001:db8:7:8::1', 'wrong')).toBe('checked_wrong');
  });

  it('gives back an attempt without a verdict, so an outage locks no one out', async () => {
    const [a, b] = await ready();
    for (let i = 0; i < 12; i += 1) {
      const reservation = await reserveLoginAttempt(i % 2 ? a : b, '071111', '203.0.113.8', LIMITS);
      expect(reservation.ok).toBe(true);
      if (reservation.ok) await reservation.settle('void');
    }
    expect(await guess(a, '071111', '203.0.113.8', 'the-right-password')).toBe('accepted');
  });

  it('after a forgotten-password reset, the member signs in at once wherever the failures were', async () => {
    const [a, b] = await ready();
    const limits = { ...LIMITS, memberBackoff: 3 };
    for (const address of ['203.0.113.20', '203.0.113.21', '203.0.113.22', '203.0.113.23']) {
      const reservation = await reserveLoginAttempt(a, '071234', address, limits);
      if (reservation.ok) await reservation.settle('refused');
    }
    expect((await reserveLoginAttempt(b, '071234', '203.0.113.20', limits)).ok).toBe(false);
    await forgetLoginFailures(b, '071234');
    expect((await reserveLoginAttempt(a, '071234', '203.0.113.20', limits)).ok).toBe(true);
  });

  it('limits one address across many members (credential stuffing)', async () => {
    const [a, b] = await ready();
    const limits = { ...LIMITS, perAddress: 8 };
    const outcomes = await Promise.all(
      Array.from({ length: 30 }, async (_, i) => {
        const reservation = await reserveLoginAttempt(
          i % 2 ? a : b,
          `08${String(i).padStart(4, '0')}`,
          '192.0.2.9',
          limits,
        );
        if (reservation.ok) await reservation.settle('refused');
        return reservation.ok ? 'checked' : reservation.reason;
      }),
    );
    expect(outcomes.filter((o) => o === 'checked')).toHaveLength(8);
    expect(outcomes.filter((o) => o === 'address')).toHaveLength(22);
  });

  it('a single counter (the current password of a change) checks no more than its limit at once', async () => {
    const [a, b] = await ready();
    let checked = 0;
    await Promise.all(
      Array.from({ length: 30 }, async (_, i) => {
        const reservation = await reserveAttempt(i % 2 ? a : b, 'password:member:079999', 5, 15 * 60_000);
        if (!reservation.ok) return;
        checked += 1;
        await verifyPassword(hash, `wrong-${i}`);
        await reservation.settle('refused');
      }),
    );
    expect(checked).toBe(5);
  });
});

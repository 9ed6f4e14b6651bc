import { beforeAll, beforeEach, describe, expect, it } from 'vitest';

import type { Db } from '../../db/index.server';
import { eachStore } from '../../db-instances.test-support';
import { parseEnv } from '../../env.server';
import {
  clearCodeLimits,
  CODE_LIMIT_WINDOW_MS,
  codeChecksLockedUntil,
  codeLimits,
  reserveCodeCheck,
  reserveCodeSend,
} from './code-limit.server';
import { CODE_MAX_TRIES, createChallenge, redeemCode } from './codes.server';
import { CODE_KEY, T0 } from './codes.test-support';

/**
 * The per-member, per-day limits on one-time codes (ADR 094), with the defaults the settings give and
 * a clock the test moves. SQLite always; PostgreSQL in a scratch database when TEST_DATABASE_URL is set.
 */
const MINUTE = 60_000;
const LIMITS = codeLimits(parseEnv({ SESSION_SECRET: 's'.repeat(64) }));

const stores = eachStore('code_limit');

it('defaults to 10 wrong codes and 5 messages per member a day', () => {
  expect(LIMITS).toEqual({ wrongPerDay: 10, sendsPerDay: 5 });
});

describe.each(stores)('one-time code limits per member on %s', (_name, open) => {
  let db: Db;
  beforeAll(async () => {
    db = await open();
  });
  beforeEach(async () => {
    await db.deleteFrom('rate_limits').execute();
    await db.deleteFrom('recovery_codes').execute();
  });

  const issue = (code: string | null, now: number, membershipNo = '012345') =>
    createChallenge(db, CODE_KEY, { purpose: 'forget', membershipNo, code }, now);

  /** One code typed, as the register and forgotten-password step checks it. */
  async function check(token: string, code: string, now: number, membershipNo = '012345') {
    const reservation = await reserveCodeCheck(db, membershipNo, LIMITS, now);
    if (!reservation.ok) return 'locked' as const;
    const result = await redeemCode(db, CODE_KEY, { token, purpose: 'forget', membershipNo, code }, now);
    await reservation.settle(result.ok ? 'right' : 'wrong');
    return result.ok ? ('accepted' as const) : ('refused' as const);
  }

  /** Wrong codes, a new code every CODE_MAX_TRIES, each new code in a new 15-minute window. */
  async function wrongCodes(count: number, membershipNo = '012345') {
    let now = T0;
    let token = '';
    for (let i = 0; i < count; i += 1) {
      if (i % CODE_MAX_TRIES === 0) {
        now += 20 * MINUTE;
        token = await issue('123456', now, membershipNo);
      }
      expect(await check(token, '000000', now + 1000, membershipNo)).toBe('refused');
    }
    return now;
  }

  it('refuses the 11th code in a day, across new codes and 15-minute windows, the right one too', async () => {
    const last = await wrongCodes(10);
    const now = last + 20 * MINUTE;
    const fresh = await issue('654321', now);
    expect(await check(fresh, '654321', now + 1000)).toBe('locked');
    // Locked for a day from the first wrong code.
    expect(await codeChecksLockedUntil(db, '012345', LIMITS, now + 2000)).toBe(
      T0 + 20 * MINUTE + 1000 + CODE_LIMIT_WINDOW_MS,
    );
    // Another member is not affected.
    const other = await issue('111111', now, '054321');
    expect(await check(other, '111111', now + 1000, '054321')).toBe('accepted');
  });

  it('accepts the right code after 9 wrong ones, and a right code does not count as a wrong one', async () => {
    const last = await wrongCodes(9);
    const right = await issue('222222', last + MINUTE);
    expect(await check(right, '222222', last + MINUTE + 1000)).toBe('accepted');
    expect(await codeChecksLockedUntil(db, '012345', LIMITS, last + 2 * MINUTE)).toBeNull();
    const next = await issue('333333', last + 2 * MINUTE);
    expect(await check(next, '000000', last + 2 * MINUTE)).toBe('refused');
    expect(await codeChecksLockedUntil(db, '012345', LIMITS, last + 3 * MINUTE)).not.toBeNull();
  });

  it('keeps the moment of the lock: a code asked for after it is compared under its own tries, one asked for before is not (ADR 131)', async () => {
    const last = await wrongCodes(10);
    const before = await issue('777777', last - MINUTE);
    const after = await issue('888888', last + MINUTE);
    const reservation = await reserveCodeCheck(db, '012345', LIMITS, last + 2 * MINUTE);
    if (reservation.ok) throw new Error('not locked');
    // The tenth wrong code was typed at `last + 1000` (wrongCodes).
    expect(reservation.lockedSince).toBe(last + 1000);
    const tryIt = (token: string, code: string) =>
      redeemCode(
        db,
        CODE_KEY,
        { token, purpose: 'forget', membershipNo: '012345', code, madeAfter: reservation.lockedSince ?? undefined },
        last + 2 * MINUTE,
      );
    expect(await tryIt(before, '777777')).toEqual({ ok: false, reason: 'spent' });
    expect(await tryIt(after, '000000')).toEqual({ ok: false, reason: 'wrong', triesLeft: CODE_MAX_TRIES - 1 });
    expect(await tryIt(after, '888888')).toEqual({ ok: true });
  });

  it('counts checks made at once atomically: 30 parallel wrong codes, no more than 10 compared', async () => {
    const tokens = await Promise.all(Array.from({ length: 6 }, () => issue('444444', T0)));
    const results = await Promise.all(
      Array.from({ length: 30 }, (_, i) => check(tokens[i % tokens.length] ?? '', '000000', T0 + 1000)),
    );
    expect(results.filter((r) => r === 'refused')).toHaveLength(10);
    expect(results.filter((r) => r === 'locked')).toHaveLength(20);
  });

  it('opens again once the day has passed', async () => {
    await wrongCodes(10);
    const until = await codeChecksLockedUntil(db, '012345', LIMITS, T0 + 2 * 3600_000);
    expect(until).not.toBeNull();
    const before = await issue('555555', (until ?? 0) - 1000);
    expect(await check(before, '555555', (until ?? 0) - 1)).toBe('locked');
    const after = await issue('555555', until ?? 0);
    expect(await check(after, '555555', until ?? 0)).toBe('accepted');
  });

  it("staff's unlock clears the lock at once, and the sends", async () => {
    const last = await wrongCodes(10);
    for (let i = 0; i < 6; i += 1) await reserveCodeSend(db, '012345', LIMITS, last);
    const locked = await issue('666666', last + MINUTE);
    expect(await check(locked, '666666', last + MINUTE)).toBe('locked');
    expect(await clearCodeLimits(db, '012345')).toBe(2);
    expect(await codeChecksLockedUntil(db, '012345', LIMITS, last + MINUTE)).toBeNull();
    expect(await check(locked, '666666', last + MINUTE)).toBe('accepted');
    expect(await reserveCodeSend(db, '012345', LIMITS, last + MINUTE)).toBe(true);
  });

  it('allows 5 messages to a member a day: the 6th is refused, across 15-minute windows, until the day passes', async () => {
    const sent: boolean[] = [];
    for (let i = 0; i < 6; i += 1) sent.push(await reserveCodeSend(db, '012345', LIMITS, T0 + i * 20 * MINUTE));
    expect(sent).toEqual([true, true, true, true, true, false]);
    expect(await reserveCodeSend(db, '054321', LIMITS, T0 + 2 * 3600_000)).toBe(true);
    expect(await reserveCodeSend(db, '012345', LIMITS, T0 + CODE_LIMIT_WINDOW_MS - 1)).toBe(false);
    expect(await reserveCodeSend(db, '012345', LIMITS, T0 + CODE_LIMIT_WINDOW_MS)).toBe(true);
  });
});

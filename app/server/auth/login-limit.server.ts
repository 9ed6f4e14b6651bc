import type { Db } from '../db/index.server';
import type { Env } from '../env.server';
import { clearIn, giveBackIn, hitIn, type LimitState } from '../rate-limit.server';
import { addressLimitKey, limitAddress } from './limit-address.server';

/**
 * The sign-in limits (ADR 036). Every attempt is counted before the password is checked, by one
 * atomic upsert per counter, and refused when a counter is over its limit: parallel requests cannot
 * get more checks than the limit allows, on one instance or many. Three counters:
 *
 * - per member and address: `perMemberAddress` wrong passwords in `windowMs` (the guessing limit
 *   against one member from one place);
 * - per address: `perAddress` wrong passwords in `windowMs`, whichever members (credential stuffing);
 * - per member from anywhere: a short backoff, `memberBackoff` wrong passwords in `memberBackoffMs`
 *   (a few minutes at most), so that many addresses together guess slowly, and so that they cannot
 *   keep the member out for longer than that window.
 *
 * An attempt whose check did not happen or did not refuse the password (the core was unavailable,
 * the password must be reset first) is given back; only an explicit refusal counts.
 */
export interface LoginLimits {
  perMemberAddress: number;
  perAddress: number;
  windowMs: number;
  memberBackoff: number;
  memberBackoffMs: number;
}

/** The limits as configured (LOGIN_* settings). */
export function loginLimits(config: Env): LoginLimits {
  return {
    perMemberAddress: config.LOGIN_MAX_FAILURES_PER_MEMBER,
    perAddress: config.LOGIN_MAX_FAILURES_PER_ADDRESS,
    windowMs: config.LOGIN_WINDOW_MINUTES * 60_000,
    memberBackoff: config.LOGIN_MEMBER_BACKOFF_FAILURES,
    memberBackoffMs: config.LOGIN_MEMBER_BACKOFF_MINUTES * 60_000,
  };
}

export type AttemptOutcome =
  /** The backend refused the credentials: the attempt counts. */
  | 'refused'
  /** Signed in: the member's counter at this address starts afresh; the attempt is not a failure. */
  | 'accepted'
  /** No verdict on the password (core unavailable, reset required): the attempt is given back. */
  | 'void';

export type LoginReservation =
  | {
      ok: true;
      /** Records how the check ended; `lockedOut` when this refusal reached the member's limit at this address. */
      settle(outcome: AttemptOutcome): Promise<{ lockedOut: boolean }>;
    }
  | { ok: false; retryAt: number; reason: 'member_address' | 'address' | 'member' };

export const loginKeys = (membershipNo: string, address: string | null) => {
  // An IPv6 client is counted by its /64 (ADR 133).
  const where = limitAddress(address);
  return {
    pair: `login:pair:${membershipNo}:${where}`,
    address: addressLimitKey('login', address),
    member: `login:backoff:${membershipNo}`,
  };
};

/** Count one sign-in attempt before the password is checked; refused over any limit. */
export async function reserveLoginAttempt(
  db: Db,
  membershipNo: string,
  address: string | null,
  limits: LoginLimits,
  now = Date.now(),
): Promise<LoginReservation> {
  const keys = loginKeys(membershipNo, address);
  const [pair, byAddress, member] = await Promise.all([
    hitIn(db, keys.pair, limits.windowMs, now),
    hitIn(db, keys.address, limits.windowMs, now),
    hitIn(db, keys.member, limits.memberBackoffMs, now),
  ]);
  const giveBack = (state: LimitState, key: string) => giveBackIn(db, key, state.resetAt);
  const over: Array<[LimitState, 'member_address' | 'address' | 'member']> = [];
  if (pair.count > limits.perMemberAddress) over.push([pair, 'member_address']);
  if (byAddress.count > limits.perAddress) over.push([byAddress, 'address']);
  if (member.count > limits.memberBackoff) over.push([member, 'member']);
  if (over.length) {
    // Nothing is checked, so nothing is counted: a refused attempt neither lengthens nor adds to a lock.
    await Promise.all([giveBack(pair, keys.pair), giveBack(byAddress, keys.address), giveBack(member, keys.member)]);
    const [first] = over.sort((a, b) => b[0].resetAt - a[0].resetAt);
    return { ok: false, retryAt: first![0].resetAt, reason: first![1] };
  }
  return {
    ok: true,
    async settle(outcome) {
      if (outcome === 'refused') return { lockedOut: pair.count === limits.perMemberAddress };
      if (outcome === 'accepted') {
        await Promise.all([clearIn(db, keys.pair), giveBack(byAddress, keys.address), giveBack(member, keys.member)]);
      } else {
        await Promise.all([
          giveBack(pair, keys.pair),
          giveBack(byAddress, keys.address),
          giveBack(member, keys.member),
        ]);
      }
      return { lockedOut: false };
    },
  };
}

/**
 * Forget the member's sign-in failures (their backoff and their counters at every address): after a
 * forgotten-password reset the member signs in at once with the new password (ADR 036).
 */
export async function forgetLoginFailures(db: Db, membershipNo: string): Promise<void> {
  const { member } = loginKeys(membershipNo, null);
  await db
    .deleteFrom('rate_limits')
    .where((eb) => eb.or([eb('key', '=', member), eb('key', 'like', `login:pair:${membershipNo}:%`)]))
    .execute();
}

/** Wrong current passwords per member and window on a password change (web form and API alike). */
export const MAX_WRONG_CURRENT = 5;
export const PASSWORD_WINDOW_MS = 15 * 60_000;
export const wrongCurrentKey = (membershipNo: string) => `password:member:${membershipNo}`;

/**
 * A single counter taken before the check it guards (the current password of the password change):
 * refused when over `limit`; `settle` keeps a refusal, forgets the counter after a success and gives
 * back an attempt that had no verdict.
 */
export async function reserveAttempt(
  db: Db,
  key: string,
  limit: number,
  windowMs: number,
  now = Date.now(),
): Promise<{ ok: true; settle(outcome: AttemptOutcome): Promise<void> } | { ok: false; retryAt: number }> {
  const state = await hitIn(db, key, windowMs, now);
  if (state.count > limit) {
    await giveBackIn(db, key, state.resetAt);
    return { ok: false, retryAt: state.resetAt };
  }
  return {
    ok: true,
    async settle(outcome) {
      if (outcome === 'accepted') await clearIn(db, key);
      else if (outcome === 'void') await giveBackIn(db, key, state.resetAt);
    },
  };
}

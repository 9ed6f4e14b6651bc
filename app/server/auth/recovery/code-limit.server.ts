import type { Db } from '../../db/index.server';
import type { Env } from '../../env.server';
import { giveBackIn, hitIn } from '../../rate-limit.server';

/**
 * The per-member limits on one-time codes (ADR 094), over a day and across every code: a new code does
 * not start the count afresh, nor does a new 15-minute window of the address limits.
 *
 * - Code checks: at most `wrongPerDay` wrong codes per membership number in 24 hours. Each check is
 *   counted by one atomic upsert before the code is compared, and refused when over the limit, so
 *   requests at once cannot get more checks than the limit; a right code is given back. Past the limit
 *   no code is accepted for that number, the right one included, until the day's window has passed or
 *   support staff clear it.
 * - Code sends: at most `sendsPerDay` messages (codes and notices) to one member in 24 hours; past it
 *   nothing is sent and the visitor sees the same code page as everyone else.
 *
 * Both are counted by the membership number typed, member or not, so a locked number looks the same
 * whoever it belongs to (no enumeration).
 *
 * The lock stops the codes asked for before it (ADR 131): a code asked for after the number was locked
 * is compared under its own 5 tries, so someone who knows only a membership number cannot keep its
 * member from a fresh code sent to their own email or phone. The moment of the lock is kept beside the
 * counter (`lockedSince`), written by the wrong code that reached the limit.
 */
export const CODE_LIMIT_WINDOW_MS = 24 * 3600_000;

export interface CodeLimits {
  wrongPerDay: number;
  sendsPerDay: number;
}

/** The limits as configured (RECOVERY_CODE_* settings). */
export function codeLimits(
  config: Pick<Env, 'RECOVERY_CODE_MAX_WRONG_PER_DAY' | 'RECOVERY_CODE_MAX_SENT_PER_DAY'>,
): CodeLimits {
  return { wrongPerDay: config.RECOVERY_CODE_MAX_WRONG_PER_DAY, sendsPerDay: config.RECOVERY_CODE_MAX_SENT_PER_DAY };
}

/** The rate-limit keys of one membership number's code counters. */
export const codeLimitKeys = (membershipNo: string) => ({
  wrong: `recovery:codes:wrong:${membershipNo}`,
  sent: `recovery:codes:sent:${membershipNo}`,
  /** When the wrong codes reached the limit: its `reset_at` is that moment plus CODE_LIMIT_WINDOW_MS. */
  lockedSince: `recovery:codes:locked:${membershipNo}`,
});

/** When the number's code checks are locked, until when (ms since the epoch); else null. */
export async function codeChecksLockedUntil(
  db: Db,
  membershipNo: string,
  limits: CodeLimits,
  now = Date.now(),
): Promise<number | null> {
  const row = await db
    .selectFrom('rate_limits')
    .select(['count', 'reset_at'])
    .where('key', '=', codeLimitKeys(membershipNo).wrong)
    .where('reset_at', '>', now)
    .executeTakeFirst();
  return row && Number(row.count) >= limits.wrongPerDay ? Number(row.reset_at) : null;
}

export type CodeCheckReservation =
  | {
      ok: true;
      /** How the check ended: a right code does not count as a wrong one. */
      settle(outcome: 'right' | 'wrong'): Promise<void>;
    }
  /**
   * Past the day's limit: codes of challenges made before `lockedSince` are not compared; null when the
   * moment is not known (then none is).
   */
  | { ok: false; lockedUntil: number; lockedSince: number | null };

/** Count one code check for the number before the code is compared; refused past the day's limit. */
export async function reserveCodeCheck(
  db: Db,
  membershipNo: string,
  limits: CodeLimits,
  now = Date.now(),
): Promise<CodeCheckReservation> {
  const keys = codeLimitKeys(membershipNo);
  const state = await hitIn(db, keys.wrong, CODE_LIMIT_WINDOW_MS, now);
  if (state.count > limits.wrongPerDay) {
    const since = await db
      .selectFrom('rate_limits')
      .select('reset_at')
      .where('key', '=', keys.lockedSince)
      .where('reset_at', '>', now)
      .executeTakeFirst();
    const lockedSince = since ? Number(since.reset_at) - CODE_LIMIT_WINDOW_MS : null;
    return { ok: false, lockedUntil: state.resetAt, lockedSince };
  }
  return {
    ok: true,
    async settle(outcome) {
      if (outcome === 'right') await giveBackIn(db, keys.wrong, state.resetAt);
      else if (state.count === limits.wrongPerDay) await markLocked(db, keys.lockedSince, now);
    },
  };
}

/**
 * Keep the moment the number was locked: one upsert that starts the row afresh, whatever an earlier
 * lock left there.
 */
async function markLocked(db: Db, key: string, now: number): Promise<void> {
  const resetAt = now + CODE_LIMIT_WINDOW_MS;
  await db
    .insertInto('rate_limits')
    .values({ key, count: 1, reset_at: resetAt })
    .onConflict((oc) => oc.column('key').doUpdateSet({ count: 1, reset_at: resetAt }))
    .execute();
}

/** Count one message to the member; false (send nothing) past the day's limit. */
export async function reserveCodeSend(
  db: Db,
  membershipNo: string,
  limits: CodeLimits,
  now = Date.now(),
): Promise<boolean> {
  const state = await hitIn(db, codeLimitKeys(membershipNo).sent, CODE_LIMIT_WINDOW_MS, now);
  return state.count <= limits.sendsPerDay;
}

/** Support staff's unlock: the number's code checks and sends start afresh. Returns the counters removed. */
export async function clearCodeLimits(db: Db, membershipNo: string): Promise<number> {
  const keys = codeLimitKeys(membershipNo);
  const result = await db.deleteFrom('rate_limits').where('key', 'in', [keys.wrong, keys.sent]).executeTakeFirst();
  await db.deleteFrom('rate_limits').where('key', '=', keys.lockedSince).execute();
  return Number(result.numDeletedRows);
}

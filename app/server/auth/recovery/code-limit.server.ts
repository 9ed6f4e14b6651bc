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
  | { ok: false; lockedUntil: number };

/** Count one code check for the number before the code is compared; refused past the day's limit. */
export async function reserveCodeCheck(
  db: Db,
  membershipNo: string,
  limits: CodeLimits,
  now = Date.now(),
): Promise<CodeCheckReservation> {
  const key = codeLimitKeys(membershipNo).wrong;
  const state = await hitIn(db, key, CODE_LIMIT_WINDOW_MS, now);
  if (state.count > limits.wrongPerDay) return { ok: false, lockedUntil: state.resetAt };
  return {
    ok: true,
    async settle(outcome) {
      if (outcome === 'right') await giveBackIn(db, key, state.resetAt);
    },
  };
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
  return Number(result.numDeletedRows);
}

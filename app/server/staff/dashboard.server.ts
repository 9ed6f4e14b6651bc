import type { Db } from '../db/index.server';
import type { Env } from '../env.server';

/**
 * The back office's numbers (ADR 122): each counted from the table that holds it, each for the role
 * that may open the list it links to. Bangkok has no daylight saving time: days and months start at
 * 00:00 UTC+7.
 */

const BANGKOK_OFFSET_MS = 7 * 3_600_000;
const DAY_MS = 24 * 3_600_000;

/** The start of the Bangkok day holding `now`, in ms since the epoch. */
export function bangkokDayStart(now: number): number {
  return Math.floor((now + BANGKOK_OFFSET_MS) / DAY_MS) * DAY_MS - BANGKOK_OFFSET_MS;
}

/** The start of the Bangkok calendar month holding `now`, and of the next one. */
export function bangkokMonth(now: number): { start: number; next: number } {
  const local = new Date(now + BANGKOK_OFFSET_MS);
  const [year, month] = [local.getUTCFullYear(), local.getUTCMonth()];
  return {
    start: Date.UTC(year, month, 1) - BANGKOK_OFFSET_MS,
    next: Date.UTC(year, month + 1, 1) - BANGKOK_OFFSET_MS,
  };
}

/** Topics and answers no moderator has seen yet (the moderation queue's length). */
export async function postsWaiting(db: Db): Promise<number> {
  const [topics, answers] = await Promise.all([
    db
      .selectFrom('board_topics')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('reviewed_at', 'is', null)
      .executeTakeFirstOrThrow(),
    db
      .selectFrom('board_answers')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('reviewed_at', 'is', null)
      .executeTakeFirstOrThrow(),
  ]);
  return Number(topics.n) + Number(answers.n);
}

/** Published items dated this Bangkok month up to now (what `/staff/content?state=published&period=month` lists). */
export async function publishedThisMonth(db: Db, now = Date.now()): Promise<number> {
  const row = await db
    .selectFrom('content_items')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('disabled', '=', 0)
    .where('posted_at', '>=', bangkokMonth(now).start)
    .where('posted_at', '<=', now)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

export type LoginLockLimits = Pick<Env, 'LOGIN_MAX_FAILURES_PER_MEMBER' | 'LOGIN_MEMBER_BACKOFF_FAILURES'>;

/** Keys read at most, so a flood of failed sign-ins cannot make the dashboard slow. */
const LOCK_SCAN_MAX = 10_000;

/**
 * Members whose sign-in is locked now, by the same counters (and limits) the member-support page
 * reads as a sign-in lock: the member's back-off, or too many failures from one address. Each
 * member's latest lock end, soonest first.
 */
export async function lockedMembers(
  db: Db,
  limits: LoginLockLimits,
  now = Date.now(),
): Promise<{ membershipNo: string; until: number }[]> {
  const least = Math.min(limits.LOGIN_MAX_FAILURES_PER_MEMBER, limits.LOGIN_MEMBER_BACKOFF_FAILURES);
  const rows = await db
    .selectFrom('rate_limits')
    .select(['key', 'count', 'reset_at'])
    .where('reset_at', '>', now)
    .where('count', '>=', least)
    .where((eb) => eb.or([eb('key', 'like', 'login:backoff:%'), eb('key', 'like', 'login:pair:%')]))
    .limit(LOCK_SCAN_MAX)
    .execute();
  const locked = new Map<string, number>();
  for (const row of rows) {
    const [, kind, membershipNo] = row.key.split(':');
    if (!membershipNo || !/^\d{1,20}$/.test(membershipNo)) continue;
    const limit = kind === 'backoff' ? limits.LOGIN_MEMBER_BACKOFF_FAILURES : limits.LOGIN_MAX_FAILURES_PER_MEMBER;
    if (Number(row.count) < limit) continue;
    locked.set(membershipNo, Math.max(locked.get(membershipNo) ?? 0, Number(row.reset_at)));
  }
  return [...locked].map(([membershipNo, until]) => ({ membershipNo, until })).sort((a, b) => a.until - b.until);
}

/** The names of the members numbered, as the member-support page shows them (number → name). */
export async function memberNames(db: Db, numbers: readonly string[]): Promise<Map<string, string>> {
  if (!numbers.length) return new Map();
  const rows = await db
    .selectFrom('members')
    .select(['membership_no', 'prename', 'first_name', 'last_name'])
    .where('membership_no', 'in', [...numbers])
    .execute();
  return new Map(rows.map((r) => [r.membership_no, `${r.prename}${r.first_name} ${r.last_name}`]));
}

/** Members' successful sign-ins (web and app) since the start of the Bangkok day, from the audit log. */
export async function signInsToday(db: Db, now = Date.now()): Promise<number> {
  const row = await db
    .selectFrom('audit_events')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('type', '=', 'login_success')
    .where('at', '>=', bangkokDayStart(now))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

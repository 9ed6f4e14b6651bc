import { createHmac } from 'node:crypto';

import { sql, type ExpressionBuilder } from 'kysely';

import type { Db } from '../db/index.server';
import { contains } from '../db/contains.server';
import type { Database } from '../db/schema';
import type { Env } from '../env.server';
import { codeLimitKeys } from '../auth/recovery/code-limit.server';
import { countedTry, newCode, type RecoveryPurpose } from '../auth/recovery/codes.server';
import { loginKeys, MAX_WRONG_CURRENT, wrongCurrentKey } from '../auth/login-limit.server';
import {
  failureKey as secondFactorKey,
  MAX_FAILURES_PER_MEMBER,
  memberSubject,
  removeSecondFactor,
} from '../auth/second-factor.server';

/**
 * Member support in the back office (ADR 060): find a member, see what keeps them out (locks, sessions,
 * registration), unlock them, and issue a one-time code for the register or forgotten-password flow
 * to a member with no phone or email on file. Embedded mode only: in http mode the members are the core's.
 */

/** A staff-issued code lasts a day (the member takes it home), allows 5 tries and works once. */
export const STAFF_CODE_TTL_MS = 24 * 3600_000;
export const STAFF_CODE_MAX_TRIES = 5;
/** At most this many members are listed for one search. */
export const SEARCH_LIMIT = 20;
/** The longest search text read (a number or part of a name). */
export const SEARCH_MAX = 60;

export interface MemberSummary {
  membershipNo: string;
  name: string;
  active: boolean;
}

/** Members by exact number, or by part of the first or last name (or "first last"); at most SEARCH_LIMIT. */
export async function findMembers(db: Db, term: string): Promise<MemberSummary[]> {
  const text = term
    .replace(/[\u0000-\u001f\u007f]/g, ' ')
    .trim()
    .replace(/\s+/g, ' ')
    .slice(0, SEARCH_MAX);
  if (!text) return [];
  let query = db.selectFrom('members').select(['membership_no', 'prename', 'first_name', 'last_name', 'status_code']);
  if (/^\d+$/.test(text)) {
    query = query.where('membership_no', '=', text);
  } else {
    const [first, ...rest] = text.split(' ');
    query = query.where((eb) =>
      eb.or([
        // LIKE's own wildcards typed by staff are taken literally.
        contains(sql`first_name`, text),
        contains(sql`last_name`, text),
        ...(rest.length ? [eb.and([eb('first_name', '=', first ?? ''), eb('last_name', '=', rest.join(' '))])] : []),
      ]),
    );
  }
  const rows = await query.orderBy('membership_no').limit(SEARCH_LIMIT).execute();
  return rows.map((r) => ({
    membershipNo: r.membership_no,
    name: `${r.prename}${r.first_name} ${r.last_name}`,
    active: r.status_code === '0',
  }));
}

/** A Thai mobile number (06, 08, 09 + 8 digits) from what is on file, or null. */
function mobileOnFile(phone: string | null): boolean {
  const digits = (phone ?? '').replace(/[\s\-().]/g, '').replace(/^\+66/, '0');
  return /^0[689]\d{8}$/.test(digits);
}

/** A lock: what it stops, and until when (ms since the epoch). */
export interface MemberLock {
  kind: 'login' | 'second_factor' | 'recovery' | 'recovery_codes' | 'recovery_sends' | 'password_change';
  until: number;
}

export interface MemberSupportView extends MemberSummary {
  statusCode: string;
  /** Has online credentials (registered); `resetRequired` when a new password must be set first. */
  registered: boolean;
  resetRequired: boolean;
  /** Whether an email or a mobile number is on file (never the values). */
  hasEmail: boolean;
  hasMobile: boolean;
  locks: MemberLock[];
  /** Web sessions and API tokens still valid. */
  sessions: number;
  tokens: number;
  /** A staff-issued code not yet used and not expired. */
  pendingCode: { purpose: RecoveryPurpose; expiresAt: number } | null;
  /** The second factor is on: sign-in asks for a code (ADR 040). */
  secondFactor: boolean;
}

/** The limits a lock is read against (the same settings the sign-in and recovery flows use). */
export type LockLimits = Pick<
  Env,
  | 'LOGIN_MAX_FAILURES_PER_MEMBER'
  | 'LOGIN_MEMBER_BACKOFF_FAILURES'
  | 'IDENTITY_MAX_PER_MEMBER'
  | 'RECOVERY_CODE_MAX_WRONG_PER_DAY'
  | 'RECOVERY_CODE_MAX_SENT_PER_DAY'
>;

/** The member's rate-limit counters (by member, at any address), as their keys. */
function memberKeys(membershipNo: string) {
  const login = loginKeys(membershipNo, null);
  const codes = codeLimitKeys(membershipNo);
  return {
    loginBackoff: login.member,
    loginPairPrefix: `login:pair:${membershipNo}:`,
    secondFactor: secondFactorKey(membershipNo),
    recovery: `identity:member:${membershipNo}`,
    passwordChange: wrongCurrentKey(membershipNo),
    codesWrong: codes.wrong,
    codesSent: codes.sent,
  };
}

/** A `rate_limits` row is one of the member's counters (`keys`: memberKeys). */
function isMemberCounter(eb: ExpressionBuilder<Database, 'rate_limits'>, keys: ReturnType<typeof memberKeys>) {
  return eb.or([
    eb('key', 'in', [
      keys.loginBackoff,
      keys.secondFactor,
      keys.recovery,
      keys.passwordChange,
      keys.codesWrong,
      keys.codesSent,
    ]),
    eb('key', 'like', `${keys.loginPairPrefix}%`),
  ]);
}

/** What support may see of one member; null when the number is unknown. No financial data. */
export async function memberSupportView(
  db: Db,
  membershipNo: string,
  limits: LockLimits,
  now = Date.now(),
): Promise<MemberSupportView | null> {
  const member = await db
    .selectFrom('members')
    .select(['membership_no', 'prename', 'first_name', 'last_name', 'status_code', 'email', 'phone'])
    .where('membership_no', '=', membershipNo)
    .executeTakeFirst();
  if (!member) return null;
  const keys = memberKeys(membershipNo);
  const [credentials, counters, sessions, tokens, code, factor] = await Promise.all([
    db
      .selectFrom('member_credentials')
      .select('reset_required')
      .where('membership_no', '=', membershipNo)
      .executeTakeFirst(),
    db
      .selectFrom('rate_limits')
      .select(['key', 'count', 'reset_at'])
      .where((eb) => isMemberCounter(eb, keys))
      .where('reset_at', '>', now)
      .execute(),
    db
      .selectFrom('sessions')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('membership_no', '=', membershipNo)
      .where('expires_at', '>', now)
      .executeTakeFirst(),
    db
      .selectFrom('coop_tokens')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('membership_no', '=', membershipNo)
      .where('expires_at', '>', now)
      .executeTakeFirst(),
    db
      .selectFrom('staff_member_codes')
      .select(['purpose', 'expires_at'])
      .where('membership_no', '=', membershipNo)
      .where('used_at', 'is', null)
      .where('expires_at', '>', now)
      .where('attempts', '<', STAFF_CODE_MAX_TRIES)
      .orderBy('created_at', 'desc')
      .executeTakeFirst(),
    db
      .selectFrom('totp_factors')
      .select('enabled_at')
      .where('subject', '=', memberSubject(membershipNo))
      .where('enabled_at', 'is not', null)
      .executeTakeFirst(),
  ]);
  const locks: MemberLock[] = [];
  const add = (kind: MemberLock['kind'], until: number) => {
    const found = locks.find((l) => l.kind === kind);
    if (found) found.until = Math.max(found.until, until);
    else locks.push({ kind, until });
  };
  for (const row of counters) {
    const count = Number(row.count);
    const until = Number(row.reset_at);
    if (row.key === keys.loginBackoff && count >= limits.LOGIN_MEMBER_BACKOFF_FAILURES) add('login', until);
    else if (row.key.startsWith(keys.loginPairPrefix) && count >= limits.LOGIN_MAX_FAILURES_PER_MEMBER)
      add('login', until);
    else if (row.key === keys.secondFactor && count >= MAX_FAILURES_PER_MEMBER) add('second_factor', until);
    else if (row.key === keys.recovery && count >= limits.IDENTITY_MAX_PER_MEMBER) add('recovery', until);
    else if (row.key === keys.passwordChange && count >= MAX_WRONG_CURRENT) add('password_change', until);
    else if (row.key === keys.codesWrong && count >= limits.RECOVERY_CODE_MAX_WRONG_PER_DAY)
      add('recovery_codes', until);
    else if (row.key === keys.codesSent && count >= limits.RECOVERY_CODE_MAX_SENT_PER_DAY) add('recovery_sends', until);
  }
  return {
    membershipNo: member.membership_no,
    name: `${member.prename}${member.first_name} ${member.last_name}`,
    active: member.status_code === '0',
    statusCode: member.status_code,
    registered: Boolean(credentials),
    resetRequired: credentials?.reset_required === 1,
    hasEmail: Boolean(member.email?.trim()),
    hasMobile: mobileOnFile(member.phone),
    locks,
    sessions: Number(sessions?.n ?? 0),
    tokens: Number(tokens?.n ?? 0),
    pendingCode: code ? { purpose: code.purpose, expiresAt: Number(code.expires_at) } : null,
    secondFactor: Boolean(factor),
  };
}

/**
 * Unlock a member (ADR 060): forget every counter kept against the member (sign-in, second factor,
 * register/forgotten-password identity checks, one-time code checks and sends, password change; the counters of an address are left
 * alone, they protect every member), and end everything that signs them in: web sessions, half-sessions
 * waiting for a second-factor code, API tokens and unused impersonation links. Returns the upstream
 * tokens of the ended sessions and half-sessions, to hand back to the core.
 */
export async function unlockMember(
  db: Db,
  membershipNo: string,
): Promise<{ countersCleared: number; sessions: number; upstreamTokens: string[]; tokens: number; links: number }> {
  const keys = memberKeys(membershipNo);
  return db.transaction().execute(async (trx) => {
    const counters = await trx
      .deleteFrom('rate_limits')
      .where((eb) => isMemberCounter(eb, keys))
      .executeTakeFirst();
    const sessions = await trx
      .deleteFrom('sessions')
      .where('membership_no', '=', membershipNo)
      .returning('upstream_token')
      .execute();
    const halves = await trx
      .deleteFrom('login_challenges')
      .where('membership_no', '=', membershipNo)
      .returning('upstream_token')
      .execute();
    const tokens = await trx.deleteFrom('coop_tokens').where('membership_no', '=', membershipNo).executeTakeFirst();
    const links = await trx
      .deleteFrom('impersonation_grants')
      .where('membership_no', '=', membershipNo)
      .where('used_at', 'is', null)
      .executeTakeFirst();
    return {
      countersCleared: Number(counters.numDeletedRows),
      sessions: sessions.length,
      upstreamTokens: [...sessions, ...halves].map((r) => r.upstream_token),
      tokens: Number(tokens.numDeletedRows),
      links: Number(links.numDeletedRows),
    };
  });
}

/** The key staff-issued codes are hashed under (derived from SESSION_SECRET, apart from every other use). */
export function staffCodeKey(sessionSecret: string): string {
  return createHmac('sha256', sessionSecret).update('sahakorn staff member codes').digest('hex');
}

/** The stored form of a staff-issued code: keyed, and bound to the member and the flow it is for. */
export function hashStaffCode(key: string, membershipNo: string, purpose: RecoveryPurpose, code: string): string {
  return createHmac('sha256', key).update(`staff-member-code:${membershipNo}:${purpose}:${code}`).digest('hex');
}

export type IssueCodeResult =
  | { ok: true; code: string; expiresAt: number }
  | { ok: false; reason: 'unknown' | 'inactive' | 'has_contact' | 'registered' | 'not_registered' };

/**
 * A one-time code for `purpose` ('register': not yet registered; 'forget': registered), for a member
 * with neither an email nor a mobile number on file (the others receive theirs). Any code the member
 * had before stops working. The code itself is returned once and never stored.
 */
export async function issueMemberCode(
  db: Db,
  key: string,
  input: { membershipNo: string; purpose: RecoveryPurpose; issuedBy: string },
  now = Date.now(),
): Promise<IssueCodeResult> {
  const member = await db
    .selectFrom('members')
    .select(['status_code', 'email', 'phone'])
    .where('membership_no', '=', input.membershipNo)
    .executeTakeFirst();
  if (!member) return { ok: false, reason: 'unknown' };
  if (member.status_code !== '0') return { ok: false, reason: 'inactive' };
  if (member.email?.trim() || mobileOnFile(member.phone)) return { ok: false, reason: 'has_contact' };
  const registered = Boolean(
    await db
      .selectFrom('member_credentials')
      .select('membership_no')
      .where('membership_no', '=', input.membershipNo)
      .executeTakeFirst(),
  );
  if (input.purpose === 'register' && registered) return { ok: false, reason: 'registered' };
  if (input.purpose === 'forget' && !registered) return { ok: false, reason: 'not_registered' };
  const code = newCode();
  const expiresAt = now + STAFF_CODE_TTL_MS;
  await db.transaction().execute(async (trx) => {
    // One live code per member: an earlier one (lost, or handed to the wrong person) stops working.
    await trx
      .updateTable('staff_member_codes')
      .set({ used_at: now })
      .where('membership_no', '=', input.membershipNo)
      .where('used_at', 'is', null)
      .execute();
    // Codes long spent are of no use to anyone.
    await trx
      .deleteFrom('staff_member_codes')
      .where('expires_at', '<', now - 30 * 24 * 3600_000)
      .execute();
    await trx
      .insertInto('staff_member_codes')
      .values({
        membership_no: input.membershipNo,
        purpose: input.purpose,
        code_hash: hashStaffCode(key, input.membershipNo, input.purpose, code),
        issued_by: input.issuedBy,
        attempts: 0,
        created_at: now,
        expires_at: expiresAt,
        used_at: null,
      })
      .execute();
  });
  return { ok: true, code, expiresAt };
}

/**
 * Try a staff-issued code in the member's register or forgotten-password flow. One atomic UPDATE
 * counts the try against the member's live code and, when right, marks it used: two requests at once
 * cannot both use it, and the sixth try is never checked. Returns the row's id when accepted.
 */
export async function redeemMemberCode(
  db: Db,
  key: string,
  input: { membershipNo: string; purpose: RecoveryPurpose; code: string },
  now = Date.now(),
): Promise<{ ok: true; id: number } | { ok: false }> {
  const tried = hashStaffCode(key, input.membershipNo, input.purpose, input.code);
  const row = await db
    .updateTable('staff_member_codes')
    .set(countedTry(tried, now))
    .where('membership_no', '=', input.membershipNo)
    .where('purpose', '=', input.purpose)
    .where('used_at', 'is', null)
    .where('attempts', '<', STAFF_CODE_MAX_TRIES)
    .where('expires_at', '>', now)
    .returning(['id', 'used_at'])
    .executeTakeFirst();
  if (!row || row.used_at === null) return { ok: false };
  return { ok: true, id: Number(row.id) };
}

/** Give back an accepted code whose password could not be set (the core did not answer, or the identity did not match). */
export async function releaseMemberCode(db: Db, id: number): Promise<void> {
  // Not when staff issued a newer code meanwhile: that one replaced it.
  await db
    .updateTable('staff_member_codes')
    .set({ used_at: null })
    .where('id', '=', id)
    .where(({ not, exists, selectFrom }) =>
      not(
        exists(
          selectFrom('staff_member_codes as newer')
            .select('newer.id')
            .whereRef('newer.membership_no', '=', 'staff_member_codes.membership_no')
            .where('newer.id', '>', id),
        ),
      ),
    )
    .execute();
}

/**
 * Remove a member's second factor for support (ADR 091), for a member who lost their phone and their
 * recovery codes: the factor, its recovery codes and the member's wrong codes go, and sign-ins waiting
 * for a code end (their upstream tokens are answered, to hand back to the core). Sessions already
 * signed in stay. Answers null when the member had no factor.
 */
export async function removeMemberSecondFactor(
  db: Db,
  membershipNo: string,
): Promise<{ upstreamTokens: string[] } | null> {
  if (!(await removeSecondFactor(membershipNo))) return null;
  const halves = await db
    .deleteFrom('login_challenges')
    .where('membership_no', '=', membershipNo)
    .returning('upstream_token')
    .execute();
  return { upstreamTokens: halves.map((row) => row.upstream_token) };
}

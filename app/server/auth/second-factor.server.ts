import { app } from '../app.server';
import { audit } from '../audit.server';
import { appCookie } from '../http/cookies.server';
import type { CoopBackend, MemberName } from '../coop/types';
import { randomToken, sha256 } from '../crypto.server';
import { clear } from '../rate-limit.server';
import { reserveAttempt } from './login-limit.server';
import { createSession } from './session.server';
import { appTotp } from './totp/app-store.server';
import type { TotpCheck, TotpStore } from './totp/store.server';
import { SECOND_FACTOR_MESSAGES } from '~/lib/forms/second-factor';

/**
 * The members' second factor (ADR 040): their TOTP store, and the half-session between a verified
 * password and the code. A half-session is a row keyed by the SHA-256 of a random id in its own
 * short-lived cookie; it holds the member number, the core's token from the password step, "remember"
 * and where to go next — nothing to show, and nothing `requireMember` accepts.
 */

/** How long the code page waits after the password. */
export const CHALLENGE_TTL_MS = 5 * 60_000;
/** Wrong codes on one half-session before it ends (the password is asked again). */
export const MAX_FAILURES_PER_CHALLENGE = 5;
/** Wrong codes per member in the window, over every half-session and the API; then codes are not checked. */
export const MAX_FAILURES_PER_MEMBER = 10;
export const FAILURE_WINDOW_MS = 15 * 60_000;

/** The TOTP store of member accounts (subjects `member:<no>`): the app's one store. */
export const memberTotp: () => Promise<TotpStore> = appTotp;

export function memberSubject(membershipNo: string): string {
  return `member:${membershipNo}`;
}

export const failureKey = (membershipNo: string) => `totp:member:${membershipNo}`;

function challengeCookie() {
  return appCookie('sahakorn_2fa', { maxAge: CHALLENGE_TTL_MS / 1000 });
}

/**
 * Remove the member's second factor and its recovery codes (an enrolment not yet confirmed too), and
 * forget their wrong codes: after a reset of the password by a code support staff issued (ADR 091,
 * 132) and when support staff remove it. True when a factor or an enrolment was there.
 */
export async function removeSecondFactor(membershipNo: string): Promise<boolean> {
  const removed = await (await memberTotp()).disable(memberSubject(membershipNo));
  await clear(failureKey(membershipNo));
  return removed;
}

/** Does sign-in ask this member for a code? */
export async function secondFactorEnabled(membershipNo: string): Promise<boolean> {
  return (await (await memberTotp()).status(memberSubject(membershipNo))).enabled;
}

/**
 * Called by `login` once the password is verified: for a member with TOTP on, start a half-session and
 * answer its Set-Cookie value (the caller sends the visitor to the code page); otherwise null.
 */
export async function startSecondFactor(
  input: {
    member: MemberName;
    upstreamToken: string;
    upstreamExpiresInSeconds: number;
    remember: boolean;
    redirectTo: string | undefined;
  },
  clientAddress: string | null,
  now = Date.now(),
): Promise<string | null> {
  const membershipNo = input.member.membershipNo;
  if (!(await secondFactorEnabled(membershipNo))) return null;
  await purgeExpiredChallenges(now);
  const { db } = await app();
  const id = randomToken();
  await db
    .insertInto('login_challenges')
    .values({
      id_hash: sha256(id),
      membership_no: membershipNo,
      upstream_token: input.upstreamToken,
      upstream_expires_in: input.upstreamExpiresInSeconds,
      remember: input.remember ? 1 : 0,
      redirect_to: input.redirectTo?.slice(0, 2000) ?? null,
      failures: 0,
      created_at: now,
      expires_at: now + CHALLENGE_TTL_MS,
      member_name: `${input.member.prename}${input.member.firstName} ${input.member.lastName}`,
    })
    .execute();
  await audit('second_factor_required', { membershipNo, ip: clientAddress });
  return challengeCookie().serialize(id);
}

export interface Challenge {
  idHash: string;
  membershipNo: string;
  upstreamToken: string;
  upstreamExpiresIn: number;
  remember: boolean;
  redirectTo: string | null;
  failures: number;
  createdAt: number;
  /** The member's name as the login answered it; null on a half-session from before it was kept. */
  memberName: string | null;
}

/** The request's half-session while it lasts, or null (none, unknown, or expired: then it is ended). */
export async function readChallenge(request: Request, now = Date.now()): Promise<Challenge | null> {
  const value: unknown = await challengeCookie().parse(request.headers.get('Cookie'));
  if (typeof value !== 'string' || value.length < 32) return null;
  const { db } = await app();
  const row = await db
    .selectFrom('login_challenges')
    .selectAll()
    .where('id_hash', '=', sha256(value))
    .executeTakeFirst();
  if (!row) return null;
  if (row.expires_at <= now) {
    await endChallenge(row.id_hash, row.upstream_token);
    return null;
  }
  return {
    idHash: row.id_hash,
    membershipNo: row.membership_no,
    upstreamToken: row.upstream_token,
    upstreamExpiresIn: row.upstream_expires_in,
    remember: row.remember === 1,
    redirectTo: row.redirect_to,
    failures: row.failures,
    createdAt: row.created_at,
    memberName: row.member_name,
  };
}

/** Remove a half-session and hand its token back to the core. */
async function endChallenge(idHash: string, upstreamToken: string): Promise<void> {
  const { db, backend } = await app();
  const removed = await db.deleteFrom('login_challenges').where('id_hash', '=', idHash).executeTakeFirst();
  if (removed.numDeletedRows > 0n) await backend.logout({ token: upstreamToken }).catch(() => undefined);
}

/** End half-sessions that timed out (their tokens go back to the core). */
export async function purgeExpiredChallenges(now = Date.now()): Promise<void> {
  const { db } = await app();
  const expired = await db
    .selectFrom('login_challenges')
    .select(['id_hash', 'upstream_token'])
    .where('expires_at', '<=', now)
    .limit(100)
    .execute();
  for (const row of expired) await endChallenge(row.id_hash, row.upstream_token);
}

/** The Set-Cookie value that removes the half-session cookie. */
export function clearChallengeCookie(): Promise<string> {
  return challengeCookie().serialize('', { maxAge: 0, expires: new Date(0) });
}

/**
 * A code for `membershipNo` under the per-member limit on wrong codes. The check is counted before the
 * code is compared, by one atomic upsert in the shared database (`reserveAttempt`), and refused over
 * the limit: requests at once, on one instance or many, get no more comparisons than the limit. A
 * right code forgets the member's wrong ones; a check that could not run is given back.
 */
export async function checkMemberCode(membershipNo: string, code: string, now = Date.now()): Promise<CodeCheck> {
  const { db } = await app();
  const reservation = await reserveAttempt(
    db,
    failureKey(membershipNo),
    MAX_FAILURES_PER_MEMBER,
    FAILURE_WINDOW_MS,
    now,
  );
  if (!reservation.ok) {
    return { ok: false, lockedMinutes: Math.max(1, Math.ceil((reservation.retryAt - now) / 60_000)) };
  }
  let result: TotpCheck;
  try {
    result = await (await memberTotp()).verify(memberSubject(membershipNo), code);
  } catch (error) {
    await reservation.settle('void');
    throw error;
  }
  await reservation.settle(result.ok ? 'accepted' : 'refused');
  return result.ok ? result : { ok: false, lockedMinutes: null };
}

/** A code's check: accepted (how), or refused (`lockedMinutes` when it was not even checked: over the limit). */
export type CodeCheck = Extract<TotpCheck, { ok: true }> | { ok: false; lockedMinutes: number | null };

export type SecondStepOutcome =
  | { ok: true; membershipNo: string; setCookies: string[]; redirectTo: string | null }
  | { ok: false; status: 400 | 401 | 429; message: string }
  /** The half-session is gone (expired, ended, or too many wrong codes): sign in again. */
  | { ok: false; restart: true; message: string; setCookie: string };

/** The code page's action: check the code, then turn the half-session into a session. */
export async function completeSecondFactor(
  request: Request,
  code: string,
  clientAddress: string | null,
  now = Date.now(),
): Promise<SecondStepOutcome> {
  const challenge = await readChallenge(request, now);
  const restart = async (message: string): Promise<SecondStepOutcome> => ({
    ok: false,
    restart: true,
    message,
    setCookie: await clearChallengeCookie(),
  });
  if (!challenge) return restart(SECOND_FACTOR_MESSAGES.expired);
  const membershipNo = challenge.membershipNo;
  if (!code.trim()) return { ok: false, status: 400, message: SECOND_FACTOR_MESSAGES.codeRequired };

  // This half-session's try is taken before the code is compared (one conditional UPDATE), so codes
  // posted at once on one half-session get no more comparisons than it allows.
  const { db } = await app();
  const tried = await db
    .updateTable('login_challenges')
    .set((eb) => ({ failures: eb('failures', '+', 1) }))
    .where('id_hash', '=', challenge.idHash)
    .where('failures', '<', MAX_FAILURES_PER_CHALLENGE)
    .returning('failures')
    .executeTakeFirst();
  if (!tried) {
    await endChallenge(challenge.idHash, challenge.upstreamToken);
    return restart(SECOND_FACTOR_MESSAGES.tooManyForChallenge);
  }

  const result = await checkMemberCode(membershipNo, code, now);
  if (!result.ok) {
    if (result.lockedMinutes !== null) {
      // Not compared: the half-session's try is given back.
      await db
        .updateTable('login_challenges')
        .set((eb) => ({ failures: eb('failures', '-', 1) }))
        .where('id_hash', '=', challenge.idHash)
        .where('failures', '>', 0)
        .execute();
      await audit('second_factor_failure', { membershipNo, ip: clientAddress, detail: 'locked' });
      return { ok: false, status: 429, message: SECOND_FACTOR_MESSAGES.locked(result.lockedMinutes) };
    }
    await audit('second_factor_failure', { membershipNo, ip: clientAddress });
    if (tried.failures >= MAX_FAILURES_PER_CHALLENGE) {
      await endChallenge(challenge.idHash, challenge.upstreamToken);
      return restart(SECOND_FACTOR_MESSAGES.tooManyForChallenge);
    }
    return { ok: false, status: 401, message: SECOND_FACTOR_MESSAGES.codeWrong };
  }

  const { backend } = await app();
  // The name for the header is the login's, as for a sign-in without the code: a Sahakorn core keeps
  // the member's profile from a member who has not accepted the terms (ADR 093). A half-session
  // from before the name was kept asks the core with the token.
  const memberName = challenge.memberName ?? (await profileName(backend, challenge.upstreamToken));
  // Claim the half-session: only one request turns it into a session.
  const claimed = await db.deleteFrom('login_challenges').where('id_hash', '=', challenge.idHash).executeTakeFirst();
  if (claimed.numDeletedRows === 0n) return restart(SECOND_FACTOR_MESSAGES.expired);
  await clear(failureKey(membershipNo));
  const elapsedSeconds = Math.floor((now - challenge.createdAt) / 1000);
  const session = await createSession(
    request,
    {
      membershipNo,
      memberName,
      upstreamToken: challenge.upstreamToken,
      upstreamExpiresInSeconds: Math.max(0, challenge.upstreamExpiresIn - elapsedSeconds),
      remember: challenge.remember,
      ip: clientAddress,
    },
    now,
  );
  await audit('login_success', { membershipNo, ip: clientAddress, detail: result.method });
  return {
    ok: true,
    membershipNo,
    setCookies: [session, await clearChallengeCookie()],
    redirectTo: challenge.redirectTo,
  };
}

async function profileName(backend: CoopBackend, token: string): Promise<string> {
  const profile = await backend.getMemberProfile({ token });
  return `${profile.prename}${profile.firstName} ${profile.lastName}`;
}

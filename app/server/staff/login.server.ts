import { app } from '../app.server';
import { audit } from '../audit.server';
import { verifyPassword } from '../crypto.server';
import { env } from '../env.server';
import { loginLimits, reserveLoginAttempt } from '../auth/login-limit.server';
import { clear, hit } from '../rate-limit.server';
import { appTotp } from '../auth/totp/app-store.server';
import type { TotpStore } from '../auth/totp/store.server';
import { findStaffById, findStaffByUsername, normaliseUsername, staffSubject } from './accounts.server';
import { isStaffPath } from './guard.server';
import { countStaffCodeFailure, lookupStaffSession, startStaffSession, type StaffSessionRow } from './session.server';
import { safeRedirect } from '~/lib/safe-redirect';

/**
 * Staff sign-in (ADR 059): username and password, then a TOTP code or a recovery code. The password
 * step is limited as members' sign-in is (ADR 036: every attempt counted before the check, atomically,
 * per account and address, per address, and per account from anywhere), under `staff:` keys; the code
 * step as members' second factor is (ADR 040). Every refusal looks the same: no account enumeration.
 * The staff's form strategy (`authenticator.server.ts`, ADR 108) runs these steps.
 */

/** Wrong codes on one half-session before it ends (the password is asked again). */
export const MAX_CODE_FAILURES_PER_CHALLENGE = 5;
/** Wrong codes per account in the window, over every half-session; then codes are not checked. */
export const MAX_CODE_FAILURES_PER_ACCOUNT = 10;
export const CODE_FAILURE_WINDOW_MS = 15 * 60_000;

/** The TOTP store of staff accounts (subjects `staff:<id>`): the app's one store, members' too. */
export const staffTotp: () => Promise<TotpStore> = appTotp;

/** The login limits' subject for a staff username (kept apart from membership numbers). */
export const staffLimitSubject = (username: string) => `staff:${username}`;
export const staffCodeFailureKey = (id: number) => `totp:staff:${id}`;

/** Where to go after signing in: a back-office path, else the dashboard. */
export function staffRedirect(target: string | null | undefined): string {
  const safe = safeRedirect(target ?? '', '/staff');
  return isStaffPath(safe) ? safe : '/staff';
}

export type PasswordStep =
  { ok: true; setCookie: string } | { ok: false; reason: 'invalid' } | { ok: false; reason: 'locked'; minutes: number };

/** The password step: on success a half-session (stage 'code') is started and its cookie answered. */
export async function staffPasswordStep(
  request: Request,
  input: { username: string; password: string; redirectTo?: string | null },
  clientAddress: string | null,
  now = Date.now(),
): Promise<PasswordStep> {
  const { db } = await app();
  // An unusable name is still counted and still costs a hash check: it looks like any wrong password.
  const username = normaliseUsername(input.username) ?? input.username.trim().toLowerCase().slice(0, 64);
  const reservation = await reserveLoginAttempt(
    db,
    staffLimitSubject(username),
    clientAddress,
    loginLimits(env()),
    now,
  );
  // The typed name is recorded only when it names an account: a password typed into the name field
  // (it happens) must not reach the audit log, its search or its CSV (ASVS 16.2.5).
  const named = async () => (await findStaffByUsername(db, username))?.username ?? null;
  if (!reservation.ok) {
    const actor = await named();
    await audit('staff_login_locked', {
      actor,
      ip: clientAddress,
      detail: actor ? reservation.reason : `${reservation.reason}; unknown account`,
    });
    return { ok: false, reason: 'locked', minutes: Math.max(1, Math.ceil((reservation.retryAt - now) / 60_000)) };
  }
  const account = await findStaffByUsername(db, username);
  const usable = account !== null && account.disabledAt === null && account.enrolledAt !== null;
  const verified = await verifyPassword(usable ? account.passwordHash : null, input.password);
  if (!verified || !account) {
    await reservation.settle('refused');
    await audit('staff_login_failure', {
      actor: account?.username ?? null,
      ip: clientAddress,
      detail: account ? null : 'unknown account',
    });
    return { ok: false, reason: 'invalid' };
  }
  await reservation.settle('accepted');
  await audit('staff_password_accepted', { actor: account.username, ip: clientAddress });
  const setCookie = await startStaffSession(
    request,
    { staffId: account.id, stage: 'code', redirectTo: staffRedirect(input.redirectTo), ip: clientAddress },
    now,
  );
  return { ok: true, setCookie };
}

/** The request's half-session waiting for a code, or null. */
export async function pendingCodeStep(request: Request, now = Date.now()): Promise<StaffSessionRow | null> {
  const found = await lookupStaffSession(request, now);
  return found.status === 'found' && found.session.stage === 'code' ? found.session : null;
}

export type CodeStep =
  | { ok: true; staff: { id: number; username: string }; setCookie: string; redirectTo: string }
  | { ok: false; reason: 'wrong' | 'required' }
  | { ok: false; reason: 'locked'; minutes: number }
  /** No half-session (expired, ended, or too many wrong codes): sign in again. */
  | { ok: false; reason: 'restart' };

/** The code step: a TOTP or recovery code turns the half-session into a session (with a new id). */
export async function staffCodeStep(
  request: Request,
  code: string,
  clientAddress: string | null,
  now = Date.now(),
): Promise<CodeStep> {
  const challenge = await pendingCodeStep(request, now);
  if (!challenge) return { ok: false, reason: 'restart' };
  if (!code.trim()) return { ok: false, reason: 'required' };
  const { db } = await app();
  const account = await findStaffById(db, challenge.staffId);
  if (!account || account.disabledAt !== null) return { ok: false, reason: 'restart' };
  // Every attempt is counted before its code is checked, each counter by one atomic statement: codes
  // sent together cannot all pass a count read before any of them was added (ASVS 6.3.1, 2.4.1).
  const key = staffCodeFailureKey(account.id);
  const counted = await hit(key, CODE_FAILURE_WINDOW_MS, now);
  if (counted.count > MAX_CODE_FAILURES_PER_ACCOUNT) {
    await audit('staff_code_failure', { actor: account.username, ip: clientAddress, detail: 'locked' });
    return { ok: false, reason: 'locked', minutes: Math.max(1, Math.ceil((counted.resetAt - now) / 60_000)) };
  }
  const attempts = await countStaffCodeFailure(db, challenge.idHash);
  if (attempts === 0 || attempts > MAX_CODE_FAILURES_PER_CHALLENGE) return { ok: false, reason: 'restart' };
  const result = await (await staffTotp()).verify(staffSubject(account.id), code);
  if (!result.ok) {
    await audit('staff_code_failure', { actor: account.username, ip: clientAddress });
    if (attempts >= MAX_CODE_FAILURES_PER_CHALLENGE) {
      await db.deleteFrom('staff_sessions').where('id_hash', '=', challenge.idHash).execute();
      return { ok: false, reason: 'restart' };
    }
    return { ok: false, reason: 'wrong' };
  }
  // Claim the half-session: only one request turns it into a session.
  const claimed = await db
    .deleteFrom('staff_sessions')
    .where('id_hash', '=', challenge.idHash)
    .where('stage', '=', 'code')
    .executeTakeFirst();
  if (claimed.numDeletedRows === 0n) return { ok: false, reason: 'restart' };
  await clear(key);
  const setCookie = await startStaffSession(request, { staffId: account.id, stage: 'active', ip: clientAddress }, now);
  await audit('staff_login_success', { actor: account.username, ip: clientAddress, detail: result.method });
  return {
    ok: true,
    staff: { id: account.id, username: account.username },
    setCookie,
    redirectTo: staffRedirect(challenge.redirectTo),
  };
}

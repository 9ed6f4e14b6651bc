import { app } from '../app.server';
import { isUnavailable } from '../coop/unavailable.server';
import type { AuthedMember } from './auth.server';
import { MAX_WRONG_CURRENT, PASSWORD_WINDOW_MS, reserveAttempt, wrongCurrentKey } from './login-limit.server';

/**
 * Re-authentication before a change of the account's security (ADR 090): the member's current
 * password, given in the same form, every time (a recent sign-in does not stand in for it). Every
 * password given is counted before it is checked, on the password change's counter (the same key and
 * limit, one atomic upsert), so parallel wrong passwords get no more checks than the limit allows.
 */

export type ReauthOutcome =
  | { ok: true }
  /** No password given: ask for it (nothing counted). */
  | { ok: false; reason: 'required' }
  | { ok: false; reason: 'wrong' }
  /** Too many wrong passwords in the window: not checked. */
  | { ok: false; reason: 'locked'; minutes: number }
  /** The core did not answer: nothing counted. */
  | { ok: false; reason: 'unavailable' };

/** Confirm that the member is at the keyboard before a change of the account's security. */
export async function confirmIdentity(
  member: AuthedMember,
  password: string,
  now = Date.now(),
): Promise<ReauthOutcome> {
  if (!password) return { ok: false, reason: 'required' };
  const { db, backend } = await app();
  const reservation = await reserveAttempt(
    db,
    wrongCurrentKey(member.membershipNo),
    MAX_WRONG_CURRENT,
    PASSWORD_WINDOW_MS,
    now,
  );
  if (!reservation.ok) {
    return { ok: false, reason: 'locked', minutes: Math.max(1, Math.ceil((reservation.retryAt - now) / 60_000)) };
  }
  let checked: Awaited<ReturnType<typeof backend.login>>;
  try {
    // The backend checks the password as at sign-in; the token it issues for that is handed straight back.
    checked = await backend.login({ membershipNo: member.membershipNo, password, remember: false });
  } catch (error) {
    await reservation.settle('void');
    if (isUnavailable(error)) return { ok: false, reason: 'unavailable' };
    throw error;
  }
  if (checked.ok) {
    await backend.logout({ token: checked.token }).catch(() => undefined);
    await reservation.settle('accepted');
    return { ok: true };
  }
  // A password that must be reset first was right, but the member is signed in: it counts as refused,
  // as everywhere else a password is not accepted.
  await reservation.settle('refused');
  return { ok: false, reason: 'wrong' };
}

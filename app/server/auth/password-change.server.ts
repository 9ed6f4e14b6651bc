import { app } from '../app.server';
import { audit } from '../audit.server';
import type { AuthedMember } from './auth.server';
import { isUnavailable } from '../coop/unavailable.server';
import type { MemberCredentials } from '../coop/types';
import { claimKey, IDEMPOTENCY_KEY_PATTERN, settleKey } from '../idempotency.server';
import { MAX_WRONG_CURRENT, PASSWORD_WINDOW_MS, reserveAttempt, wrongCurrentKey } from './login-limit.server';
import { endOtherSessions } from './session.server';

/**
 * The member's password change from the web form (ADR 037): the current password's attempts are
 * counted before it is checked, the form's one-time key makes a resubmission change nothing twice
 * (one change, one audit row), and a change whose outcome the backend did not tell (a timeout) is
 * reported as unknown, never as failed.
 */
export type PasswordChangeOutcome =
  /** Changed now. */
  | { kind: 'changed' }
  /** This form's key changed the password already: nothing more done, the same success answered. */
  | { kind: 'replayed' }
  | { kind: 'wrong_current' }
  | { kind: 'locked'; minutes: number }
  /** The backend did not answer in time, or this form's first submission is still running. */
  | { kind: 'unknown' };

/** The key's states in `idempotency_keys.result_ref`: '' while the change runs. */
const CHANGED = 'changed';
const UNKNOWN = 'unknown';

const scopeOf = (membershipNo: string) => `password:${membershipNo}`;

export async function changeMemberPassword(
  member: AuthedMember,
  input: { currentPassword: string; newPassword: string; signOutOthers: boolean },
  key: string,
  clientAddress: string | null,
): Promise<PasswordChangeOutcome> {
  if (!IDEMPOTENCY_KEY_PATTERN.test(key)) throw new RangeError('idempotency key has the wrong form');
  const { db, backend } = await app();
  const scope = scopeOf(member.membershipNo);
  const earlier = await claimKey(db, scope, key, Date.now());
  if (earlier) return earlier.firstRef === CHANGED ? { kind: 'replayed' } : { kind: 'unknown' };
  const settle = (ref: string) => settleKey(db, scope, key, ref);
  // Nothing happened: the same form may be sent again (after correcting the current password).
  const releaseKey = () =>
    db.deleteFrom('idempotency_keys').where('scope', '=', scope).where('key', '=', key).execute();

  const reservation = await reserveAttempt(
    db,
    wrongCurrentKey(member.membershipNo),
    MAX_WRONG_CURRENT,
    PASSWORD_WINDOW_MS,
  );
  if (!reservation.ok) {
    await releaseKey();
    return { kind: 'locked', minutes: Math.max(1, Math.ceil((reservation.retryAt - Date.now()) / 60_000)) };
  }

  let result: Awaited<ReturnType<typeof backend.changePassword>>;
  try {
    result = await backend.changePassword(member.credentials, {
      currentPassword: input.currentPassword,
      newPassword: input.newPassword,
    });
  } catch (error) {
    await reservation.settle('void');
    if (!isUnavailable(error)) {
      await releaseKey();
      throw error;
    }
    // Sent, but no answer: the core may have changed it. The key stays used, so a resubmission
    // cannot change it a second time; the member is told how to find out.
    await settle(UNKNOWN);
    await audit('password_change_failed', {
      membershipNo: member.membershipNo,
      ip: clientAddress,
      detail: 'outcome unknown',
    });
    return { kind: 'unknown' };
  }
  if (!result.ok) {
    await reservation.settle('refused');
    await releaseKey();
    await audit('password_change_failed', { membershipNo: member.membershipNo, ip: clientAddress });
    return { kind: 'wrong_current' };
  }
  await reservation.settle('accepted');
  await settle(CHANGED);
  if (input.signOutOthers) {
    await signOutEverywhere(member.membershipNo, { idHash: member.session.idHash, credentials: member.credentials });
  }
  await audit('password_changed', {
    membershipNo: member.membershipNo,
    ip: clientAddress,
    detail: input.signOutOthers ? 'other sessions and tokens ended' : null,
  });
  return { kind: 'changed' };
}

/**
 * Sign the member out everywhere (ADR 037): every web session and every sign-in waiting for its code
 * ends, and every bearer token the backend issued for them (the sessions' upstream tokens and API
 * tokens); `keep` names the one session and its token that stay (the device making the change). For a
 * password change with "sign out of other devices", a forgotten-password reset (no `keep`) and "sign
 * out everywhere".
 * In http mode the core keeps its own tokens: the sessions' tokens are logged out there one by one,
 * and tokens the member's apps hold from the core directly end by the core's rules.
 */
export async function signOutEverywhere(
  membershipNo: string,
  keep?: { idHash: string; credentials: MemberCredentials },
): Promise<{ sessions: number; tokens: number | null }> {
  const { db, backend } = await app();
  // Sign-ins waiting for their code end too: one started with the old password must not become a
  // session after it (their core tokens go back with the sessions').
  const pending = await db
    .deleteFrom('login_challenges')
    .where('membership_no', '=', membershipNo)
    .returning('upstream_token')
    .execute();
  const upstream = await endOtherSessions(membershipNo, keep?.idHash ?? '');
  await Promise.all(
    [...upstream, ...pending.map((row) => row.upstream_token)].map((token) =>
      backend.logout({ token }).catch(() => undefined),
    ),
  );
  const tokens = backend.revokeMemberTokens ? await backend.revokeMemberTokens(membershipNo, keep?.credentials) : null;
  return { sessions: upstream.length, tokens };
}

import { PASSWORD_MESSAGES } from '~/lib/forms/password-rules';

import { audit } from '../audit.server';
import { hashPassword, verifyPassword } from '../crypto.server';
import type { Db } from '../db/index.server';
import { loginKeys, reserveAttempt, type LoginLimits } from '../auth/login-limit.server';
import { findStaffById, staffSubject, type StaffAccount } from './accounts.server';
import { staffPasswordError } from './enrol.server';
import type { StaffUser } from './guard.server';
import { MAX_CODE_FAILURES_PER_ACCOUNT, staffCodeFailureKey, staffLimitSubject, staffTotp } from './login.server';

/**
 * A staff member's own account (ADR 101): change the password (the current one, then the new one twice
 * under the staff password policy; the other sessions of the account end) and make new recovery codes
 * (the current password again; shown once to this session). Wrong current passwords are counted before
 * the check, atomically, as members' are (ADR 036): five in 15 minutes, then neither form checks it.
 * And, for admins, unlocking another account's sign-in after wrong passwords or codes.
 */
export const MAX_WRONG_CURRENT = 5;
export const WRONG_CURRENT_WINDOW_MS = 15 * 60_000;
export const staffWrongCurrentKey = (id: number) => `password:staff:${id}`;

export const OWN_ACCOUNT_MESSAGES = {
  currentRequired: PASSWORD_MESSAGES.currentRequired,
  wrongCurrent: 'รหัสผ่านปัจจุบันไม่ถูกต้อง',
  sameAsCurrent: PASSWORD_MESSAGES.sameAsCurrent,
  locked: (minutes: number) => `กรอกรหัสผ่านปัจจุบันผิดหลายครั้งเกินไป กรุณาลองใหม่ในอีก ${minutes} นาที`,
  changed: 'เปลี่ยนรหัสผ่านเรียบร้อยแล้ว อุปกรณ์อื่นที่เข้าสู่ระบบด้วยบัญชีนี้ถูกออกจากระบบแล้ว',
  codesMade: 'สร้างรหัสสำรองชุดใหม่แล้ว รหัสชุดเดิมใช้ไม่ได้อีก',
  codesKept: 'บันทึกรหัสสำรองชุดใหม่แล้ว',
} as const;

export type OwnAccountFailure = { ok: false; field: 'current' | 'password'; message: string };

/** Checks the current password under the wrong-password counter; null when it is right. */
async function checkCurrent(
  db: Db,
  account: StaffAccount,
  current: string,
  now: number,
): Promise<OwnAccountFailure | null> {
  if (!current) return { ok: false, field: 'current', message: OWN_ACCOUNT_MESSAGES.currentRequired };
  const reservation = await reserveAttempt(
    db,
    staffWrongCurrentKey(account.id),
    MAX_WRONG_CURRENT,
    WRONG_CURRENT_WINDOW_MS,
    now,
  );
  if (!reservation.ok) {
    const minutes = Math.max(1, Math.ceil((reservation.retryAt - now) / 60_000));
    return { ok: false, field: 'current', message: OWN_ACCOUNT_MESSAGES.locked(minutes) };
  }
  if (!(await verifyPassword(account.passwordHash, current))) {
    await reservation.settle('refused');
    return { ok: false, field: 'current', message: OWN_ACCOUNT_MESSAGES.wrongCurrent };
  }
  await reservation.settle('accepted');
  return null;
}

/**
 * Change the signed-in staff member's password. On success every other session of the account ends
 * (the one making the change, `sessionIdHash`, stays) and `staff_password_changed` is recorded; a
 * wrong current password records `staff_password_change_failed`.
 */
export async function changeOwnPassword(
  db: Db,
  user: StaffUser,
  sessionIdHash: string,
  input: { current: string; password: string; confirm: string },
  now = Date.now(),
): Promise<{ ok: true; sessionsEnded: number } | OwnAccountFailure> {
  const account = await findStaffById(db, user.id);
  if (!account?.passwordHash) return { ok: false, field: 'current', message: OWN_ACCOUNT_MESSAGES.wrongCurrent };
  if (!input.current) return { ok: false, field: 'current', message: OWN_ACCOUNT_MESSAGES.currentRequired };
  const problem = await staffPasswordError(input.password, input.confirm, account);
  if (problem) return { ok: false, field: 'password', message: problem };
  if (input.password === input.current) {
    return { ok: false, field: 'password', message: OWN_ACCOUNT_MESSAGES.sameAsCurrent };
  }
  const wrong = await checkCurrent(db, account, input.current, now);
  if (wrong) {
    await audit('staff_password_change_failed', {
      actor: account.username,
      detail: wrong.message === OWN_ACCOUNT_MESSAGES.wrongCurrent ? 'wrong current password' : 'locked',
    });
    return wrong;
  }
  const hash = await hashPassword(input.password);
  const ended = await db.transaction().execute(async (trx) => {
    await trx
      .updateTable('staff_accounts')
      .set({ password_hash: hash, updated_at: now })
      .where('id', '=', account.id)
      .execute();
    const result = await trx
      .deleteFrom('staff_sessions')
      .where('staff_id', '=', account.id)
      .where('id_hash', '!=', sessionIdHash)
      .executeTakeFirst();
    return Number(result.numDeletedRows);
  });
  await audit('staff_password_changed', { actor: account.username, detail: `other sessions ended=${ended}` });
  return { ok: true, sessionsEnded: ended };
}

/**
 * Replace the signed-in staff member's recovery codes, after the current password: the new codes are
 * kept sealed for this session (`sessionIdHash`) to show once, as at enrolment; the old ones stop working.
 */
export async function regenerateOwnRecoveryCodes(
  db: Db,
  user: StaffUser,
  sessionIdHash: string,
  current: string,
  now = Date.now(),
): Promise<{ ok: true } | OwnAccountFailure> {
  const account = await findStaffById(db, user.id);
  if (!account?.passwordHash) return { ok: false, field: 'current', message: OWN_ACCOUNT_MESSAGES.wrongCurrent };
  const wrong = await checkCurrent(db, account, current, now);
  if (wrong) {
    if (current) await audit('staff_recovery_codes_refused', { actor: account.username });
    return wrong;
  }
  const codes = await (await staffTotp()).regenerateRecoveryCodes(staffSubject(account.id), sessionIdHash);
  if (!codes) return { ok: false, field: 'current', message: OWN_ACCOUNT_MESSAGES.wrongCurrent };
  await audit('staff_recovery_codes_regenerated', { actor: account.username });
  return { ok: true };
}

/** The keys of the counters that can stop `username` (account `id`) signing in, and their limits. */
function signInCounters(id: number, username: string, limits: LoginLimits) {
  const keys = loginKeys(staffLimitSubject(username), null);
  return {
    backoff: { key: keys.member, limit: limits.memberBackoff },
    pairPrefix: keys.pair.slice(0, -'unknown'.length),
    pairLimit: limits.perMemberAddress,
    code: { key: staffCodeFailureKey(id), limit: MAX_CODE_FAILURES_PER_ACCOUNT },
  };
}

/** The keys of the account's sign-in counters that exist now (at every address). */
async function signInCounterRows(db: Db, id: number, username: string, limits: LoginLimits, now: number) {
  const c = signInCounters(id, username, limits);
  const rows = await db
    .selectFrom('rate_limits')
    .select(['key', 'count', 'reset_at'])
    .where((eb) =>
      eb.or([eb('key', '=', c.backoff.key), eb('key', '=', c.code.key), eb('key', 'like', `${c.pairPrefix}%`)]),
    )
    .where('reset_at', '>', now)
    .execute();
  // LIKE treats `_` (allowed in usernames) as any character: only this account's own keys are kept.
  return {
    counters: c,
    rows: rows.filter((r) => r.key === c.backoff.key || r.key === c.code.key || r.key.startsWith(c.pairPrefix)),
  };
}

/** True when wrong passwords (at some address, or from everywhere) or wrong codes now keep the account out. */
export async function staffSignInLocked(
  db: Db,
  account: { id: number; username: string },
  limits: LoginLimits,
  now = Date.now(),
): Promise<boolean> {
  const { counters: c, rows } = await signInCounterRows(db, account.id, account.username, limits, now);
  // Each limit refuses the next attempt once the count has reached it (login-limit.server.ts, login.server.ts).
  const limitOf = (key: string) =>
    key === c.backoff.key ? c.backoff.limit : key === c.code.key ? c.code.limit : c.pairLimit;
  return rows.some((r) => r.count >= limitOf(r.key));
}

/**
 * An admin unlocks an account's sign-in: its wrong-password counters (at every address and from
 * everywhere) and its wrong-code counter are forgotten, deleted by their exact keys. The per-address
 * counter (all accounts from one address) is not the account's and stays. Answers how many were removed.
 */
export async function unlockStaffSignIn(
  db: Db,
  account: { id: number; username: string },
  limits: LoginLimits,
  now = Date.now(),
): Promise<number> {
  const { rows } = await signInCounterRows(db, account.id, account.username, limits, now);
  if (!rows.length) return 0;
  const result = await db
    .deleteFrom('rate_limits')
    .where(
      'key',
      'in',
      rows.map((r) => r.key),
    )
    .executeTakeFirst();
  return Number(result.numDeletedRows);
}

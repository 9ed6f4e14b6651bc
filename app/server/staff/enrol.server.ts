import { site } from '~/config/site';
import { PASSWORD_MAX, PASSWORD_MESSAGES, PASSWORD_MIN } from '~/lib/forms/password-rules';

import { qrSvg } from '../auth/account-security.server';
import { app } from '../app.server';
import { audit } from '../audit.server';
import { hashPassword, randomToken, sha256 } from '../crypto.server';
import { passwordPolicyError } from '../auth/password-policy.server';
import { clear, hit, peek } from '../rate-limit.server';
import { claimEnrolToken, findByEnrolToken, findStaffById, markEnrolled, staffSubject } from './accounts.server';
import { staffTotp } from './login.server';
import { lookupStaffSession, startStaffSession, type StaffSessionRow } from './session.server';

/**
 * A new staff account's enrolment (ADR 059), from the one-time link: first the password (the members'
 * password policy), which spends the link and starts an enrolment session in this browser; then the
 * authenticator (QR code and the secret as text), confirmed with a code; then the recovery codes, shown
 * once. Only then is the account usable.
 */

/** Wrong confirmation codes per account in the window. */
export const MAX_ENROL_FAILURES = 10;
const ENROL_WINDOW_MS = 15 * 60_000;

export const STAFF_PASSWORD_MESSAGES = {
  ...PASSWORD_MESSAGES,
  containsUsername: 'รหัสผ่านต้องไม่ประกอบด้วยชื่อผู้ใช้หรือชื่อของท่าน',
} as const;

/** The password rules for a staff account: length, the common-password list, not the names, not the cooperative's. */
export async function staffPasswordError(
  password: string,
  confirm: string,
  who: { username: string; displayName: string },
): Promise<string | null> {
  if (!password) return PASSWORD_MESSAGES.newRequired;
  const length = [...password].length;
  if (length < PASSWORD_MIN) return PASSWORD_MESSAGES.tooShort;
  if (length > PASSWORD_MAX) return PASSWORD_MESSAGES.tooLong;
  if (!confirm) return PASSWORD_MESSAGES.confirmRequired;
  if (confirm !== password) return PASSWORD_MESSAGES.mismatch;
  const [firstName, ...rest] = who.displayName.split(/\s+/);
  const error = await passwordPolicyError(password, {
    membershipNo: who.username,
    firstName: firstName ?? null,
    lastName: rest.join(' ') || null,
  });
  if (error === PASSWORD_MESSAGES.containsMembershipNo || error === PASSWORD_MESSAGES.containsPersonal) {
    return STAFF_PASSWORD_MESSAGES.containsUsername;
  }
  return error;
}

export type EnrolPasswordOutcome =
  { ok: true; setCookie: string } | { ok: false; reason: 'link' } | { ok: false; reason: 'password'; message: string };

/** Step 1: set the password with the link's token. */
export async function enrolPassword(
  request: Request,
  input: { token: string; password: string; confirm: string },
  clientAddress: string | null,
  now = Date.now(),
): Promise<EnrolPasswordOutcome> {
  const { db } = await app();
  const account = await findByEnrolToken(db, input.token, now);
  if (!account) return { ok: false, reason: 'link' };
  const problem = await staffPasswordError(input.password, input.confirm, account);
  if (problem) return { ok: false, reason: 'password', message: problem };
  const claimed = await claimEnrolToken(db, input.token, await hashPassword(input.password), now);
  if (!claimed) return { ok: false, reason: 'link' };
  const totp = await staffTotp();
  const subject = staffSubject(claimed.id);
  await totp.disable(subject);
  await totp.startEnrolment(subject);
  await audit('staff_enrol_password_set', { actor: claimed.username, ip: clientAddress });
  const setCookie = await startStaffSession(request, { staffId: claimed.id, stage: 'enrol', ip: clientAddress }, now);
  return { ok: true, setCookie };
}

/** The enrolment session of this browser, or null. */
export async function enrolSession(request: Request): Promise<StaffSessionRow | null> {
  const found = await lookupStaffSession(request);
  return found.status === 'found' && found.session.stage === 'enrol' ? found.session : null;
}

/**
 * Step 2's page: the secret as text, as a QR code (server-made SVG) and as its `otpauth://` link, which
 * opens the authenticator app when the page is read on the phone itself.
 */
export async function enrolmentView(
  session: StaffSessionRow,
): Promise<{ secret: string; qr: string; uri: string } | null> {
  const { db } = await app();
  const account = await findStaffById(db, session.staffId);
  if (!account) return null;
  const totp = await staffTotp();
  const subject = staffSubject(account.id);
  const pending =
    (await totp.pendingEnrolment(subject, authenticatorLabel(account.username))) ??
    ((await totp.startEnrolment(subject))
      ? await totp.pendingEnrolment(subject, authenticatorLabel(account.username))
      : null);
  return pending ? { secret: pending.secret, qr: await qrSvg(pending.uri), uri: pending.uri } : null;
}

export function authenticatorLabel(username: string) {
  return { issuer: `${site.shortNameTh} เจ้าหน้าที่`, account: username };
}

export type EnrolConfirmOutcome =
  | { ok: true; setCookie: string }
  | { ok: false; reason: 'wrong' | 'required' }
  | { ok: false; reason: 'locked'; minutes: number };

/** Step 2: confirm the authenticator; the account is enrolled and signed in (a new session id). */
export async function confirmEnrolment(
  request: Request,
  session: StaffSessionRow,
  code: string,
  clientAddress: string | null,
  now = Date.now(),
): Promise<EnrolConfirmOutcome> {
  if (!code.trim()) return { ok: false, reason: 'required' };
  const { db } = await app();
  const account = await findStaffById(db, session.staffId);
  if (!account) return { ok: false, reason: 'wrong' };
  const key = `totp:enrol:staff:${account.id}`;
  const count = (await peek([key], now)).get(key);
  if (count && count.count >= MAX_ENROL_FAILURES) {
    return { ok: false, reason: 'locked', minutes: Math.max(1, Math.ceil((count.resetAt - now) / 60_000)) };
  }
  // The recovery codes are kept for the session about to start, which shows them once.
  const id = randomToken();
  const result = await (await staffTotp()).confirmEnrolment(staffSubject(account.id), code, sha256(id));
  if (!result.ok) {
    await hit(key, ENROL_WINDOW_MS, now);
    await audit('staff_enrol_code_failure', { actor: account.username, ip: clientAddress });
    return { ok: false, reason: 'wrong' };
  }
  await clear(key);
  await markEnrolled(db, account.id, now);
  const setCookie = await startStaffSession(
    request,
    { staffId: account.id, stage: 'active', ip: clientAddress, id },
    now,
  );
  await audit('staff_enrolled', { actor: account.username, ip: clientAddress });
  return { ok: true, setCookie };
}

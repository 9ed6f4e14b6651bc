import { ChangePasswordSchema, PASSWORD_MESSAGES } from '~/lib/forms/password';
import { REGISTER_MESSAGES, type RegisterMode } from '~/lib/forms/register';

import { app } from '../../app.server';
import { audit } from '../../audit.server';
import { env } from '../../env.server';
import { MAX_WRONG_CURRENT, PASSWORD_WINDOW_MS, reserveAttempt, wrongCurrentKey } from '../../auth/login-limit.server';
import { signOutEverywhere } from '../../auth/password-change.server';
import { passwordPolicyError } from '../../auth/password-policy.server';
import type { MemberRequest } from './api.server';
import { embeddedBackend, field, notFound, overLimit, refuseStaff, vendorJson } from './api.server';

/**
 * The account actions of the vendor API (ADR 019): register and forget (§4.2) and `member_pass`
 * (§6.9), with the web forms' rules — the same validation, password policy, rate-limit counters and
 * audit events — and the vendor's envelopes. Register and forget refuse (ADR 038).
 */

/** What the API answers to register and forget: a code sent to the member is needed (ADR 038). */
export function apiIdentityRefusal(mode: RegisterMode): string {
  const where = `${env().publicUrl}/member/${mode}`;
  return `${mode === 'register' ? 'การลงทะเบียน' : 'การตั้งรหัสผ่านใหม่'}ต้องยืนยันด้วยรหัสที่ส่งไปยังอีเมลหรือโทรศัพท์มือถือของสมาชิก กรุณาทำรายการที่เว็บไซต์ ${where}`;
}

/**
 * `POST /api/member/auth/register` and `…/forget` (ADR 038): knowing a member's identity must not set
 * a password, and the contract's single step has no code, so both refuse with the vendor's validation
 * shape (HTTP 200 `{errors:[…]}`) and point to the website's two-step flow. No identity is checked:
 * the answer is the same for everybody.
 */
export async function vendorIdentityAction(
  mode: RegisterMode,
  _request: Request,
  clientAddress: string | null,
): Promise<Response> {
  const backend = await embeddedBackend();
  if (!backend) return notFound();
  await audit(`${mode}_failure`, { ip: clientAddress, detail: 'api refused: one-time code required' });
  return vendorJson({ errors: [apiIdentityRefusal(mode)] });
}

/**
 * `POST /api/member/member_pass` with `{mem_password, mem_oldpassword}`: `rc_code` 1, -1 or 0. A
 * change ends the member's web sessions and other tokens; the token that made it keeps working.
 */
export async function vendorChangePassword(
  { backend, cred, body }: MemberRequest,
  clientAddress: string | null,
): Promise<Response> {
  const newPassword = field(body, 'mem_password');
  const parsed = ChangePasswordSchema.safeParse({
    currentPassword: field(body, 'mem_oldpassword'),
    newPassword,
    confirmPassword: newPassword,
  });
  if (!parsed.success) return vendorJson({ rc_code: '0', rc_des: parsed.error.issues[0]?.message ?? '' });
  // The password is the member's alone (ADR 010): a token staff hold through a link cannot change it.
  const refused = await refuseStaff(cred, 'change_password', clientAddress);
  if (refused) return refused;
  const profile = await backend.getMemberProfile(cred);
  const { membershipNo } = profile;
  const policy = await passwordPolicyError(parsed.data.newPassword, profile);
  if (policy) return vendorJson({ rc_code: '0', rc_des: policy });
  // Counted before the current password is checked (ADR 036), with the web form's counter.
  const { db } = await app();
  const reservation = await reserveAttempt(db, wrongCurrentKey(membershipNo), MAX_WRONG_CURRENT, PASSWORD_WINDOW_MS);
  if (!reservation.ok) {
    const minutes = Math.max(1, Math.ceil((reservation.retryAt - Date.now()) / 60_000));
    return overLimit(REGISTER_MESSAGES.tooMany(minutes), minutes);
  }
  let result: Awaited<ReturnType<typeof backend.changePassword>>;
  try {
    result = await backend.changePassword(cred, parsed.data);
  } catch (error) {
    await reservation.settle('void');
    throw error;
  }
  if (!result.ok) {
    await reservation.settle('refused');
    await audit('password_change_failed', { membershipNo, ip: clientAddress, detail: 'api' });
    return vendorJson({ rc_code: '-1', rc_des: PASSWORD_MESSAGES.wrongCurrent });
  }
  await reservation.settle('accepted');
  // As the web change with "sign out of other devices" (ADR 037, 092): every web session and every
  // other bearer token of the member ends; the calling token stays, as the vendor's client keeps it.
  await signOutEverywhere(membershipNo, { idHash: '', credentials: cred });
  await audit('password_changed', { membershipNo, ip: clientAddress, detail: 'api; other sessions and tokens ended' });
  return vendorJson({ rc_code: '1', rc_des: PASSWORD_MESSAGES.changed });
}

import { ChangePasswordSchema, PASSWORD_MESSAGES } from '~/lib/forms/password';
import { REGISTER_MESSAGES, type RegisterMode } from '~/lib/forms/register';

import { audit } from '../../audit.server';
import { env } from '../../env.server';
import { passwordPolicyError } from '../../password-policy.server';
import { clear, hit, peek } from '../../rate-limit.server';
import type { MemberRequest } from './api.server';
import { embeddedBackend, field, notFound, vendorJson } from './api.server';

/**
 * The account actions of the vendor API (ADR 019): register and forget (§4.2) and `member_pass`
 * (§6.9), with the web forms' rules — the same validation, password policy, rate-limit counters and
 * audit events — and the vendor's envelopes. Register and forget refuse (ADR 038).
 */

/** As the web's password change: wrong current passwords per member and window. */
const MAX_WRONG_CURRENT = 5;
const PASSWORD_WINDOW_MS = 15 * 60_000;

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

/** `POST /api/member/member_pass` with `{mem_password, mem_oldpassword}`: `rc_code` 1, -1 or 0. */
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
  const profile = await backend.getMemberProfile(cred);
  const { membershipNo } = profile;
  const key = `password:member:${membershipNo}`;
  const count = (await peek([key])).get(key);
  if (count && count.count >= MAX_WRONG_CURRENT) {
    const minutes = Math.max(1, Math.ceil((count.resetAt - Date.now()) / 60_000));
    return vendorJson({ rc_code: '0', rc_des: REGISTER_MESSAGES.tooMany(minutes) }, 429);
  }
  const policy = await passwordPolicyError(parsed.data.newPassword, profile);
  if (policy) return vendorJson({ rc_code: '0', rc_des: policy });
  const result = await backend.changePassword(cred, parsed.data);
  if (!result.ok) {
    await hit(key, PASSWORD_WINDOW_MS);
    await audit('password_change_failed', { membershipNo, ip: clientAddress, detail: 'api' });
    return vendorJson({ rc_code: '-1', rc_des: PASSWORD_MESSAGES.wrongCurrent });
  }
  await clear(key);
  await audit('password_changed', { membershipNo, ip: clientAddress, detail: 'api' });
  return vendorJson({ rc_code: '1', rc_des: PASSWORD_MESSAGES.changed });
}

import * as z from 'zod';

import { membershipNoField } from '~/lib/forms/fields';
import { nationalIdField, thaiNameField } from '~/lib/forms/identity';
import { ChangePasswordSchema, PASSWORD_MESSAGES, newPasswordField } from '~/lib/forms/password';
import { REGISTER_MESSAGES, type RegisterMode } from '~/lib/forms/register';

import { audit } from '../../audit.server';
import { env } from '../../env.server';
import { passwordPolicyError } from '../../password-policy.server';
import { clear, hit, peek } from '../../rate-limit.server';
import { IDENTITY_MISMATCH } from '../embedded-account.server';
import type { MemberRequest } from './api.server';
import { embeddedBackend, field, notFound, readBody, vendorJson } from './api.server';

/**
 * The account actions of the vendor API (ADR 019): register and forget (§4.2) and `member_pass`
 * (§6.9), with the web forms' rules — the same validation, password policy, rate-limit counters and
 * audit events — and the vendor's envelopes: `{rc_code:"1", messages}` on success, `{errors:[…]}`
 * (HTTP 200) when the identity does not match, HTTP 400 `{error}` for a malformed request.
 */

/** As the web form's identity check: every well-formed attempt counts (register/forget share them). */
const IDENTITY_WINDOW_MS = 15 * 60_000;
/** As the web's password change: wrong current passwords per member and window. */
const MAX_WRONG_CURRENT = 5;
const PASSWORD_WINDOW_MS = 15 * 60_000;

const IdentityBody = z.object({
  membershipNo: membershipNoField,
  nationalId: nationalIdField,
  firstName: thaiNameField(REGISTER_MESSAGES.firstNameRequired),
  lastName: thaiNameField(REGISTER_MESSAGES.lastNameRequired),
  // The vendor's API takes the Gregorian date (the web form's Buddhist-era one is converted there).
  birthDate: z.iso.date(REGISTER_MESSAGES.birthDateRequired),
  password: newPasswordField,
});

/** `POST /api/member/auth/register` and `…/forget`. */
export async function vendorIdentityAction(
  mode: RegisterMode,
  request: Request,
  clientAddress: string | null,
): Promise<Response> {
  const backend = await embeddedBackend();
  if (!backend) return notFound();
  const body = await readBody(request);
  const parsed = IdentityBody.safeParse({
    membershipNo: field(body, 'membership_no'),
    nationalId: field(body, 'id_card'),
    firstName: field(body, 'member_name'),
    lastName: field(body, 'member_surname'),
    birthDate: field(body, 'date_of_birth'),
    password: field(body, 'password'),
  });
  if (!parsed.success) {
    return vendorJson({ error: parsed.error.issues[0]?.message ?? IDENTITY_MISMATCH, membership_no: null }, 400);
  }
  const input = parsed.data;
  const now = Date.now();
  const limits = env();
  const [byAddress, byMember] = await Promise.all([
    hit(`identity:address:${clientAddress ?? 'unknown'}`, IDENTITY_WINDOW_MS, now),
    hit(`identity:member:${input.membershipNo}`, IDENTITY_WINDOW_MS, now),
  ]);
  const blockedUntil = Math.max(
    byAddress.count > limits.IDENTITY_MAX_PER_ADDRESS ? byAddress.resetAt : 0,
    byMember.count > limits.IDENTITY_MAX_PER_MEMBER ? byMember.resetAt : 0,
  );
  if (blockedUntil > now) {
    await audit(`${mode}_failure`, { membershipNo: input.membershipNo, ip: clientAddress, detail: 'api rate_limited' });
    const minutes = Math.max(1, Math.ceil((blockedUntil - now) / 60_000));
    return vendorJson({ error: REGISTER_MESSAGES.tooMany(minutes), membership_no: null }, 400);
  }
  const policy = await passwordPolicyError(input.password, input);
  if (policy) return vendorJson({ error: policy, membership_no: null }, 400);

  const meta = { ip: clientAddress, userAgent: request.headers.get('user-agent') };
  const outcome =
    mode === 'register' ? await backend.registerMember(input, meta) : await backend.resetForgottenPassword(input, meta);
  if (!outcome.ok) {
    await audit(`${mode}_failure`, {
      membershipNo: input.membershipNo,
      ip: clientAddress,
      detail: `api ${outcome.errors.join('; ')}`.slice(0, 300),
    });
    return vendorJson({ errors: outcome.errors });
  }
  await audit(`${mode}_success`, { membershipNo: input.membershipNo, ip: clientAddress, detail: 'api' });
  return vendorJson({ rc_code: '1', messages: outcome.message });
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

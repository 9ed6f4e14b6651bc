import * as z from 'zod';

import { membershipNoField } from '~/lib/forms/fields';
import { LOGIN_MESSAGES } from '~/lib/forms/login';

import { audit } from '../../audit.server';
import { app } from '../../app.server';
import { loginLimits, reserveLoginAttempt } from '../../auth/login-limit.server';
import type { LoginResult } from '../types';
import { embeddedBackend, field, notFound, readBody, vendorJson } from './api.server';
import { loginMember } from './member.server';
import { vendorSecondFactor } from './second-factor.server';

/**
 * The contract's credential refusal, word for word (HTTP 401): the vendor's clients show it, and a
 * front in http mode tells a wrong password from an outage by it. Our own pages say it our way.
 */
export const VENDOR_LOGIN_REFUSED = 'เข้าสู่ระบบ ไม่สำเร็จ ชื่อผู้ใช้หรือรหัสผ่านผิด';

/** What the vendor's login reads: `membership_no`, `mem_password`, `remember` (§4.1). */
const LoginBody = z.object({
  membership_no: membershipNoField,
  mem_password: z.string().min(1).max(200),
});

/**
 * `POST /api/member/auth/login` (ADR 019): the vendor's answers — 200 `{token, member, token_type,
 * expires_in}`, 401 `{error}` for wrong credentials, 406 `{error, membership_no:null,
 * reset_status:true}` when the password must be changed first, 400 `{error}` while locked out. The
 * failure counters are the web login's (same keys, same limits, ADR 036): a member or an address locked out
 * on one is locked out on the other.
 */
export async function vendorLogin(request: Request, clientAddress: string | null): Promise<Response> {
  const backend = await embeddedBackend();
  if (!backend) return notFound();
  const body = await readBody(request);
  const parsed = LoginBody.safeParse({
    membership_no: field(body, 'membership_no'),
    mem_password: field(body, 'mem_password'),
  });
  if (!parsed.success) return vendorJson({ error: VENDOR_LOGIN_REFUSED }, 401);
  const membershipNo = parsed.data.membership_no;
  const remember = body.remember === true || body.remember === '1' || body.remember === 'true' || body.remember === 1;

  // The web login's counters and limits (ADR 036): counted before the password is checked.
  const { db, env: config } = await app();
  const reservation = await reserveLoginAttempt(db, membershipNo, clientAddress, loginLimits(config));
  if (!reservation.ok) {
    await audit('login_locked', { membershipNo, ip: clientAddress, detail: `api ${reservation.reason}` });
    const minutes = Math.max(1, Math.ceil((reservation.retryAt - Date.now()) / 60_000));
    // The vendor's lock-out answer: HTTP 400 `{error}` (without `membership_no`, which means maintenance).
    return vendorJson({ error: LOGIN_MESSAGES.locked(minutes) }, 400);
  }

  let result: LoginResult;
  try {
    result = await backend.login({ membershipNo, password: parsed.data.mem_password, remember });
  } catch (error) {
    await reservation.settle('void');
    throw error;
  }
  if (!result.ok) {
    if (result.reason !== 'invalid_credentials') {
      await reservation.settle('void');
      await audit('login_failure', { membershipNo, ip: clientAddress, detail: `api ${result.reason}` });
      return vendorJson({ error: LOGIN_MESSAGES.resetRequired, membership_no: null, reset_status: true }, 406);
    }
    const { lockedOut } = await reservation.settle('refused');
    await audit('login_failure', { membershipNo, ip: clientAddress, detail: 'api' });
    if (lockedOut) await audit('lockout', { membershipNo, ip: clientAddress, detail: 'api' });
    return vendorJson({ error: VENDOR_LOGIN_REFUSED }, 401);
  }
  await reservation.settle('accepted');
  const refused = await vendorSecondFactor(
    backend,
    { membershipNo: result.member.membershipNo, token: result.token },
    body.otp,
    clientAddress,
  );
  if (refused) return refused;
  await audit('login_success', { membershipNo, ip: clientAddress, detail: 'api' });
  return vendorJson({
    token: result.token,
    member: loginMember(result.member),
    token_type: 'bearer',
    expires_in: result.expiresInSeconds,
  });
}

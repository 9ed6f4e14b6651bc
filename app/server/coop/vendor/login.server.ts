import * as z from 'zod';

import { membershipNoField } from '~/lib/forms/fields';
import { LOGIN_MESSAGES } from '~/lib/forms/login';

import { audit } from '../../audit.server';
import { env } from '../../env.server';
import { clear, hit, peek } from '../../rate-limit.server';
import { embeddedBackend, field, notFound, readBody, vendorJson } from './api.server';
import { loginMember } from './member.server';
import { vendorSecondFactor } from './second-factor.server';

/** What the vendor's login reads: `membership_no`, `mem_password`, `remember` (§4.1). */
const LoginBody = z.object({
  membership_no: membershipNoField,
  mem_password: z.string().min(1).max(200),
});

/**
 * `POST /api/member/auth/login` (ADR 019): the vendor's answers — 200 `{token, member, token_type,
 * expires_in}`, 401 `{error}` for wrong credentials, 406 `{error, membership_no:null,
 * reset_status:true}` when the password must be changed first, 400 `{error}` while locked out. The
 * failure counters are the web login's (same keys, same limits): a member or an address locked out
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
  if (!parsed.success) return vendorJson({ error: LOGIN_MESSAGES.invalid }, 401);
  const membershipNo = parsed.data.membership_no;
  const remember = body.remember === true || body.remember === '1' || body.remember === 'true' || body.remember === 1;

  const config = env();
  const windowMs = config.LOGIN_WINDOW_MINUTES * 60_000;
  const memberKey = `login:member:${membershipNo}`;
  const addressKey = `login:address:${clientAddress ?? 'unknown'}`;
  const counts = await peek([memberKey, addressKey]);
  const lockedUntil = Math.max(
    (counts.get(memberKey)?.count ?? 0) >= config.LOGIN_MAX_FAILURES_PER_MEMBER
      ? (counts.get(memberKey)?.resetAt ?? 0)
      : 0,
    (counts.get(addressKey)?.count ?? 0) >= config.LOGIN_MAX_FAILURES_PER_ADDRESS
      ? (counts.get(addressKey)?.resetAt ?? 0)
      : 0,
  );
  if (lockedUntil > Date.now()) {
    await audit('login_locked', { membershipNo, ip: clientAddress, detail: 'api' });
    const minutes = Math.max(1, Math.ceil((lockedUntil - Date.now()) / 60_000));
    // The vendor's lock-out answer: HTTP 400 `{error}` (without `membership_no`, which means maintenance).
    return vendorJson({ error: LOGIN_MESSAGES.locked(minutes) }, 400);
  }

  const result = await backend.login({ membershipNo, password: parsed.data.mem_password, remember });
  if (!result.ok) {
    if (result.reason === 'password_reset_required') {
      await audit('login_failure', { membershipNo, ip: clientAddress, detail: 'api password_reset_required' });
      return vendorJson({ error: LOGIN_MESSAGES.resetRequired, membership_no: null, reset_status: true }, 406);
    }
    const [member] = await Promise.all([hit(memberKey, windowMs), hit(addressKey, windowMs)]);
    await audit('login_failure', { membershipNo, ip: clientAddress, detail: 'api' });
    if (member.count === config.LOGIN_MAX_FAILURES_PER_MEMBER) {
      await audit('lockout', { membershipNo, ip: clientAddress, detail: 'api' });
    }
    return vendorJson({ error: LOGIN_MESSAGES.invalid }, 401);
  }
  await clear(memberKey);
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

import { SECOND_FACTOR_MESSAGES } from '~/lib/forms/second-factor';

import { audit } from '../../audit.server';
import { checkMemberCode, secondFactorEnabled } from '../../auth/second-factor.server';
import type { CoopBackend } from '../types';
import { vendorJson } from './api.server';

/**
 * The vendor API's login must not get round the second factor (ADR 040). After the password was
 * verified and a token issued: a member without TOTP passes (null); a member with it must send a
 * current code or an unused recovery code in `otp`, under the same per-member limit on wrong codes as
 * the code page. Otherwise the token just issued is revoked and the answer is the vendor's wrong-login
 * shape, HTTP 401 `{error}`, with a Thai message saying what is missing.
 */
export async function vendorSecondFactor(
  backend: CoopBackend,
  issued: { membershipNo: string; token: string },
  otp: unknown,
  clientAddress: string | null,
): Promise<Response | null> {
  const { membershipNo } = issued;
  if (!(await secondFactorEnabled(membershipNo))) return null;
  const code = typeof otp === 'string' || typeof otp === 'number' ? String(otp).slice(0, 64) : '';
  const result = code ? await checkMemberCode(membershipNo, code) : null;
  if (result?.ok) return null;
  await backend.logout({ token: issued.token }).catch(() => undefined);
  if (result && result.lockedMinutes !== null) {
    await audit('second_factor_failure', { membershipNo, ip: clientAddress, detail: 'api; locked' });
    return vendorJson({ error: SECOND_FACTOR_MESSAGES.locked(result.lockedMinutes) }, 400);
  }
  await audit(code ? 'second_factor_failure' : 'second_factor_required', {
    membershipNo,
    ip: clientAddress,
    detail: 'api',
  });
  return vendorJson({ error: code ? SECOND_FACTOR_MESSAGES.codeWrong : SECOND_FACTOR_MESSAGES.apiCodeRequired }, 401);
}

import { audit } from '../../../audit.server';
import { redeemImpersonation } from '../../../auth/auth.server';
import { env } from '../../../env.server';
import { CoopAuthError } from '../../types';
import { vendorIdentityAction } from '../account.server';
import {
  bearerToken,
  embeddedBackend,
  field,
  memberRoute,
  methodNotAllowed,
  notFound,
  readBody,
  tokenRecord,
  TOKEN_EXPIRED,
  tokenRefused,
  vendorJson,
} from '../api.server';
import type { Endpoint } from '../endpoints.server';
import { vendorLogin } from '../login.server';
import { loginMember } from '../member.server';

/** Vendor API (ADR 019): `POST /api/member/auth/login` issues a bearer token with an expiry. */
export const login: Endpoint = {
  action({ request, context }) {
    return vendorLogin(request, context.clientAddress);
  },
};

/** Vendor API (ADR 019): `POST /api/member/auth/logout` ends the bearer token. */
export const logout: Endpoint = {
  action({ request }) {
    return memberRoute(
      request,
      async ({ backend, cred }) => {
        await backend.logout(cred);
        return vendorJson({ message: 'ออกจากระบบ เรียบร้อยแล้ว' });
      },
      { terms: 'skip' },
    );
  },
};

/**
 * Vendor API (ADR 019, 024, 092): `POST /api/member/auth/refresh` exchanges a bearer token that still
 * holds for a new one, in the login's shape; the old one stops working. The new token ends when the
 * old one would have (`expires_in` is what is left of the login): a refresh never extends a login. An
 * expired token, or one staff hold through an impersonation link, is refused as the vendor refuses a
 * token (HTTP 400 `{error}`). Every exchange and every refusal is audited, without the token.
 */
export const refresh: Endpoint = {
  async action({ request, context }) {
    if (request.method !== 'POST') return methodNotAllowed();
    const backend = await embeddedBackend();
    if (!backend) return notFound();
    const ip = context.clientAddress;
    const token = bearerToken(request);
    if (!token) {
      await audit('api_token_refresh_refused', { ip, detail: 'api; token absent' });
      return tokenRefused('token absent');
    }
    const known = await tokenRecord(token);
    const membershipNo = known?.membershipNo ?? null;
    try {
      const grant = await backend.refresh({ token });
      const profile = await backend.getMemberProfile({ token: grant.token });
      await audit('api_token_refreshed', { membershipNo, ip, detail: 'api' });
      return vendorJson({
        token: grant.token,
        member: loginMember(profile),
        token_type: 'bearer',
        expires_in: grant.expiresInSeconds,
      });
    } catch (error) {
      if (!(error instanceof CoopAuthError)) throw error;
      const why = !known
        ? 'unknown token'
        : known.actingStaff !== null
          ? `staff token; staff=${known.actingStaff}`
          : known.expiresAt <= Date.now()
            ? 'expired'
            : 'already exchanged';
      await audit('api_token_refresh_refused', { membershipNo, ip, detail: `api; ${why}` });
      // The vendor checks the token (`auth:api`) before it refreshes: an expired one is "expired".
      return tokenRefused(known !== null && known.expiresAt <= Date.now() ? TOKEN_EXPIRED : undefined);
    }
  },
};

/** Vendor API (ADR 019): `POST /api/member/auth/getAuthUser`: `{rc_code: 1}` while the token holds. */
export const getAuthUser: Endpoint = {
  action({ request }) {
    // The vendor sends the number 1 here (a string everywhere else).
    // A member who has not accepted the terms still holds a good token (ADR 093).
    return memberRoute(request, async () => vendorJson({ rc_code: 1 }), { terms: 'skip' });
  },
};

/** Vendor API (ADR 019): `POST /api/member/auth/register` (identity check, then a new password). */
export const register: Endpoint = {
  action({ request, context }) {
    return vendorIdentityAction('register', request, context.clientAddress);
  },
};

/** Vendor API (ADR 019): `POST /api/member/auth/forget` (identity check, then a new password). */
export const forget: Endpoint = {
  action({ request, context }) {
    return vendorIdentityAction('forget', request, context.clientAddress);
  },
};

/**
 * Sahakorn API (ADR 025; the vendor's impersonation is its back office's): `POST
 * /api/member/auth/impersonate` with `{t}`, the `t` of a staff link printed here by `npm run
 * impersonate` (ADR 010). A front in http mode whose visitor opened the link passes it on: this
 * server uses up the grant, which only it keeps, and answers the member's token in the login's shape
 * with the staff and the grant; HTTP 403 `{error}` for any refused link, the reason only in this
 * server's audit log. Without IMPERSONATION_SECRET the endpoint does not exist. Links are signed and
 * single-use: holding one is what opening it on the site needs, no more.
 */
export const impersonate: Endpoint = {
  async action({ request, context }) {
    if (request.method !== 'POST') return methodNotAllowed();
    const secret = env().IMPERSONATION_SECRET;
    if (!(await embeddedBackend()) || !secret) return notFound();
    const redeemed = await redeemImpersonation(field(await readBody(request), 't'), secret, context.clientAddress);
    if (!redeemed.ok) return vendorJson({ error: 'link refused' }, 403);
    const about = `staff=${redeemed.staff}; grant=${redeemed.grant}`;
    await audit('impersonation_started', {
      membershipNo: redeemed.member.membershipNo,
      ip: context.clientAddress,
      detail: `${about}; via api`,
    });
    return vendorJson({
      token: redeemed.token,
      token_type: 'bearer',
      expires_in: redeemed.expiresInSeconds,
      member: loginMember(redeemed.member),
      staff: redeemed.staff,
      grant: redeemed.grant,
    });
  },
};

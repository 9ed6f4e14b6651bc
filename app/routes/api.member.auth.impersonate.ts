import type { ActionFunctionArgs } from '@remix-run/node';

import { audit } from '~/server/audit.server';
import { redeemImpersonation } from '~/server/auth/auth.server';
import {
  embeddedBackend,
  field,
  methodNotAllowed,
  notFound,
  readBody,
  vendorJson,
} from '~/server/coop/vendor/api.server';
import { loginMember } from '~/server/coop/vendor/member.server';
import { env } from '~/server/env.server';

/**
 * Sahakorn API (ADR 025; the vendor's impersonation is its back office's): `POST
 * /api/member/auth/impersonate` with `{t}`, the `t` of a staff link printed here by `npm run
 * impersonate` (ADR 010). A front in http mode whose visitor opened the link passes it on: this
 * server uses up the grant, which only it keeps, and answers the member's token in the login's shape
 * with the staff and the grant; HTTP 403 `{error}` for any refused link, the reason only in this
 * server's audit log. Without IMPERSONATION_SECRET the route does not exist. Links are signed and
 * single-use: holding one is what opening it on the site needs, no more.
 */
export const loader = () => methodNotAllowed();

export async function action({ request, context }: ActionFunctionArgs) {
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
}

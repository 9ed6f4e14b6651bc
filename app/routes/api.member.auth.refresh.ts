import type { ActionFunctionArgs } from '@remix-run/node';

import { CoopAuthError } from '~/server/coop/types';
import {
  bearerToken,
  embeddedBackend,
  methodNotAllowed,
  notFound,
  tokenRefused,
  vendorJson,
} from '~/server/coop/vendor/api.server';
import { loginMember } from '~/server/coop/vendor/member.server';

/**
 * Vendor API (ADR 019, 024): `POST /api/member/auth/refresh` exchanges the bearer token — still valid,
 * or expired within the refresh window — for a new one, in the login's shape; the old one stops working.
 */
export const loader = () => methodNotAllowed();

export async function action({ request }: ActionFunctionArgs) {
  if (request.method !== 'POST') return methodNotAllowed();
  const backend = await embeddedBackend();
  if (!backend) return notFound();
  const token = bearerToken(request);
  if (!token) return tokenRefused('token absent');
  try {
    const grant = await backend.refresh({ token });
    const profile = await backend.getMemberProfile({ token: grant.token });
    return vendorJson({
      token: grant.token,
      member: loginMember(profile),
      token_type: 'bearer',
      expires_in: grant.expiresInSeconds,
    });
  } catch (error) {
    if (error instanceof CoopAuthError) return tokenRefused();
    throw error;
  }
}

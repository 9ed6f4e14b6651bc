import type { ActionFunctionArgs } from '@remix-run/node';

import { methodNotAllowed } from '~/server/coop/vendor/api.server';
import { vendorLogin } from '~/server/coop/vendor/login.server';

/** Vendor API (ADR 019): `POST /api/member/auth/login` issues a bearer token with an expiry. */
export const loader = () => methodNotAllowed();

export function action({ request, context }: ActionFunctionArgs) {
  return vendorLogin(request, context.clientAddress);
}

import type { ActionFunctionArgs } from '@remix-run/node';

import { memberRoute, methodNotAllowed, vendorJson } from '~/server/coop/vendor/api.server';

/** Vendor API (ADR 019): `POST /api/member/auth/getAuthUser`: `{rc_code: 1}` while the token holds. */
export const loader = () => methodNotAllowed();

export function action({ request }: ActionFunctionArgs) {
  // The vendor sends the number 1 here (a string everywhere else).
  return memberRoute(request, async () => vendorJson({ rc_code: 1 }));
}

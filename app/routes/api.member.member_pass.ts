import type { ActionFunctionArgs } from '@remix-run/node';

import { vendorChangePassword } from '~/server/coop/vendor/account.server';
import { memberRoute, methodNotAllowed } from '~/server/coop/vendor/api.server';

/** Vendor API (ADR 019): `POST /api/member/member_pass`: the member's password change. */
export const loader = () => methodNotAllowed();

export function action({ request, context }: ActionFunctionArgs) {
  return memberRoute(request, (call) => vendorChangePassword(call, context.clientAddress));
}

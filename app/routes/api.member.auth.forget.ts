import type { ActionFunctionArgs } from '@remix-run/node';

import { vendorIdentityAction } from '~/server/coop/vendor/account.server';
import { methodNotAllowed } from '~/server/coop/vendor/api.server';

/** Vendor API (ADR 019): `POST /api/member/auth/forget` (identity check, then a new password). */
export const loader = () => methodNotAllowed();

export function action({ request, context }: ActionFunctionArgs) {
  return vendorIdentityAction('forget', request, context.clientAddress);
}

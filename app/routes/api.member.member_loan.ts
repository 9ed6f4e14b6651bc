import type { ActionFunctionArgs } from '@remix-run/node';

import { memberRoute, methodNotAllowed, vendorJson } from '~/server/coop/vendor/api.server';
import { memberLoanBody } from '~/server/coop/vendor/member.server';

/** Vendor API (ADR 019): `POST /api/member/member_loan`: the loans still owing and their collateral. */
export const loader = () => methodNotAllowed();

export function action({ request }: ActionFunctionArgs) {
  return memberRoute(request, async ({ backend, cred }) => vendorJson(memberLoanBody(await backend.getLoans(cred))));
}

import type { ActionFunctionArgs } from '@remix-run/node';

import { memberRoute, methodNotAllowed, vendorJson } from '~/server/coop/vendor/api.server';
import { memberDivBody } from '~/server/coop/vendor/member.server';

/** Vendor API (ADR 019): `POST /api/member/member_div`: dividends and average returns by year. */
export const loader = () => methodNotAllowed();

export function action({ request }: ActionFunctionArgs) {
  return memberRoute(request, async ({ backend, cred }) => vendorJson(memberDivBody(await backend.getDividends(cred))));
}

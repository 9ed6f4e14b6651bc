import type { ActionFunctionArgs } from '@remix-run/node';

import { memberRoute, methodNotAllowed, vendorJson } from '~/server/coop/vendor/api.server';
import { memberStatusBody } from '~/server/coop/vendor/member.server';

/** Vendor API (ADR 019): `POST /api/member/member_status`: the member (`data1[0]`) and its totals. */
export const loader = () => methodNotAllowed();

export function action({ request }: ActionFunctionArgs) {
  return memberRoute(request, async ({ backend, cred }) => {
    const [profile, share, loans, accounts] = await Promise.all([
      backend.getMemberProfile(cred),
      backend.getShareSummary(cred),
      backend.getLoans(cred),
      backend.getDepositAccounts(cred),
    ]);
    return vendorJson(memberStatusBody(profile, { share, loans, accounts }));
  });
}

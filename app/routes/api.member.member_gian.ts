import type { ActionFunctionArgs } from '@remix-run/node';

import { memberRoute, methodNotAllowed, vendorJson } from '~/server/coop/vendor/api.server';
import { memberGianBody } from '~/server/coop/vendor/member.server';

/** Vendor API (ADR 019): `POST /api/member/member_gian`: the beneficiaries. */
export const loader = () => methodNotAllowed();

export function action({ request }: ActionFunctionArgs) {
  return memberRoute(request, async ({ backend, cred }) => {
    const [profile, beneficiaries] = await Promise.all([
      backend.getMemberProfile(cred),
      backend.getBeneficiaries(cred),
    ]);
    return vendorJson(memberGianBody(profile.membershipNo, beneficiaries));
  });
}

import type { ActionFunctionArgs } from '@remix-run/node';

import { memberRoute, methodNotAllowed, vendorJson } from '~/server/coop/vendor/api.server';
import { memberCremBody } from '~/server/coop/vendor/member.server';

/** Vendor API (ADR 019): `POST /api/member/member_crem`: the member's cremation-association record. */
export const loader = () => methodNotAllowed();

export function action({ request }: ActionFunctionArgs) {
  return memberRoute(request, async ({ backend, cred }) => {
    const [profile, bills] = await Promise.all([backend.getMemberProfile(cred), backend.getCollections(cred, 'crem')]);
    return vendorJson(memberCremBody(profile, bills));
  });
}

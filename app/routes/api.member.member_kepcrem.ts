import type { ActionFunctionArgs } from '@remix-run/node';

import { memberRoute, methodNotAllowed, vendorJson } from '~/server/coop/vendor/api.server';
import { memberKepBody } from '~/server/coop/vendor/member.server';

/**
 * Sahakorn API (ADR 025; not in the vendor's web API): `POST /api/member/member_kepcrem`: the
 * cremation association's monthly bills, in the shape of `member_kep`.
 */
export const loader = () => methodNotAllowed();

export function action({ request }: ActionFunctionArgs) {
  return memberRoute(request, async ({ backend, cred }) =>
    vendorJson(memberKepBody(await backend.getCollections(cred, 'crem'))),
  );
}

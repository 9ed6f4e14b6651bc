import type { ActionFunctionArgs } from '@remix-run/node';

import { memberRoute, methodNotAllowed, vendorJson } from '~/server/coop/vendor/api.server';
import { memberWelfareBody } from '~/server/coop/vendor/member.server';

/**
 * Sahakorn API (ADR 025; not in the vendor's web API): `POST /api/member/member_welfare`: the
 * welfare received (`welfare_receive`) and the welfare the member is entitled to (`welfare_right`).
 */
export const loader = () => methodNotAllowed();

export function action({ request }: ActionFunctionArgs) {
  return memberRoute(request, async ({ backend, cred }) =>
    vendorJson(memberWelfareBody(await backend.getWelfare(cred))),
  );
}

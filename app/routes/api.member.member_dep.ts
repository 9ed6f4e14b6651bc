import type { ActionFunctionArgs } from '@remix-run/node';

import { memberRoute, methodNotAllowed, vendorJson } from '~/server/coop/vendor/api.server';
import { memberDepBody } from '~/server/coop/vendor/member.server';

/** Vendor API (ADR 019): `POST /api/member/member_dep`: the open deposit accounts. */
export const loader = () => methodNotAllowed();

export function action({ request }: ActionFunctionArgs) {
  return memberRoute(request, async ({ backend, cred }) =>
    vendorJson(memberDepBody(await backend.getDepositAccounts(cred))),
  );
}

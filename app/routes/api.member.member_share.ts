import type { ActionFunctionArgs } from '@remix-run/node';

import { memberRoute, methodNotAllowed, pathOf, statementQuery, vendorJson } from '~/server/coop/vendor/api.server';
import { memberShareBody } from '~/server/coop/vendor/member.server';

/** Vendor API (ADR 019): `POST /api/member/member_share?page=N`: the head and a statement page of 10. */
export const loader = () => methodNotAllowed();

export function action({ request }: ActionFunctionArgs) {
  return memberRoute(request, async ({ backend, cred }) => {
    const { from: _from, to: _to, ...query } = statementQuery(request, {});
    const [summary, page] = await Promise.all([backend.getShareSummary(cred), backend.getShareStatement(cred, query)]);
    return vendorJson(memberShareBody(summary, page, pathOf(request)));
  });
}

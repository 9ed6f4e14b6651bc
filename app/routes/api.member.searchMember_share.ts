import type { ActionFunctionArgs } from '@remix-run/node';

import { memberRoute, methodNotAllowed, pathOf, statementQuery, vendorJson } from '~/server/coop/vendor/api.server';
import { memberShareBody } from '~/server/coop/vendor/member.server';

/**
 * Vendor API (ADR 019): `POST /api/member/searchMember_share?page=N` with `inputdatepickerstart` /
 * `inputdatepickerend` (Buddhist-era `DD/MM/BBBB`). Without dates the vendor's controller builds
 * nothing and answers an empty body: so does this one.
 */
export const loader = () => methodNotAllowed();

export function action({ request }: ActionFunctionArgs) {
  return memberRoute(request, async ({ backend, cred, body }) => {
    const query = statementQuery(request, body);
    if (!query.from && !query.to) {
      return new Response('', {
        status: 200,
        headers: { 'Cache-Control': 'no-store', 'Content-Type': 'application/json' },
      });
    }
    const [summary, page] = await Promise.all([backend.getShareSummary(cred), backend.getShareStatement(cred, query)]);
    return vendorJson(memberShareBody(summary, page, pathOf(request)));
  });
}

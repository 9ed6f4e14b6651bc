import type { ActionFunctionArgs } from '@remix-run/node';

import { memberRoute, methodNotAllowed, pathOf, statementQuery, vendorJson } from '~/server/coop/vendor/api.server';
import { depStatementBody } from '~/server/coop/vendor/member.server';

/**
 * Vendor API (ADR 019): `POST /api/member/member_dep_statement/{account}?page=N`. An account that is
 * not the token's member's gets the vendor's 401 `{error}` (not a token refusal).
 */
export const loader = () => methodNotAllowed();

export function action({ request, params }: ActionFunctionArgs) {
  return memberRoute(request, async ({ backend, cred, body }) => {
    const accountNo = params.no ?? '';
    const query = statementQuery(request, body);
    const [account, page] = await Promise.all([
      backend.getDepositAccount(cred, accountNo),
      backend.getDepositStatement(cred, accountNo, query),
    ]);
    if (!account || !page) return vendorJson({ error: 'บัญชีเงินฝาก ไม่ถูกต้อง' }, 401);
    return vendorJson(depStatementBody(account, page, pathOf(request)));
  });
}

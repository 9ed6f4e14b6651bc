import type { ActionFunctionArgs } from '@remix-run/node';

import { memberRoute, methodNotAllowed, pathOf, statementQuery, vendorJson } from '~/server/coop/vendor/api.server';
import { loanStatementBody } from '~/server/coop/vendor/member.server';

/**
 * Vendor API (ADR 019): `POST /api/member/member_loan_statement/{contract}?page=N`. A contract that
 * is not the token's member's gets the vendor's 401 `{error}` (not a token refusal).
 */
export const loader = () => methodNotAllowed();

export function action({ request, params }: ActionFunctionArgs) {
  return memberRoute(request, async ({ backend, cred, body }) => {
    const contractNo = params.no ?? '';
    const query = statementQuery(request, body);
    const [loan, page] = await Promise.all([
      backend.getLoan(cred, contractNo),
      backend.getLoanStatement(cred, contractNo, query),
    ]);
    if (!loan || !page) return vendorJson({ error: 'สัญญาเงินกู้ ไม่ถูกต้อง' }, 401);
    return vendorJson(loanStatementBody(loan, page, pathOf(request)));
  });
}

import type { ActionFunctionArgs } from '@remix-run/node';

import { memberRoute, methodNotAllowed, vendorJson } from '~/server/coop/vendor/api.server';

/**
 * Vendor API (ADR 019): `POST /api/member/termofconditional`: `rc_code` "1" when the member has
 * accepted the current terms, "0" with the terms' text when not; 404 `{rc_code: "0"}` when none are
 * published.
 */
export const loader = () => methodNotAllowed();

export function action({ request }: ActionFunctionArgs) {
  return memberRoute(request, async ({ backend, cred }) => {
    const [status, terms] = await Promise.all([backend.getTermsStatus(cred), backend.getTerms()]);
    if (!terms) return vendorJson({ rc_code: '0' }, 404);
    return vendorJson(status.accepted ? { rc_code: '1' } : { rc_code: '0', data: terms.html });
  });
}

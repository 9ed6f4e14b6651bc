import type { ActionFunctionArgs } from '@remix-run/node';

import { field, memberRoute, methodNotAllowed, refuseStaff, vendorJson } from '~/server/coop/vendor/api.server';
import { SAVED_MESSAGE } from '~/server/coop/vendor/board.server';

/** The longest `agent` a client may name for the member's browser. */
const MAX_AGENT_LENGTH = 500;

/**
 * Sahakorn API (ADR 025; the vendor accepts the terms only at registration):
 * `POST /api/member/termofconditional_accept` with `{agent?}` records that the member accepted the
 * current terms (HTTP 403 `{error}`, audited, for a token staff hold through an impersonation
 * link), with the address this server sees and the browser the front names (`agent`, else
 * the request's own User-Agent). HTTP 404 `{rc_code: "0"}` when no terms are published.
 */
export const loader = () => methodNotAllowed();

export function action({ request, context }: ActionFunctionArgs) {
  return memberRoute(request, async ({ backend, cred, body }) => {
    // Consent is the member's own (ADR 010): a token staff hold through a link cannot give it.
    const refused = await refuseStaff(cred, 'accept_terms', context.clientAddress);
    if (refused) return refused;
    if (!(await backend.getTerms())) return vendorJson({ rc_code: '0' }, 404);
    const agent = field(body, 'agent');
    const userAgent =
      agent.trim() && agent.length <= MAX_AGENT_LENGTH ? agent : request.headers.get('User-Agent') || null;
    await backend.acceptTerms(cred, { ip: context.clientAddress ?? null, userAgent });
    return vendorJson({ rc_code: '1', rc_des: SAVED_MESSAGE });
  });
}

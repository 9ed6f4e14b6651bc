import type { LoaderFunctionArgs } from '@remix-run/node';

import { infoRoute, methodNotAllowed, vendorJson } from '~/server/coop/vendor/api.server';
import { demandShowBody, vendorRecordId } from '~/server/coop/vendor/board.server';

/** A feed is read with GET: any other method is the vendor's 405, in JSON. */
export const action = () => methodNotAllowed();

/**
 * Sahakorn API (ADR 025): `GET /api/info/demand_show/{No}`: one demand item with the cooperative's
 * answer, or `{showdemand: null}`.
 */
export function loader({ request, params }: LoaderFunctionArgs) {
  return infoRoute(request, async (backend) => {
    const id = vendorRecordId(params.no ?? '');
    return vendorJson(demandShowBody(id === null ? null : await backend.getDemandItem(id)));
  });
}

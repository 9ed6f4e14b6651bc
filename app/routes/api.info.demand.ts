import type { LoaderFunctionArgs } from '@remix-run/node';

import { infoRoute, methodNotAllowed, pathOf, vendorJson, vendorPage } from '~/server/coop/vendor/api.server';
import { VENDOR_DEMAND_PAGE, demandListBody } from '~/server/coop/vendor/board.server';

/** A feed is read with GET: any other method is the vendor's 405, in JSON. */
export const action = () => methodNotAllowed();

/**
 * Sahakorn API (ADR 025; the vendor's web API has no demand feed): `GET /api/info/demand?page=N`: a
 * page of 10 demand items.
 */
export function loader({ request }: LoaderFunctionArgs) {
  return infoRoute(request, async (backend) => {
    const page = await backend.listDemandItems({ page: vendorPage(request), pageSize: VENDOR_DEMAND_PAGE });
    return vendorJson(demandListBody(page, pathOf(request)));
  });
}

import type { LoaderFunctionArgs } from '@remix-run/node';

import { infoRoute, methodNotAllowed, pathOf, vendorJson, vendorPage } from '~/server/coop/vendor/api.server';
import { VENDOR_BOARD_PAGE, boardListBody } from '~/server/coop/vendor/board.server';

/** A feed is read with GET: any other method is the vendor's 405, in JSON. */
export const action = () => methodNotAllowed();

/**
 * Vendor API (ADR 019, ADR 025): `GET /api/info/board?page=N`: a page of 15 board topics. The
 * vendor's list wants a login; ours is public, as the board is.
 */
export function loader({ request }: LoaderFunctionArgs) {
  return infoRoute(request, async (backend) => {
    const page = await backend.listBoardTopics({ page: vendorPage(request), pageSize: VENDOR_BOARD_PAGE });
    return vendorJson(boardListBody(page, pathOf(request)));
  });
}

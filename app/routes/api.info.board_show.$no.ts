import type { LoaderFunctionArgs } from '@remix-run/node';

import { infoRoute, methodNotAllowed, vendorJson } from '~/server/coop/vendor/api.server';
import { boardShowBody, unknownBoardShowBody, vendorRecordId } from '~/server/coop/vendor/board.server';

/** A feed is read with GET: any other method is the vendor's 405, in JSON. */
export const action = () => methodNotAllowed();

/**
 * Vendor API (ADR 019, ADR 025): `GET /api/info/board_show/{No}`: the topic, its answers as the
 * vendor's HTML and as `board_ans` rows; `{showboard: null}` (HTTP 200) for a topic not shown.
 */
export function loader({ request, params }: LoaderFunctionArgs) {
  return infoRoute(request, async (backend) => {
    const id = vendorRecordId(params.no ?? '');
    const topic = id === null ? null : await backend.getBoardTopic(id);
    return vendorJson(topic ? boardShowBody(topic) : unknownBoardShowBody());
  });
}

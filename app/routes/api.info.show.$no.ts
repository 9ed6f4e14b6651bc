import type { LoaderFunctionArgs } from '@remix-run/node';

import { infoRoute, methodNotAllowed, vendorJson } from '~/server/coop/vendor/api.server';
import { infoShowBody, unknownShowBody } from '~/server/coop/vendor/info.server';

/** A feed is read with GET: any other method is the vendor's 405, in JSON. */
export const action = () => methodNotAllowed();

/** Vendor API (ADR 019): `GET /api/info/show/{no}`: one published item, or `{show: null}`. */
export function loader({ request, params }: LoaderFunctionArgs) {
  return infoRoute(request, async (backend) => {
    const no = /^\d{1,10}$/.test(params.no ?? '') ? Number(params.no) : 0;
    const item = no ? await backend.getContentItem(no) : null;
    return vendorJson(item ? infoShowBody(item) : unknownShowBody());
  });
}

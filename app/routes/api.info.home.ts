import type { LoaderFunctionArgs } from '@remix-run/node';

import { infoRoute, methodNotAllowed, vendorJson } from '~/server/coop/vendor/api.server';
import { infoHomeBody } from '~/server/coop/vendor/info.server';

/** A feed is read with GET: any other method is the vendor's 405, in JSON. */
export const action = () => methodNotAllowed();

/** Vendor API (ADR 019): `GET /api/info/home`: banners, the latest news and the activity pictures. */
export function loader({ request }: LoaderFunctionArgs) {
  return infoRoute(request, async (backend) => vendorJson(infoHomeBody(await backend.getHomeContent())));
}

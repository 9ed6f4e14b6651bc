import type { LoaderFunctionArgs } from '@remix-run/node';

import { infoRoute, vendorJson } from '~/server/coop/vendor/api.server';
import { infoHomeBody } from '~/server/coop/vendor/info.server';

/** Vendor API (ADR 019): `GET /api/info/home`: banners, the latest news and the activity pictures. */
export function loader({ request }: LoaderFunctionArgs) {
  return infoRoute(request, async (backend) => vendorJson(infoHomeBody(await backend.getHomeContent())));
}

import type { LoaderFunctionArgs } from '@remix-run/node';

import { infoRoute, methodNotAllowed, vendorJson } from '~/server/coop/vendor/api.server';
import { infoManuBody } from '~/server/coop/vendor/info.server';

/** A feed is read with GET: any other method is the vendor's 405, in JSON. */
export const action = () => methodNotAllowed();

/** Vendor API (ADR 019): `GET /api/info/manu`: the menu and the footer's phone numbers. */
export function loader({ request }: LoaderFunctionArgs) {
  return infoRoute(request, async (backend) => {
    const [menu, phones] = await Promise.all([backend.getMenu(), backend.getFooterPhones()]);
    return vendorJson(infoManuBody(menu, phones));
  });
}

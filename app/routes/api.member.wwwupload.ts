import type { ActionFunctionArgs } from '@remix-run/node';

import { memberRoute, methodNotAllowed } from '~/server/coop/vendor/api.server';
import { vendorUpload } from '~/server/coop/vendor/photo.server';

/** Vendor API (ADR 019, 024): `POST /api/member/wwwupload` sets the token's member's profile photo. */
export const loader = () => methodNotAllowed();

export function action({ request }: ActionFunctionArgs) {
  return memberRoute(request, ({ backend, cred }) => vendorUpload(request, backend, cred), { readBody: false });
}

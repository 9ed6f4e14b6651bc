import type { ActionFunctionArgs } from '@remix-run/node';

import { memberRoute, methodNotAllowed, vendorJson } from '~/server/coop/vendor/api.server';

/** Vendor API (ADR 019): `POST /api/member/auth/logout` ends the bearer token. */
export const loader = () => methodNotAllowed();

export function action({ request }: ActionFunctionArgs) {
  return memberRoute(request, async ({ backend, cred }) => {
    await backend.logout(cred);
    return vendorJson({ message: 'ออกจากระบบ เรียบร้อยแล้ว' });
  });
}

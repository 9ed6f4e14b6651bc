import type { ActionFunctionArgs } from '@remix-run/node';
import { redirect } from '@remix-run/node';

import { STAFF_MESSAGES } from '~/lib/staff';
import { audit } from '~/server/audit.server';
import { setFlash } from '~/server/flash.server';
import { endStaffSession, lookupStaffSession } from '~/server/staff/session.server';
import { staffStore } from '~/server/staff/store.server';
import { PRIVATE_NO_STORE } from '~/server/http/responses.server';
import { resourceRoute } from '~/server/errors.server';

/** Signing out is a POST (the layout's button); a visit to the address goes to the back office. */
export function loader() {
  return redirect('/staff', { headers: PRIVATE_NO_STORE });
}

export const action = resourceRoute(async ({ request, context }: ActionFunctionArgs) => {
  const found = await lookupStaffSession(request);
  if (found.status === 'found') {
    const { own } = await staffStore();
    const account = await own.accounts.findById(found.session.staffId);
    await audit('staff_logout', { actor: account?.username ?? null, ip: context.clientAddress });
  }
  const headers = new Headers(PRIVATE_NO_STORE);
  headers.append('Set-Cookie', await endStaffSession(request));
  headers.append('Set-Cookie', await setFlash({ kind: 'info', text: STAFF_MESSAGES.loggedOut }));
  return redirect('/staff/login', { headers });
});

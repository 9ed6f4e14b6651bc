import type { ActionFunctionArgs } from '@remix-run/node';
import { redirect } from '@remix-run/node';

import { LOGIN_MESSAGES } from '~/lib/forms/login';
import { logout } from '~/server/auth/auth.server';
import { markSignedOut } from '~/server/auth/session.server';
import { setFlash } from '~/server/flash.server';
import { resourceRoute } from '~/server/errors.server';

/** Logging out is a POST (a form in the member menu); a GET just goes to the login page. */
export async function loader() {
  return redirect('/member/logon');
}

export const action = resourceRoute(async ({ request, context }: ActionFunctionArgs) => {
  const headers = new Headers({ 'Cache-Control': 'private, no-store' });
  headers.append('Set-Cookie', await logout(request, context.clientAddress));
  // Another tab of this browser still shows member pages: its next click says the session ended.
  headers.append('Set-Cookie', await markSignedOut());
  headers.append('Set-Cookie', await setFlash({ kind: 'success', text: LOGIN_MESSAGES.loggedOut }));
  return redirect('/member/logon', { headers });
});

import { parseWithZod } from '@conform-to/zod/v4';
import type { ActionFunctionArgs } from '@remix-run/node';
import { json, redirect } from '@remix-run/node';

import { StaffSessionFormSchema } from '~/lib/forms/staff-session';
import { safeRedirect } from '~/lib/safe-redirect';
import { STAFF_MESSAGES } from '~/lib/staff';
import { setFlash } from '~/server/flash.server';
import { isStaffPath, requireStaff } from '~/server/staff/guard.server';
import { extendStaffSession } from '~/server/staff/session.server';
import { PRIVATE_NO_STORE } from '~/server/http/responses.server';
import { resourceRoute } from '~/server/errors.server';

/** Staying signed in is a POST (the warning's button); a visit to the address goes to the back office. */
export function loader() {
  return redirect('/staff', { headers: PRIVATE_NO_STORE });
}

/**
 * "Stay signed in" (ADR 116): extends the staff session's idle end now. The page's script asks for
 * JSON (`{expiresAt, now}`; `{ended: true}` with 401 once the session is gone, without sending the
 * page to the sign-in page, so what the editor typed stays on it); a plain form post goes back to its
 * page with a notice.
 */
export const action = resourceRoute(async ({ request }: ActionFunctionArgs) => {
  const wantsJson = (request.headers.get('Accept') ?? '').includes('application/json');
  try {
    await requireStaff(request);
  } catch (error) {
    if (wantsJson && error instanceof Response)
      return json({ ended: true }, { status: 401, headers: PRIVATE_NO_STORE });
    throw error;
  }
  const now = Date.now();
  const expiresAt = await extendStaffSession(request, now);
  if (wantsJson) {
    return expiresAt === null
      ? json({ ended: true }, { status: 401, headers: PRIVATE_NO_STORE })
      : json({ expiresAt, now }, { headers: PRIVATE_NO_STORE });
  }
  const submission = parseWithZod(await request.formData(), { schema: StaffSessionFormSchema });
  const back = safeRedirect(submission.status === 'success' ? submission.value.redirectTo : undefined, '/staff');
  const headers = new Headers(PRIVATE_NO_STORE);
  headers.append('Set-Cookie', await setFlash({ kind: 'success', text: STAFF_MESSAGES.sessionExtended }));
  return redirect(isStaffPath(back) ? back : '/staff', { status: 303, headers });
});

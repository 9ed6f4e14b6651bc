import type { ActionFunctionArgs } from '@remix-run/node';
import { json, redirect } from '@remix-run/node';

import { COOKIE_SETTINGS_TEXT } from '~/components/info/cookie-consent';
import { parseConsentForm } from '~/server/content/cookie-consent.server';
import { env } from '~/server/env.server';
import { setFlash } from '~/server/flash.server';
import { resourceRoute } from '~/server/errors.server';

/** Nothing to show here: a visitor who opens the URL goes to the home page. */
export function loader() {
  return redirect('/home');
}

/**
 * POST of the cookie banner and of the cookie policy page's settings (accept or reject). Without JavaScript: set the cookie and go back to
 * the page (303). The enhancement script asks for JSON and removes the banner itself.
 */
export const action = resourceRoute(async ({ request }: ActionFunctionArgs) => {
  const form = await request.formData();
  const outcome = parseConsentForm(form, env().secureCookies);
  const wantsJson = (request.headers.get('Accept') ?? '').includes('application/json');
  if (!outcome.ok) {
    return wantsJson ? json({ ok: false }, { status: 400 }) : redirect('/home', 303);
  }
  const headers = new Headers({ 'Set-Cookie': outcome.setCookie, 'Cache-Control': 'private, no-store' });
  if (wantsJson) return json({ ok: true, choice: outcome.choice }, { headers });
  // The cookie policy page's settings (ADR 115) say the choice was saved; the banner just goes away.
  if (form.get('settings') === '1') {
    headers.append('Set-Cookie', await setFlash({ kind: 'success', text: COOKIE_SETTINGS_TEXT.saved }));
  }
  return redirect(outcome.returnTo, { status: 303, headers });
});

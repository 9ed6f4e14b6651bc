import type { ActionFunctionArgs } from '@remix-run/node';
import { json, redirect } from '@remix-run/node';

import { parseConsentForm } from '~/server/content/cookie-consent.server';
import { env } from '~/server/env.server';

/** Nothing to show here: a visitor who opens the URL goes to the home page. */
export function loader() {
  return redirect('/home');
}

/**
 * POST of the cookie banner (accept or reject). Without JavaScript: set the cookie and go back to
 * the page (303). The enhancement script asks for JSON and removes the banner itself.
 */
export async function action({ request }: ActionFunctionArgs) {
  const outcome = parseConsentForm(await request.formData(), env().secureCookies);
  const wantsJson = (request.headers.get('Accept') ?? '').includes('application/json');
  if (!outcome.ok) {
    return wantsJson ? json({ ok: false }, { status: 400 }) : redirect('/home', 303);
  }
  const headers = { 'Set-Cookie': outcome.setCookie, 'Cache-Control': 'private, no-store' };
  return wantsJson
    ? json({ ok: true, choice: outcome.choice }, { headers })
    : redirect(outcome.returnTo, { status: 303, headers });
}

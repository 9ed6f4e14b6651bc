import { parse as parseCookie, serialize } from 'cookie';

import { safeRedirect } from '~/lib/safe-redirect';

/**
 * The cookie banner's choice (spec §3, §4, §9; ADR 013). The vendor's cookie name and values are
 * kept: `acceptCookie=Y` for two years, or `acceptCookie=N` for this browser session only, so a
 * visitor who refused is asked again on the next visit. Not signed: it is a preference, not a
 * credential, and a forged value only hides the banner.
 */
export const CONSENT_COOKIE = 'acceptCookie';
/** Spec §9: 63,072,000 seconds (2 years). */
export const CONSENT_MAX_AGE = 63_072_000;

export type ConsentChoice = 'Y' | 'N';

/** The choice recorded in the request's cookies, or null when the banner should show. */
export function readConsent(request: Request): ConsentChoice | null {
  const value = parseCookie(request.headers.get('Cookie') ?? '')[CONSENT_COOKIE];
  return value === 'Y' || value === 'N' ? value : null;
}

/** The Set-Cookie value recording `choice`: Y with Max-Age, N as a session cookie. */
export function consentCookie(choice: ConsentChoice, secure: boolean): string {
  return serialize(CONSENT_COOKIE, choice, {
    maxAge: choice === 'Y' ? CONSENT_MAX_AGE : undefined,
    path: '/',
    sameSite: 'lax',
    httpOnly: true,
    secure,
  });
}

export type ConsentOutcome = { ok: true; choice: ConsentChoice; setCookie: string; returnTo: string } | { ok: false };

/** Read the banner's form: `choice` Y or N, and the page to go back to (same-origin paths only). */
export function parseConsentForm(form: FormData, secure: boolean): ConsentOutcome {
  const choice = form.get('choice');
  if (choice !== 'Y' && choice !== 'N') return { ok: false };
  return {
    ok: true,
    choice,
    setCookie: consentCookie(choice, secure),
    returnTo: safeRedirect(form.get('returnTo'), '/home'),
  };
}

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
  const header = request.headers.get('Cookie') ?? '';
  for (const pair of header.split(';')) {
    const [name, value] = pair.split('=').map((s) => s.trim());
    if (name === CONSENT_COOKIE && (value === 'Y' || value === 'N')) return value;
  }
  return null;
}

/** The Set-Cookie value recording `choice`: Y with Max-Age, N as a session cookie. */
export function consentCookie(choice: ConsentChoice, secure: boolean): string {
  const parts = [`${CONSENT_COOKIE}=${choice}`, 'Path=/', 'SameSite=Lax', 'HttpOnly'];
  if (choice === 'Y') parts.splice(1, 0, `Max-Age=${CONSENT_MAX_AGE}`);
  if (secure) parts.push('Secure');
  return parts.join('; ');
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

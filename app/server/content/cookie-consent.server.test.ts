import { describe, expect, it } from 'vitest';

import { CONSENT_MAX_AGE, consentCookie, parseConsentForm, readConsent } from './cookie-consent.server';

/** A Set-Cookie value's parts, in any order (what a browser reads of it). */
const attributes = (setCookie: string) => setCookie.split('; ').sort();

const form = (entries: Record<string, string>) => {
  const data = new FormData();
  for (const [k, v] of Object.entries(entries)) data.set(k, v);
  return data;
};

describe('cookie consent', () => {
  it('accepting keeps acceptCookie=Y for 63072000 seconds', () => {
    expect(CONSENT_MAX_AGE).toBe(63_072_000);
    expect(attributes(consentCookie('Y', false))).toEqual(
      attributes('acceptCookie=Y; Max-Age=63072000; Path=/; SameSite=Lax; HttpOnly'),
    );
    expect(attributes(consentCookie('Y', true))).toContain('Secure');
  });

  it('refusing stores N for this browser session only', () => {
    const cookie = consentCookie('N', false);
    expect(attributes(cookie)).toEqual(attributes('acceptCookie=N; Path=/; SameSite=Lax; HttpOnly'));
    expect(cookie).not.toMatch(/Max-Age|Expires/i);
  });

  it('reads the choice from the Cookie header', () => {
    const request = (cookie?: string) =>
      new Request('http://x/home', cookie ? { headers: { Cookie: cookie } } : undefined);
    expect(readConsent(request())).toBeNull();
    expect(readConsent(request('a=1; acceptCookie=Y'))).toBe('Y');
    expect(readConsent(request('acceptCookie=N'))).toBe('N');
    expect(readConsent(request('acceptCookie=maybe'))).toBeNull();
    expect(readConsent(request('xacceptCookie=Y'))).toBeNull();
  });

  it('accepts only Y or N and returns to same-origin paths', () => {
    expect(parseConsentForm(form({ choice: 'X' }), false)).toEqual({ ok: false });
    const back = parseConsentForm(form({ choice: 'N', returnTo: '/list/news?page=2' }), false);
    expect(back).toMatchObject({ ok: true, choice: 'N', returnTo: '/list/news?page=2' });
    for (const evil of ['https://evil.example/', '//evil.example', '/\t/evil.example', 'javascript:alert(1)']) {
      expect(parseConsentForm(form({ choice: 'Y', returnTo: evil }), false)).toMatchObject({ returnTo: '/home' });
    }
  });
});

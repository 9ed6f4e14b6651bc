import { describe, expect, it } from 'vitest';

import { safeRedirect } from './safe-redirect';
import { HOSTILE_REDIRECTS } from './safe-redirect.vectors';

const ORIGIN = 'https://coop.example';

/** Where a browser goes when a response says `Location: <value>` on this site. */
const landing = (location: string) => new URL(location, `${ORIGIN}/member/logon`);

describe('safeRedirect', () => {
  it.each([
    ['/member/share', '/member/share'],
    ['/member/share?page=2', '/member/share?page=2'],
    ['/member/loan_statement/ส1234?page=3#top', '/member/loan_statement/%E0%B8%AA1234?page=3#top'],
    ['/home', '/home'],
    ['/member/./share', '/member/share'],
    ['/member/status/../share', '/member/share'],
  ])('keeps the same-origin path %s', (value, expected) => {
    expect(safeRedirect(value)).toBe(expected);
  });

  it('has a corpus of at least 30 hostile targets', () => {
    expect(HOSTILE_REDIRECTS.length).toBeGreaterThanOrEqual(30);
  });

  it.each(HOSTILE_REDIRECTS.map((v) => [v]))('never leaves the site for %j', (value) => {
    const result = safeRedirect(value);
    expect(result.startsWith('/')).toBe(true);
    expect(result.charAt(1)).not.toBe('/');
    expect(result.charAt(1)).not.toBe('\\');
    // Followed by a browser, once as sent and once more decoded by some later hop.
    expect(landing(result).origin).toBe(ORIGIN);
    expect(landing(decodeURIComponent(result)).origin).toBe(ORIGIN);
    expect(landing(result).host).not.toContain('evil');
  });

  it.each(['/.//evil.example', '/..//evil.example', '/%2e%2e//evil.example', '/%2F%2Fevil.example'])(
    'sends %j to the default page, not to //evil.example',
    (value) => {
      expect(safeRedirect(value)).toBe('/member/status');
    },
  );

  it('uses the fallback for missing values', () => {
    expect(safeRedirect(null)).toBe('/member/status');
    expect(safeRedirect(undefined, '/home')).toBe('/home');
  });
});

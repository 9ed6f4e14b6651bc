// What a browser and nginx may keep (ADR 114): public pages are revalidated on every view, member and
// staff pages and anything that sets a cookie are never stored.
import { describe, expect, it } from 'vitest';

import { applyCachePolicy } from './security.server';

function policy(pathname: string, status = 200, init: HeadersInit = {}) {
  const headers = new Headers(init);
  applyCachePolicy(headers, pathname, status);
  return { cacheControl: headers.get('Cache-Control'), vary: headers.get('Vary') };
}

describe('applyCachePolicy', () => {
  it('sends public lists that change when a visitor posts or staff publish as kept but asked about again', () => {
    for (const pathname of ['/board', '/boardShow/12', '/demand', '/list/news', '/home', '/search']) {
      expect(policy(pathname), pathname).toEqual({ cacheControl: 'public, no-cache', vary: 'Cookie' });
    }
  });

  it('never lets member, staff or demo pages, redirects or answers that set a cookie be stored', () => {
    expect(policy('/member').cacheControl).toBe('private, no-store');
    expect(policy('/member/kep').cacheControl).toBe('private, no-store');
    expect(policy('/staff/menu').cacheControl).toBe('private, no-store');
    expect(policy('/demo/outbox').cacheControl).toBe('private, no-store');
    expect(policy('/board', 303).cacheControl).toBe('private, no-store');
    expect(policy('/board', 200, { 'Set-Cookie': 'a=b' }).cacheControl).toBe('private, no-store');
  });

  it('leaves a public answer that says how long it may be kept as it is', () => {
    expect(policy('/search/fragment', 200, { 'Cache-Control': 'public, max-age=60' }).cacheControl).toBe(
      'public, max-age=60',
    );
  });
});

import { matchRoutes } from '@remix-run/react';
import { describe, expect, it } from 'vitest';

import { VENDOR_PATTERNS, matchVendorPath } from './paths.server';

/** Each endpoint as a Remix route of its own, and the splat that answers the rest: the table before ADR 079. */
const OWN_ROUTES = [...VENDOR_PATTERNS.map((pattern) => ({ path: pattern.slice(1) })), { path: 'api/*' }];

/** What Remix matched when every endpoint was its own route: the pattern and its parameters, or null. */
function remixMatch(pathname: string) {
  const match = matchRoutes(OWN_ROUTES, pathname)?.[0];
  if (!match || match.route.path === 'api/*') return null;
  return { pattern: `/${match.route.path}`, params: match.params };
}

describe('matchVendorPath', () => {
  it('names the endpoint and hands over its parameters, decoded', () => {
    expect(matchVendorPath('/api/info/home')).toEqual({ pattern: '/api/info/home', params: {} });
    expect(matchVendorPath('/api/member/member_dep_statement/0012345678')).toEqual({
      pattern: '/api/member/member_dep_statement/:no',
      params: { no: '0012345678' },
    });
    expect(matchVendorPath('/api/member/print_pdf/2025/3')).toEqual({
      pattern: '/api/member/print_pdf/:year/:month',
      params: { year: '2025', month: '3' },
    });
    expect(matchVendorPath('/api/info/list/%E0%B8%82%E0%B9%88%E0%B8%B2%E0%B8%A7')).toEqual({
      pattern: '/api/info/list/:category',
      params: { category: 'ข่าว' },
    });
  });

  it('prefers a fixed path to one with a parameter, and matches letters in either case', () => {
    expect(matchVendorPath('/api/info/list/smartsearch')?.pattern).toBe('/api/info/list/smartsearch');
    expect(matchVendorPath('/API/Info/List/SmartSearch/')?.pattern).toBe('/api/info/list/smartsearch');
    expect(matchVendorPath('/api/member/auth/getauthuser')?.pattern).toBe('/api/member/auth/getAuthUser');
    expect(matchVendorPath('/api/info/list/news')).toEqual({
      pattern: '/api/info/list/:category',
      params: { category: 'news' },
    });
  });

  it('serves no other path', () => {
    for (const path of [
      '/api',
      '/api/',
      '/api/info',
      '/api/info/show',
      '/api/info/show/',
      '/api/info/show/1/2',
      '/api//info/home',
      '/api/info//home',
      '/api/info%2Fhome',
      '/api/member/member_status/1',
      '/api/member/print_pdf/2025',
      '/api/member/auth/getAuthUserX',
    ]) {
      expect(matchVendorPath(path), path).toBeNull();
    }
  });

  it('matches every path exactly as Remix matched a route of its own to each endpoint', () => {
    const samples = [
      ...VENDOR_PATTERNS.map((pattern) => pattern.replace(/:\w+/g, '12')),
      ...VENDOR_PATTERNS.map((pattern) => `${pattern.replace(/:\w+/g, 'x').toUpperCase()}//`),
      '/api/info/show/1%2F2',
      '/api/info/show/%252F',
      '/api/info/show/%E0%B8%81',
      '/api/info/show/%E0',
      '/api/info/sh%6Fw/7',
      '/api/member/wwwupload/',
      '/api/member/\u212Aep',
      '/api/member/member_\u212Aep',
      '/api/info/list/smartsearch/x',
      '/api/info/board_show/',
      '/api/x',
      '/api',
    ];
    for (const path of samples) expect(matchVendorPath(path), path).toEqual(remixMatch(path));
  });
});

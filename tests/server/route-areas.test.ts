// The route areas (server/route-areas.js, ADR 086) against the real build: for a URL of every route,
// and for URLs no route has, the routes its area holds match exactly what the whole build matches.
import path from 'node:path';
import { pathToFileURL } from 'node:url';

import { matchRoutes } from '@remix-run/react';
import { describe, expect, it } from 'vitest';

import { createRouteAreas } from '../../server/route-areas.js';
import { BUILT } from './process';

type RouteObject = Parameters<typeof matchRoutes>[0][number];

interface ManifestRoute {
  id: string;
  parentId?: string;
  path?: string;
  index?: boolean;
  caseSensitive?: boolean;
}
interface Build {
  routes: Record<string, ManifestRoute>;
  assets: { routes: Record<string, ManifestRoute> };
}

/** The route tree Remix makes of a manifest (children under their parent, in the manifest's order). */
function tree(routes: Record<string, ManifestRoute>, parentId?: string): RouteObject[] {
  return Object.values(routes)
    .filter((route) => route.parentId === parentId)
    .map((route) =>
      route.index
        ? { id: route.id, index: true, path: route.path, caseSensitive: route.caseSensitive }
        : { id: route.id, path: route.path, caseSensitive: route.caseSensitive, children: tree(routes, route.id) },
    );
}

/** The ids Remix's router (as `@remix-run/react` exports it) matches for a request target in these routes. */
function matched(routes: Record<string, ManifestRoute>, target: string) {
  const { pathname } = new URL(`http://host${target}`);
  return matchRoutes(tree(routes), pathname)?.map((m) => m.route.id) ?? null;
}

/** A route's whole path, its ancestors' joined. */
function wholePath(routes: Record<string, ManifestRoute>, id: string) {
  let joined = '';
  for (let route = routes[id]; route; route = routes[route.parentId ?? '']) joined = `${route.path ?? ''}/${joined}`;
  return `/${joined.split('/').filter(Boolean).join('/')}`;
}

/** URLs for a route's path: parameters filled in, optional segments with and without, a splat of two. */
function urlsFor(pattern: string): string[] {
  let urls = [''];
  for (const segment of pattern.split('/').filter(Boolean)) {
    const value = segment.startsWith(':') ? 'x1' : segment === '*' ? 'a/b' : segment.replace(/\?$/, '');
    urls = urls.flatMap((url) => (segment.endsWith('?') ? [url, `${url}/${value}`] : [`${url}/${value}`]));
  }
  return urls.map((url) => url || '/');
}

describe.skipIf(!BUILT)('route areas', async () => {
  const build: Build = BUILT ? await import(pathToFileURL(path.resolve('build/index.js')).href) : null;
  const areas = BUILT ? createRouteAreas(build, (areaBuild: Build) => areaBuild) : null;

  const targets = BUILT
    ? [
        ...Object.keys(build.routes).flatMap((id) =>
          urlsFor(wholePath(build.routes, id)).flatMap((url) => [
            url,
            url.toUpperCase(),
            `${url}/`,
            `${url}/nope`,
            `${url}?q=1`,
            url.replace(/^\/(.)/, (_, c: string) => `/%${c.charCodeAt(0).toString(16)}`),
          ]),
        ),
        '/',
        '/nope',
        '/nope/member',
        '//member/status',
        '/member//status',
        '/member%2Fstatus',
        '/./member/status',
        '/home/../member/status',
      ]
    : [];

  it('matches every URL as the whole build does, with only the routes of its area', () => {
    expect(targets.length).toBeGreaterThan(300);
    for (const target of targets) {
      const areaBuild: Build = areas!.for(target);
      expect(matched(areaBuild.routes, target), target).toEqual(matched(build.routes, target));
      expect(Object.keys(areaBuild.assets.routes).sort(), target).toEqual(Object.keys(areaBuild.routes).sort());
    }
  });

  it('keeps a member page to a handful of routes', () => {
    const total = Object.keys(build.routes).length;
    expect(Object.keys(areas!.for('/member/status').routes).length).toBeLessThan(total / 5);
    expect(Object.keys(areas!.for('/home').routes).length).toBeLessThan(total / 5);
  });

  it('answers the route manifest and paths it cannot decode with the whole build', () => {
    expect(areas!.for('/__manifest?p=%2Fmember%2Fstatus&version=1')).toBe(build);
    expect(areas!.for('/%E0%A4')).toBe(build);
  });

  it('makes one handler per choice of routes, however many URLs no route names', () => {
    expect(areas!.for('/member/nope-1')).toBe(areas!.for('/member/nope-2'));
    expect(areas!.for('/nope-1/x')).toBe(areas!.for('/nope-2/y'));
    expect(areas!.for('/member/status')).toBe(areas!.for('/MEMBER/Status/'));
    // Named segments in an order no route has: the routes of the first alone.
    expect(areas!.for('/home/status')).toBe(areas!.for('/home'));
    const made = new Set<unknown>();
    const counting = createRouteAreas(build, (areaBuild: Build) => (made.add(areaBuild), areaBuild));
    const named = [...new Set(targets.flatMap((t) => t.split(/[/?]/).slice(1, 3)))];
    for (const first of named) for (const second of named) counting.for(`/${first}/${second}`);
    expect(made.size).toBeLessThan(Object.keys(build.routes).length);
  });
});

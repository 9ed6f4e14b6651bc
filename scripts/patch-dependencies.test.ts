import fs from 'node:fs';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';

import type * as Router from '@remix-run/router';
import type * as RuntimeData from '@remix-run/server-runtime/dist/data';
import type * as StaticRouterServer from 'react-router-dom/server';
import { describe, expect, it } from 'vitest';

import { MARKER, PATCHES, ROUTER_PATCH, STATIC_ROUTER_PATCH, applyPatch } from './patch-dependencies.mjs';

/** The server's copy of the router (CommonJS, patched by postinstall), and the browser's (untouched). */
const patched = createRequire(import.meta.url)('@remix-run/router') as typeof Router;
const unpatched = (await import('@remix-run/router/dist/router.js')) as unknown as typeof Router;

type Patch = (typeof PATCHES)[number];
const installed = (patch: Patch) => path.resolve('node_modules', patch.name);

/** A copy of an installed package as npm leaves it: the patched file without the patch. */
function pristineCopy(patch: Patch = ROUTER_PATCH, version = patch.version): string {
  const root = fs.mkdtempSync(path.join(os.tmpdir(), 'patch-deps-'));
  const dir = path.join(root, 'node_modules', patch.name);
  fs.mkdirSync(path.dirname(path.join(dir, patch.file)), { recursive: true });
  fs.writeFileSync(path.join(dir, 'package.json'), JSON.stringify({ version }));
  let text = fs.readFileSync(path.join(installed(patch), patch.file), 'utf8');
  for (const edit of patch.edits) text = text.replace(edit.replace, edit.find);
  fs.writeFileSync(path.join(dir, patch.file), text);
  return root;
}

describe('patch-dependencies (ADR 026)', () => {
  it.each(PATCHES.map((patch) => [patch.name, patch]))(
    'the installed %s carries its patch (npm ci runs it; a new version needs it looked at again)',
    (_name, patch) => {
      expect(JSON.parse(fs.readFileSync(path.join(installed(patch), 'package.json'), 'utf8')).version).toBe(
        patch.version,
      );
      const text = fs.readFileSync(path.join(installed(patch), patch.file), 'utf8');
      for (const edit of patch.edits) expect(text).toContain(edit.replace);
    },
  );

  it.each(PATCHES.map((patch) => [patch.name, patch]))(
    '%s: patches once, leaves another version or a changed file alone, and never throws',
    (_name, patch) => {
      const root = pristineCopy(patch);
      const file = path.join(root, 'node_modules', patch.name, patch.file);
      const pristine = fs.readFileSync(file, 'utf8');
      expect(pristine).not.toContain(MARKER);
      expect(applyPatch(patch, root)).toEqual({ ok: true, message: `${patch.name} ${patch.version}: patched` });
      const once = fs.readFileSync(file, 'utf8');
      expect(once.split(MARKER).length - 1).toBe(patch.edits.length);
      expect(applyPatch(patch, root).message).toMatch(/already patched$/);
      expect(fs.readFileSync(file, 'utf8')).toBe(once);
      expect(applyPatch(patch, pristineCopy(patch, '0.0.1'))).toMatchObject({ ok: false });
      // An earlier form of the patch (one edit missing) is named, not patched over.
      if (patch.edits.length > 1) {
        const last = patch.edits.at(-1)!;
        fs.writeFileSync(file, once.replace(last.replace, last.find));
        expect(applyPatch(patch, root).message).toMatch(/earlier form of the patch/);
      }
      // So is a file patched under the tag's first wording.
      fs.writeFileSync(file, `// sahakorn-patch: memoised route matching (ADR 026)\n${pristine}`);
      expect(applyPatch(patch, root).message).toMatch(/earlier form of the patch/);
    },
  );

  it('leaves a changed file alone', () => {
    const other = pristineCopy(ROUTER_PATCH, '1.24.0');
    expect(applyPatch(ROUTER_PATCH, other)).toMatchObject({ ok: false });
    const changed = pristineCopy(ROUTER_PATCH);
    const changedFile = path.join(changed, 'node_modules', ROUTER_PATCH.name, ROUTER_PATCH.file);
    const text = fs
      .readFileSync(changedFile, 'utf8')
      .replace('rankRouteBranches(branches);\n', 'rankRouteBranches(branches, 1);\n');
    fs.writeFileSync(changedFile, text);
    expect(applyPatch(ROUTER_PATCH, changed).message).toMatch(/anchor is missing or repeated/);
    expect(fs.readFileSync(changedFile, 'utf8')).toBe(text);
    expect(applyPatch(ROUTER_PATCH, path.join(os.tmpdir(), 'no-such-project')).ok).toBe(false);
  });

  it('matches exactly as the unpatched router, call after call', () => {
    const routes = [
      {
        id: 'root',
        path: '/',
        children: [
          { id: 'index', index: true },
          { id: 'show', path: 'show/:no' },
          { id: 'list', path: 'list/:category?' },
          { id: 'member', path: 'member', children: [{ id: 'loan', path: 'loan/:contractNo' }] },
          { id: 'Case', path: 'Case', caseSensitive: true },
          { id: 'api', path: 'api/info/board_show/:no' },
          { id: 'files', path: 'mediafiles/*' },
          { id: 'splat', path: '*' },
        ],
      },
    ];
    const paths = [
      '/',
      '/show/1246',
      '/list',
      '/list/news',
      '/member/loan/%E0%B8%AA%E0%B8%A1.1234%2F2565',
      '/Case',
      '/case',
      '/api/info/board_show/7',
      '/mediafiles/a/b.jpg',
      '/nowhere/at/all',
      '/show/1246/',
    ];
    const ids = (matches: ReturnType<typeof unpatched.matchRoutes>) =>
      matches?.map((m) => ({ id: m.route.id, params: m.params, pathname: m.pathname, base: m.pathnameBase }));
    for (let round = 0; round < 3; round += 1) {
      for (const pathname of paths) {
        expect(ids(patched.matchRoutes(routes, pathname))).toEqual(ids(unpatched.matchRoutes(routes, pathname)));
      }
    }
    expect(ids(patched.matchRoutes(routes, '/show/1'))?.at(-1)).toEqual({
      id: 'show',
      params: { no: '1' },
      pathname: '/show/1',
      base: '/show/1',
    });
    // Every way of giving the two flags is read as the original reads it, in any order of calls.
    for (const caseSensitive of [true, false, undefined, 1, 0]) {
      for (const end of [true, false, undefined, null, 0, 1]) {
        for (const pathname of ['/Member/loan', '/member/loan', '/member']) {
          const pattern = { path: '/member', caseSensitive, end } as unknown as Router.PathPattern;
          expect(patched.matchPath(pattern, pathname)).toEqual(unpatched.matchPath(pattern, pathname));
        }
      }
    }
    // Kept answers are copies: what one caller does to its matches reaches no other caller.
    const first = patched.matchRoutes(routes, '/member/loan/A1');
    const params = first?.[0]?.params;
    if (!first || !params) throw new Error('no match');
    expect(first.every((m) => m.params === params)).toBe(true);
    (params as Record<string, string>).contractNo = 'changed';
    first[0]!.pathname = '/changed';
    first.pop();
    const again = patched.matchRoutes(routes, '/member/loan/A1');
    expect(ids(again)).toEqual(ids(unpatched.matchRoutes(routes, '/member/loan/A1')));
    expect(again?.every((m) => m.params === again[0]?.params)).toBe(true);
    expect(patched.matchPath({ path: '/Case', caseSensitive: true, end: true }, '/case')).toBeNull();
    expect(patched.matchPath({ path: '/Case', caseSensitive: false, end: true }, '/case')).not.toBeNull();
    expect(patched.matchPath({ path: '/member', end: false }, '/member/loan')?.pathnameBase).toBe('/member');
    expect(patched.matchPath({ path: '/member', end: true }, '/member/loan')).toBeNull();
  });
});

type StaticServer = typeof StaticRouterServer;
/** The server's copy of the static router (CommonJS, patched), and the published ES module build. */
const patchedServer = createRequire(import.meta.url)('react-router-dom/server') as StaticServer;
const publishedServer = (await import('react-router-dom/server.mjs' as string)) as StaticServer;

describe('the static router keeps its data routes per routes array (ADR 026)', () => {
  const tree = () => [
    {
      id: 'root',
      path: '/',
      children: [
        { id: 'index', index: true },
        { id: 'member', path: 'member', children: [{ id: 'loan', path: 'loan/:contractNo' }] },
      ],
    },
  ];
  const shape = (routes: readonly Router.AgnosticRouteObject[]): unknown =>
    routes.map((r) => ({ id: r.id, path: r.path, index: r.index, children: r.children && shape(r.children) }));

  it('answers as the published build, and reuses the conversion for the same array only', async () => {
    const routes = tree();
    const handler = patchedServer.createStaticHandler(routes);
    const context = await handler.query(new Request('http://x/member/loan/A1'));
    if (context instanceof Response) throw new Error('unexpected response');
    const first = patchedServer.createStaticRouter(routes, context);
    const second = patchedServer.createStaticRouter(routes, context);
    const published = publishedServer.createStaticRouter(routes, context);
    expect(STATIC_ROUTER_PATCH.edits.length).toBe(2);
    expect(shape(first.routes)).toEqual(shape(published.routes));
    expect(first.state.matches.map((m) => [m.route.id, m.params])).toEqual(
      published.state.matches.map((m) => [m.route.id, m.params]),
    );
    // The matches point into the data routes the router renders, as in the published build.
    expect(first.state.matches.at(-1)?.route).toBe(first.routes[0]?.children?.[1]?.children?.[0]);
    expect(second.routes).toBe(first.routes);
    expect(patchedServer.createStaticRouter(tree(), context).routes).not.toBe(first.routes);
  });
});

describe("a loader's JSON answer is parsed from its text (ADR 026)", () => {
  const answer = { when: new Date('2026-11-23T00:00:00Z'), gone: undefined, thai: 'สหกรณ์ \u2028', list: [1, null] };
  const routes = (loader: () => Response) => [{ id: 'root', path: '/', loader }];
  const dataOf = async (router: typeof Router, loader: () => Response) => {
    const context = await router.createStaticHandler(routes(loader)).query(new Request('http://x/'));
    if (context instanceof Response) throw new Error('unexpected response');
    return { data: context.loaderData.root, headers: context.loaderHeaders.root?.get('Cache-Control') };
  };

  it('gives the same data and headers as the published build, for json() and for a hand-made response', async () => {
    const init = { headers: { 'Cache-Control': 'private, no-store' } };
    const expected = JSON.parse(JSON.stringify(answer));
    for (const make of [
      (router: typeof Router) => () => router.json(answer, init),
      () => () =>
        new Response(JSON.stringify(answer), {
          headers: { 'Content-Type': 'application/json', 'Cache-Control': 'private, no-store' },
        }),
    ]) {
      const mine = await dataOf(patched, make(patched));
      expect(mine).toEqual(await dataOf(unpatched, make(unpatched)));
      expect(mine).toEqual({ data: expected, headers: 'private, no-store' });
    }
    // The body of a json() response can still be read by whoever gets it (a resource route's client,
    // a data request), with the same headers and bytes as the published build's.
    expect(await patched.json(answer).json()).toEqual(expected);
    const mine = patched.json(answer, init);
    const theirs = unpatched.json(answer, init);
    expect([...mine.headers]).toEqual([...theirs.headers]);
    expect(new Uint8Array(await mine.arrayBuffer())).toEqual(new Uint8Array(await theirs.arrayBuffer()));
    const copy = patched.json(answer).clone();
    expect(await copy.json()).toEqual(expected);
    expect(patched.json(undefined).body).toBeNull();
  });
});

describe('a loader gets the request itself when there is nothing to strip (ADR 026)', () => {
  type Data = typeof RuntimeData;
  const patchedData = createRequire(import.meta.url)('@remix-run/server-runtime/dist/data') as Data;
  const seenBy = async (data: Data, request: Request) => {
    let seen: Request | undefined;
    await data.callRouteLoader({
      loader: async ({ request: got }) => {
        seen = got;
        return null;
      },
      loadContext: { cspNonce: 'n', clientAddress: null },
      params: {},
      request,
      routeId: 'root',
      singleFetch: false,
    });
    return seen!;
  };

  it('hands a plain GET over as it is, and strips index and _data as the published build does', async () => {
    const unpatchedData = (await import(
      path.resolve('node_modules/@remix-run/server-runtime/dist/esm/data.js')
    )) as Data;
    const plain = new Request('http://x/member/kep', { headers: { Cookie: 'a=b' } });
    expect(await seenBy(patchedData, plain)).toBe(plain);
    expect((await seenBy(unpatchedData, plain)).url).toBe(plain.url);
    for (const url of ['http://x/member/share?index&_data=routes%2Fmember.share&page=2', 'http://x/?index=1']) {
      const mine = await seenBy(patchedData, new Request(url));
      const theirs = await seenBy(unpatchedData, new Request(url));
      expect(mine.url).toBe(theirs.url);
      expect(mine.url).not.toContain('_data');
    }
    const post = new Request('http://x/member/password', { method: 'POST', body: 'a=1' });
    expect(await seenBy(patchedData, post)).not.toBe(post);
  });
});

import fs from 'node:fs';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';

import type * as Router from '@remix-run/router';
import { describe, expect, it } from 'vitest';

import { MARKER, ROUTER_PATCH, applyPatch } from './patch-dependencies.mjs';

/** The server's copy of the router (CommonJS, patched by postinstall), and the browser's (untouched). */
const patched = createRequire(import.meta.url)('@remix-run/router') as typeof Router;
const unpatched = (await import('@remix-run/router/dist/router.js')) as unknown as typeof Router;

const installed = path.resolve('node_modules/@remix-run/router');

/** A copy of the installed package as npm leaves it: the CommonJS build without the patch. */
function pristineCopy(version = ROUTER_PATCH.version): string {
  const root = fs.mkdtempSync(path.join(os.tmpdir(), 'patch-deps-'));
  const dir = path.join(root, 'node_modules', ROUTER_PATCH.name);
  fs.mkdirSync(path.join(dir, 'dist'), { recursive: true });
  fs.writeFileSync(path.join(dir, 'package.json'), JSON.stringify({ version }));
  let text = fs.readFileSync(path.join(installed, ROUTER_PATCH.file), 'utf8');
  for (const edit of ROUTER_PATCH.edits) text = text.replace(edit.replace, edit.find);
  fs.writeFileSync(path.join(dir, ROUTER_PATCH.file), text);
  return root;
}

describe('patch-dependencies (ADR 026)', () => {
  it('the installed router carries the patch (npm ci runs it; a new version needs it looked at again)', () => {
    expect(JSON.parse(fs.readFileSync(path.join(installed, 'package.json'), 'utf8')).version).toBe(
      ROUTER_PATCH.version,
    );
    expect(fs.readFileSync(path.join(installed, ROUTER_PATCH.file), 'utf8')).toContain(MARKER);
  });

  it('patches once, leaves another version or a changed file alone, and never throws', () => {
    const root = pristineCopy();
    const file = path.join(root, 'node_modules', ROUTER_PATCH.name, ROUTER_PATCH.file);
    expect(fs.readFileSync(file, 'utf8')).not.toContain(MARKER);
    expect(applyPatch(ROUTER_PATCH, root)).toEqual({ ok: true, message: `${ROUTER_PATCH.name} 1.23.3: patched` });
    const once = fs.readFileSync(file, 'utf8');
    expect(once.split(MARKER).length - 1).toBe(2);
    expect(applyPatch(ROUTER_PATCH, root).message).toMatch(/already patched$/);
    expect(fs.readFileSync(file, 'utf8')).toBe(once);

    const other = pristineCopy('1.24.0');
    expect(applyPatch(ROUTER_PATCH, other)).toMatchObject({ ok: false });
    const changed = pristineCopy();
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
    expect(patched.matchPath({ path: '/Case', caseSensitive: true, end: true }, '/case')).toBeNull();
    expect(patched.matchPath({ path: '/Case', caseSensitive: false, end: true }, '/case')).not.toBeNull();
    expect(patched.matchPath({ path: '/member', end: false }, '/member/loan')?.pathnameBase).toBe('/member');
    expect(patched.matchPath({ path: '/member', end: true }, '/member/loan')).toBeNull();
  });
});

import fs from 'node:fs';
import path from 'node:path';
import http from 'node:http';

import type { APIRequestContext, PlaywrightWorkerArgs } from '@playwright/test';

import { E2E_PORT } from '../../playwright.config';
import { DEMO, expect, test } from './fixtures';
import { clientScript, scriptUrlsInHtml } from './scripts';

/**
 * The first visit to a member page that hydrates (one with a React form) loads at most this much
 * JavaScript on the wire (as the server sends it to a browser that takes brotli and gzip): React DOM
 * with Remix's router are most of it, the layout and the page the rest.
 */
const MEMBER_FIRST_LOAD_KIB = 100;
/** The member area's other pages, its entry pages included, do not hydrate: all their JavaScript (ADR 068, ADR 085). */
const PLAIN_MEMBER_PAGE_KIB = 30;

const ROUTES_DIR = path.join(process.cwd(), 'app', 'routes');

interface PageRoute {
  file: string;
  /** The URL pattern, `:name` for a parameter. */
  pattern: string;
  hydrates: boolean;
  /** In the member area: it or a layout above it renders the member area's rules (`memberStyles`). */
  memberArea: boolean;
  /** A door to the member area, open without a session: login, register, forgotten password (ADR 068). */
  entry: boolean;
}

/**
 * Every page route of the app (a route module with a default export), its URL pattern after Remix's
 * flat-route file names, and whether it or a layout above it hydrates (`handle = { hydrate: true }`).
 */
function pageRoutes(): PageRoute[] {
  const files = fs.readdirSync(ROUTES_DIR).filter((file) => file.endsWith('.tsx'));
  const ids = new Set(files.map((file) => file.replace(/\.tsx$/, '')));
  const source = (id: string) => fs.readFileSync(path.join(ROUTES_DIR, `${id}.tsx`), 'utf8');
  const routes: PageRoute[] = [];
  for (const file of files) {
    const id = file.replace(/\.tsx$/, '');
    const text = source(id);
    if (!/^export default /m.test(text)) continue;
    // Dots inside [] are part of the name, not separators.
    const segments = id.match(/(?:\[[^\]]*\]|[^.])+/g) ?? [];
    const url: string[] = [];
    const layouts: string[] = [];
    segments.forEach((segment, i) => {
      const prefix = segments.slice(0, i).join('.');
      if (i > 0 && ids.has(prefix) && !segments[i - 1]?.endsWith('_')) layouts.push(prefix);
      const name = segment.replace(/_$/, '').replace(/\[([^\]]*)\]/g, '$1');
      if (segment === '_index' || segment.startsWith('_')) return;
      url.push(name === '$' ? '*' : name.startsWith('$') ? `:${name.slice(1)}` : name);
    });
    const hydrates = [id, ...layouts].some((route) => /\bhydrate: true\b/.test(source(route)));
    const memberArea = [id, ...layouts].some((route) => /\bmemberStyles: true\b/.test(source(route)));
    const entry = id.startsWith('member_.') && /\bmemberStyles: true\b/.test(text);
    routes.push({ file, pattern: `/${url.join('/')}`, hydrates, memberArea, entry });
  }
  return routes;
}

/** A file's bytes as a browser receives them: encoded as the server sends it to one that takes brotli and gzip. */
function wireBytes(url: string): Promise<number> {
  return new Promise((resolve, reject) => {
    const headers = { 'Accept-Encoding': 'gzip, deflate, br, zstd' };
    http
      .get(new URL(url, `http://127.0.0.1:${E2E_PORT}`), { headers }, (res) => {
        let size = 0;
        res.on('data', (chunk: Buffer) => (size += chunk.length));
        res.on('end', () => resolve(size));
        res.on('error', reject);
      })
      .on('error', reject);
  });
}

/** Every script a page asks for on first load: module preloads, the entry module's imports, `<script src>`s and loaders. */
async function firstLoadScripts(request: APIRequestContext, html: string) {
  const urls = new Set([...html.matchAll(/<link rel="modulepreload" href="([^"]+)"/g)].map((m) => m[1] ?? ''));
  for (const m of html.matchAll(/import\s*(?:\*\s*as\s*\w+\s*from\s*)?"([^"]+\.js)"/g)) urls.add(m[1] ?? '');
  for (const src of scriptUrlsInHtml(html)) urls.add(src.replace(/&amp;/g, '&'));
  const bodies = await Promise.all([...urls].map(async (url) => (await request.get(url)).body()));
  const wire = await Promise.all([...urls].map(wireBytes));
  return {
    urls: [...urls],
    modules: [...html.matchAll(/<link rel="modulepreload"/g)].length,
    wireKiB: wire.reduce((sum, size) => sum + size, 0) / 1024,
    text: bodies.map((b) => b.toString('utf8')).join('\n'),
  };
}

/** The address the HTML links to that fits a route's pattern (a real account, contract or month). */
function linkFor(pattern: string, htmls: string[]): string | undefined {
  const re = new RegExp(`href="(${pattern.replace(/:[^/]+/g, '[^/"?#]+')})"`);
  for (const html of htmls) {
    const found = re.exec(html)?.[1];
    if (found) return found;
  }
  return undefined;
}

/** A request context signed in as the demo member. */
async function memberRequest(playwright: PlaywrightWorkerArgs['playwright'], baseURL?: string) {
  const request = await playwright.request.newContext({ baseURL, extraHTTPHeaders: { Origin: baseURL ?? '' } });
  const login = await request.post('/member/logon', {
    form: { membershipNo: DEMO.membershipNo, password: DEMO.password },
    maxRedirects: 0,
  });
  expect(login.status()).toBe(302);
  return request;
}

/** The pages of the routes as the member sees them: parameters filled from links on the member's own pages. */
async function memberPages(request: APIRequestContext, routes: PageRoute[], linkSources: string[] = []) {
  const pages = new Map<string, string>();
  for (const route of routes.filter((r) => !r.pattern.includes(':'))) {
    const response = await request.get(route.pattern);
    // A door the member has gone through (the terms, the welcome) sends them on: that page is another route's.
    if (new URL(response.url()).pathname === route.pattern) pages.set(route.pattern, await response.text());
  }
  for (const route of routes.filter((r) => r.pattern.includes(':'))) {
    const url = linkFor(route.pattern, [...pages.values(), ...linkSources]);
    expect(url, `no link to ${route.pattern} on the member's pages`).toBeDefined();
    if (url) pages.set(url, await (await request.get(url)).text());
  }
  return pages;
}

test.describe('page weight', () => {
  test.skip(({ javaScriptEnabled }) => !javaScriptEnabled, 'measured over HTTP; one project is enough');

  test('the page routes are read from app/routes: only the member pages with a React form hydrate, and the two staff pages that ask before a removal', () => {
    const routes = pageRoutes();
    expect(
      routes
        .filter((r) => r.hydrates)
        .map((r) => r.pattern)
        .sort(),
    ).toEqual([
      '/member/password',
      '/member/photo',
      '/member/security',
      '/member/termofconditional',
      '/member/welcome',
      // Their confirmation is a Radix dialog once React runs (ADR 119); staff pages have no script budget.
      '/staff/accounts',
      '/staff/menu',
    ]);
    const plain = routes.filter((r) => r.memberArea && !r.hydrates).map((r) => r.pattern);
    expect(plain).toEqual(
      expect.arrayContaining([
        '/member/status',
        '/member/welfare',
        '/member/dep_statement/:statement',
        '/member/logon',
      ]),
    );
    expect(
      routes
        .filter((r) => r.entry)
        .map((r) => r.pattern)
        .sort(),
    ).toEqual(['/member/forget', '/member/logon', '/member/register', '/member/registerauth']);
  });

  test(`the member area's other pages load no framework and at most ${PLAIN_MEMBER_PAGE_KIB} KiB of JavaScript on the wire`, async ({
    request: anonymous,
    playwright,
    baseURL,
  }) => {
    const plain = pageRoutes().filter((r) => r.memberArea && !r.hydrates);
    const pages = new Map<string, string>();
    for (const route of plain.filter((r) => r.entry)) {
      pages.set(route.pattern, await (await anonymous.get(route.pattern)).text());
    }
    const request = await memberRequest(playwright, baseURL);
    for (const [url, html] of await memberPages(
      request,
      plain.filter((r) => !r.entry),
    ))
      pages.set(url, html);
    expect(pages.size).toBeGreaterThan(15);
    for (const [url, html] of pages) {
      const scripts = await firstLoadScripts(request, html);
      expect(scripts.modules, url).toBe(0);
      expect(html, url).not.toContain('__remixContext');
      expect(
        scripts.urls.some((src) => clientScript('member').test(src)),
        url,
      ).toBe(true);
      expect(scripts.wireKiB, url).toBeLessThanOrEqual(PLAIN_MEMBER_PAGE_KIB);
    }
    await request.dispose();
  });

  test(`every member page that hydrates loads at most ${MEMBER_FIRST_LOAD_KIB} KiB of JavaScript on the wire first`, async ({
    playwright,
    baseURL,
  }) => {
    const request = await memberRequest(playwright, baseURL);
    const statusPage = await (await request.get('/member/status')).text();
    const pages = await memberPages(
      request,
      pageRoutes().filter((r) => r.hydrates),
      [statusPage],
    );
    expect([...pages.keys()]).toEqual(
      expect.arrayContaining(['/member/password', '/member/photo', '/member/security']),
    );
    const weights: string[] = [];
    const kib = new Map<string, number>();
    for (const [url, html] of pages) {
      const scripts = await firstLoadScripts(request, html);
      weights.push(`${url} ${scripts.wireKiB.toFixed(1)} KiB`);
      kib.set(url, scripts.wireKiB);
      expect(scripts.modules, url).toBeGreaterThan(0);
      // Only the routes the page matches come with it, inline (ADR 080): never the whole manifest.
      expect(
        scripts.urls.filter((src) => src.includes('/build/manifest-')),
        url,
      ).toEqual([]);
      expect.soft(scripts.wireKiB, url).toBeLessThanOrEqual(MEMBER_FIRST_LOAD_KIB);
      // No form library in the browser: the password form checks its rules with the rules' own module
      // (app/lib/forms/password-rules.ts); zod and conform stay on the server.
      expect(scripts.text, url).not.toContain('ZodError');
      // Conform's hidden field for its intents.
      expect(scripts.text, url).not.toContain('__intent__');
      // The image cropper loads only once a photo is chosen.
      expect(scripts.text, url).not.toContain('reactEasyCrop');
    }
    if (process.env.E2E_PRINT_WEIGHTS) console.log(weights.join('\n'));
    test.info().annotations.push({ type: 'first-load JavaScript on the wire', description: weights.join('; ') });
    await request.dispose();
  });
});

import fs from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';

import type { APIRequestContext } from '@playwright/test';

import { DEMO, expect, test } from './fixtures';
import { scriptUrlsInHtml } from './scripts';

/**
 * The first visit to a member page that hydrates loads at most this much JavaScript (gzip): React DOM
 * with Remix's router are 80 KiB of it, the member layout and the page the rest (docs/performance.md).
 */
const MEMBER_FIRST_LOAD_KIB = 100;
/** The entry pages (login, register, forgotten password) do not hydrate: all their JavaScript (ADR 068). */
const ENTRY_PAGE_KIB = 30;

const ROUTES_DIR = path.join(process.cwd(), 'app', 'routes');

interface PageRoute {
  file: string;
  /** The URL pattern, `:name` for a parameter. */
  pattern: string;
  hydrates: boolean;
  /** Renders the member area's rules without hydrating: an entry page (ADR 068). */
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
    routes.push({ file, pattern: `/${url.join('/')}`, hydrates, entry: /\bmemberStyles: true\b/.test(text) });
  }
  return routes;
}

/** Every script a page asks for on first load: module preloads, the entry module's imports, `<script src>`s and loaders. */
async function firstLoadScripts(request: APIRequestContext, html: string) {
  const urls = new Set([...html.matchAll(/<link rel="modulepreload" href="([^"]+)"/g)].map((m) => m[1] ?? ''));
  for (const m of html.matchAll(/import\s*(?:\*\s*as\s*\w+\s*from\s*)?"([^"]+\.js)"/g)) urls.add(m[1] ?? '');
  for (const src of scriptUrlsInHtml(html)) urls.add(src.replace(/&amp;/g, '&'));
  const bodies = await Promise.all([...urls].map(async (url) => (await request.get(url)).body()));
  return {
    urls: [...urls],
    modules: [...html.matchAll(/<link rel="modulepreload"/g)].length,
    gzipKiB: bodies.reduce((sum, body) => sum + gzipSync(body, { level: 9 }).length, 0) / 1024,
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

test.describe('page weight', () => {
  test.skip(({ javaScriptEnabled }) => !javaScriptEnabled, 'measured over HTTP; one project is enough');

  test('the page routes are read from app/routes: the member area hydrates, the entry pages do not', () => {
    const routes = pageRoutes();
    const hydrating = routes.filter((r) => r.hydrates).map((r) => r.pattern);
    expect(hydrating).toEqual(
      expect.arrayContaining(['/member', '/member/status', '/member/dep_statement/:statement']),
    );
    expect(hydrating).not.toContain('/home');
    const entry = routes.filter((r) => r.entry);
    expect(entry.map((r) => r.pattern).sort()).toEqual([
      '/member/forget',
      '/member/logon',
      '/member/register',
      '/member/registerauth',
    ]);
    for (const route of entry) expect(route.hydrates, route.file).toBe(false);
  });

  test(`the entry pages load no framework and at most ${ENTRY_PAGE_KIB} KiB gzip of JavaScript`, async ({
    request,
  }) => {
    for (const route of pageRoutes().filter((r) => r.entry)) {
      const html = await (await request.get(route.pattern)).text();
      const scripts = await firstLoadScripts(request, html);
      expect(scripts.modules, route.pattern).toBe(0);
      expect(html, route.pattern).not.toContain('__remixContext');
      expect(
        scripts.urls.some((url) => url.startsWith('/member-entry.js')),
        route.pattern,
      ).toBe(true);
      expect(scripts.gzipKiB, route.pattern).toBeLessThanOrEqual(ENTRY_PAGE_KIB);
    }
  });

  test(`every member page that hydrates loads at most ${MEMBER_FIRST_LOAD_KIB} KiB gzip of JavaScript first`, async ({
    playwright,
    baseURL,
  }) => {
    const request = await playwright.request.newContext({ baseURL, extraHTTPHeaders: { Origin: baseURL ?? '' } });
    const login = await request.post('/member/logon', {
      form: { membershipNo: DEMO.membershipNo, password: DEMO.password },
      maxRedirects: 0,
    });
    expect(login.status()).toBe(302);
    const hydrating = pageRoutes().filter((r) => r.hydrates);
    const plain = hydrating.filter((r) => !r.pattern.includes(':'));
    const pages = new Map<string, string>();
    for (const route of plain) pages.set(route.pattern, await (await request.get(route.pattern)).text());
    // Routes with a parameter are weighed at an address the member's own pages link to.
    for (const route of hydrating.filter((r) => r.pattern.includes(':'))) {
      const url = linkFor(route.pattern, [...pages.values()]);
      expect(url, `no link to ${route.pattern} on the member's pages`).toBeDefined();
      if (url) pages.set(url, await (await request.get(url)).text());
    }
    const weights: string[] = [];
    const kib = new Map<string, number>();
    for (const [url, html] of pages) {
      const scripts = await firstLoadScripts(request, html);
      weights.push(`${url} ${scripts.gzipKiB.toFixed(1)} KiB`);
      kib.set(url, scripts.gzipKiB);
      expect(scripts.modules, url).toBeGreaterThan(0);
      // Only the routes the page matches come with it, inline (ADR 080): never the whole manifest.
      expect(
        scripts.urls.filter((src) => src.includes('/build/manifest-')),
        url,
      ).toEqual([]);
      expect.soft(scripts.gzipKiB, url).toBeLessThanOrEqual(MEMBER_FIRST_LOAD_KIB);
      // No form library in the browser: the password form checks its rules with the rules' own module
      // (app/lib/forms/password-rules.ts); zod and conform stay on the server.
      expect(scripts.text, url).not.toContain('ZodError');
      // Conform's hidden field for its intents.
      expect(scripts.text, url).not.toContain('__intent__');
      // The image cropper loads only once a photo is chosen.
      expect(scripts.text, url).not.toContain('reactEasyCrop');
    }
    // The welfare tabs are the page's own few lines, not a component library: the page weighs what the
    // status page weighs, give or take a KiB.
    expect
      .soft(kib.get('/member/welfare'), '/member/welfare')
      .toBeLessThanOrEqual((kib.get('/member/status') ?? 0) + 1);
    // The change-password form's checks are a few lines too.
    expect
      .soft(kib.get('/member/password'), '/member/password')
      .toBeLessThanOrEqual((kib.get('/member/status') ?? 0) + 1.5);
    if (process.env.E2E_PRINT_WEIGHTS) console.log(weights.join('\n'));
    test.info().annotations.push({ type: 'first-load JavaScript (gzip)', description: weights.join('; ') });
    await request.dispose();
  });
});

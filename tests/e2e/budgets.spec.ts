import { gzipSync } from 'node:zlib';

import type { APIRequestContext } from '@playwright/test';

import { DEMO, expect, test } from './fixtures';

/** The first visit to a member page loads at most this much JavaScript (gzip). */
const MEMBER_FIRST_LOAD_KIB = 120;
/** Pages a member can land on first; the forms among them may bring their form library. */
const MEMBER_PAGES = ['/member/status', '/member/share', '/member/loan', '/member/deposit', '/member/kep'];
const MEMBER_PAGES_MORE = ['/member/kepcrem', '/member/coll', '/member/gian', '/member/dividend', '/member/welfare'];
const MEMBER_FORMS = ['/member/password', '/member/photo'];
/** The pages whose forms validate with conform and zod in the browser. */
const FORM_LIBRARY_PAGES = new Set(['/member/share', '/member/password']);

/** Every script a page asks for on first load: module preloads and the entry module's imports. */
async function firstLoadScripts(request: APIRequestContext, path: string) {
  const html = await (await request.get(path)).text();
  const urls = new Set([...html.matchAll(/<link rel="modulepreload" href="([^"]+)"/g)].map((m) => m[1] ?? ''));
  for (const m of html.matchAll(/import\s*(?:\*\s*as\s*\w+\s*from\s*)?"([^"]+\.js)"/g)) urls.add(m[1] ?? '');
  const bodies = await Promise.all([...urls].map(async (url) => (await request.get(url)).body()));
  return {
    urls: [...urls],
    gzipKiB: bodies.reduce((sum, body) => sum + gzipSync(body, { level: 9 }).length, 0) / 1024,
    text: bodies.map((b) => b.toString('utf8')).join('\n'),
  };
}

test.describe('page weight', () => {
  test.skip(({ javaScriptEnabled }) => !javaScriptEnabled, 'measured over HTTP; one project is enough');

  test(`every member page's first-load JavaScript stays within ${MEMBER_FIRST_LOAD_KIB} KiB gzip`, async ({
    playwright,
    baseURL,
  }) => {
    const request = await playwright.request.newContext({ baseURL, extraHTTPHeaders: { Origin: baseURL ?? '' } });
    const login = await request.post('/member/logon', {
      form: { membershipNo: DEMO.membershipNo, password: DEMO.password },
      maxRedirects: 0,
    });
    expect(login.status()).toBe(302);
    for (const path of [...MEMBER_PAGES, ...MEMBER_PAGES_MORE, ...MEMBER_FORMS]) {
      const scripts = await firstLoadScripts(request, path);
      expect(scripts.urls.length, path).toBeGreaterThan(0);
      expect(scripts.gzipKiB, path).toBeLessThanOrEqual(MEMBER_FIRST_LOAD_KIB);
      // Form libraries load only with the pages whose forms use them (the photo form does not).
      if (!FORM_LIBRARY_PAGES.has(path)) expect(scripts.text, path).not.toContain('ZodError');
      // The image cropper loads only once a photo is chosen.
      expect(scripts.text, path).not.toContain('reactEasyCrop');
    }
    await request.dispose();
  });
});

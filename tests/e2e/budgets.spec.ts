import { gzipSync } from 'node:zlib';

import type { APIRequestContext } from '@playwright/test';

import { DEMO, expect, test } from './fixtures';

/** Issue 3: the first visit to a member page loads at most this much JavaScript (gzip). */
const MEMBER_FIRST_LOAD_KIB = 120;

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

  test(`a member page's first-load JavaScript stays within ${MEMBER_FIRST_LOAD_KIB} KiB gzip`, async ({
    playwright,
    baseURL,
  }) => {
    const request = await playwright.request.newContext({ baseURL, extraHTTPHeaders: { Origin: baseURL ?? '' } });
    const login = await request.post('/member/logon', {
      form: { membershipNo: DEMO.membershipNo, password: DEMO.password },
      maxRedirects: 0,
    });
    expect(login.status()).toBe(302);
    const scripts = await firstLoadScripts(request, '/member/status');
    expect(scripts.urls.length).toBeGreaterThan(0);
    expect(scripts.gzipKiB).toBeLessThanOrEqual(MEMBER_FIRST_LOAD_KIB);
    // Form libraries load only with the pages that have forms.
    expect(scripts.text).not.toContain('ZodError');
    await request.dispose();
  });
});

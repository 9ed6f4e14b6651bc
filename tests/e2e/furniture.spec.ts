import { createHash } from 'node:crypto';

import type { Page } from '@playwright/test';

import { expect, test } from './fixtures';
import { clientScript, inlineScripts, scriptName, scriptUrlsInHtml } from './scripts';

const sha256 = (text: string) => createHash('sha256').update(text, 'utf8').digest('base64');

const COOKIE_MAX_AGE = 63_072_000;
const CHROMIUM_MAX_COOKIE_AGE = 400 * 86_400;
const banner = (page: Page) => page.getByRole('region', { name: 'การใช้คุกกี้' });

test.describe('the enhancement script', () => {
  for (const path of [
    '/home',
    '/search',
    '/search?q=%E0%B9%80%E0%B8%87%E0%B8%B4%E0%B8%99%E0%B8%9B%E0%B8%B1%E0%B8%99%E0%B8%9C%E0%B8%A5',
  ]) {
    test(`is the only script of ${decodeURIComponent(path)}, loaded without a nonce`, async ({
      page,
      axe,
      javaScriptEnabled,
    }) => {
      const requested: string[] = [];
      page.on('request', (r) => {
        if (r.resourceType() === 'script') requested.push(new URL(r.url()).pathname);
      });
      const response = await page.goto(path);
      await axe();
      const html = (await response?.text()) ?? '';
      const tags = html.match(/<script\b[^>]*>/g) ?? [];
      expect(tags).toHaveLength(1);
      expect(scriptUrlsInHtml(html)).toEqual([expect.stringMatching(clientScript('enhance'))]);
      // Loaded by an inline loader the CSP allows by its hash: the page carries no nonce, so it can
      // be cached (ADR 014, ADR 034).
      expect(html).not.toContain('nonce=');
      const csp = response?.headers()['content-security-policy'] ?? '';
      expect(csp).toContain("'strict-dynamic'");
      for (const text of inlineScripts(html)) expect(csp).toContain(`'sha256-${sha256(text)}'`);
      expect(requested.map(scriptName)).toEqual(javaScriptEnabled ? ['enhance'] : []);
      // The page varies with the cookie banner: shared caches must key on the cookie.
      expect(response?.headers()['vary']).toMatch(/\bCookie\b/);
    });
  }

  test("is cached for a year under its content-hashed name, and another build's name is no file", async ({
    request,
  }) => {
    const html = await (await request.get('/home')).text();
    const src = scriptUrlsInHtml(html)[0] ?? '';
    const current = await request.get(src);
    expect(current.headers()['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(current.headers()['content-type']).toMatch(/javascript/);
    const stale = await request.get('/build/client/enhance-00000000.js');
    expect(stale.status()).toBe(404);
    expect(stale.headers()['cache-control']).not.toContain('immutable');
    // The manifest the server reads beside the bundles is not served.
    expect((await request.get('/build/client/.manifest.json')).status()).toBe(404);
  });
});

test.describe('cookie consent', () => {
  test('accepting keeps acceptCookie=Y for two years and the banner stays away', async ({
    page,
    axe,
    javaScriptEnabled,
  }) => {
    test.slow(); // several pages, each checked by axe, on shared 2-core machines
    await page.goto('/home');
    await axe();
    await expect(banner(page)).toBeVisible();
    await expect(banner(page).getByRole('link', { name: 'นโยบายคุกกี้' })).toHaveAttribute(
      'href',
      '/privacy-policy/cookies-policy',
    );
    await expect(banner(page).getByRole('link', { name: 'นโยบายความเป็นส่วนตัว' })).toHaveAttribute(
      'href',
      '/privacy-policy/private-policy',
    );
    const before = Date.now() / 1000;
    const answer = page.waitForResponse((r) => r.request().method() === 'POST' && r.url().endsWith('/cookie-consent'));
    await banner(page).getByRole('button', { name: 'ยอมรับ' }).click();
    expect(await (await answer).headerValue('set-cookie')).toMatch(/^acceptCookie=Y; Max-Age=63072000; Path=\/;/);
    await expect(banner(page)).toHaveCount(0);
    await expect(page).toHaveURL(/\/home$/);
    if (javaScriptEnabled) await expect(page.locator('#main')).toBeFocused();
    const cookie = (await page.context().cookies()).find((c) => c.name === 'acceptCookie');
    expect(cookie?.value).toBe('Y');
    // Chromium keeps no cookie longer than 400 days (RFC 6265bis), so the two years are capped there.
    const kept = Math.min(COOKIE_MAX_AGE, CHROMIUM_MAX_COOKIE_AGE);
    expect(cookie?.expires).toBeGreaterThan(before + kept - 120);
    expect(cookie?.expires).toBeLessThan(before + kept + 120);
    await axe();
    await page.reload();
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await expect(banner(page)).toHaveCount(0);
    await axe();
  });

  test('rejecting hides the banner for this visit; it is back on the next one', async ({ page, axe }) => {
    test.slow();
    await page.goto('/search');
    await axe();
    await banner(page).getByRole('button', { name: 'ปฏิเสธ' }).click();
    await expect(banner(page)).toHaveCount(0);
    await expect(page).toHaveURL(/\/search$/);
    const cookie = (await page.context().cookies()).find((c) => c.name === 'acceptCookie');
    expect(cookie?.value).toBe('N');
    expect(cookie?.expires).toBe(-1);
    await axe();
    await page.goto('/home');
    await expect(banner(page)).toHaveCount(0);
    await axe();

    // The next visit: a browser that kept only its persistent cookies.
    const state = await page.context().storageState();
    const browser = page.context().browser();
    if (!browser) throw new Error('no browser');
    const next = await browser.newContext({
      storageState: { ...state, cookies: state.cookies.filter((c) => c.expires > 0) },
    });
    try {
      const later = await next.newPage();
      await later.goto(new URL('/home', page.url()).href);
      await expect(banner(later)).toBeVisible();
      await axe(later);
    } finally {
      await next.close();
    }
  });

  test('a refusal can be undone on the cookie policy page, and an acceptance too (ADR 115)', async ({ page, axe }) => {
    test.slow();
    const settings = page.getByRole('region', { name: 'การตั้งค่าคุกกี้ของท่าน' });
    const choice = async () => (await page.context().cookies()).find((c) => c.name === 'acceptCookie');
    await page.goto('/privacy-policy/cookies-policy');
    await expect(settings).toContainText('ท่านยังไม่ได้เลือกว่าจะยอมรับหรือปฏิเสธคุกกี้');
    await banner(page).getByRole('button', { name: 'ปฏิเสธ' }).click();
    await expect(banner(page)).toHaveCount(0);
    expect((await choice())?.value).toBe('N');

    // Back on the policy page later: the refusal is shown, and accepting is offered again.
    await page.goto('/privacy-policy/cookies-policy');
    await expect(settings).toContainText('ขณะนี้ท่านปฏิเสธคุกกี้');
    await axe();
    await settings.getByRole('button', { name: 'ยอมรับคุกกี้' }).click();
    await expect(page).toHaveURL(/\/privacy-policy\/cookies-policy$/);
    await expect(page.getByText('บันทึกการตั้งค่าคุกกี้เรียบร้อยแล้ว')).toBeVisible();
    await expect(settings).toContainText('ขณะนี้ท่านยอมรับคุกกี้');
    expect((await choice())?.value).toBe('Y');
    expect((await choice())?.expires).toBeGreaterThan(Date.now() / 1000 + 86_400 * 300);
    await expect(banner(page)).toHaveCount(0);
    await axe();

    // And back: refusing again ends with the browser session.
    await settings.getByRole('button', { name: 'ปฏิเสธคุกกี้' }).click();
    await expect(settings).toContainText('ขณะนี้ท่านปฏิเสธคุกกี้');
    expect((await choice())?.value).toBe('N');
    expect((await choice())?.expires).toBe(-1);
  });

  test('the banner is a bar at the bottom of the screen that never covers the focused element', async ({
    page,
    axe,
  }) => {
    await page.setViewportSize({ width: 360, height: 640 });
    await page.goto('/home');
    await axe();
    // Fixed at the bottom (ADR 110), so the page starts at the top; the page scrolls clear of it.
    expect(await banner(page).evaluate((el) => getComputedStyle(el).position)).toBe('fixed');
    for (let i = 0; i < 25; i++) {
      await page.keyboard.press('Tab');
      const covered = await page.evaluate(() => {
        const el = document.activeElement;
        if (!el || el === document.body) return null;
        el.scrollIntoView({ block: 'nearest' });
        // The first line box: a link that wraps has an empty middle.
        const box = el.getClientRects()[0] ?? el.getBoundingClientRect();
        const top = document.elementFromPoint(box.left + Math.min(box.width / 2, 8), box.top + box.height / 2);
        return top && (top === el || el.contains(top) || top.contains(el)) ? null : el.outerHTML.slice(0, 80);
      });
      expect(covered).toBeNull();
    }
  });
});

test.describe('opening-hours marquee', () => {
  const track = (page: Page) => page.locator('.marquee__track');
  const playState = (page: Page) => track(page).evaluate((el) => getComputedStyle(el).animationPlayState);

  test('scrolls, pauses with its control, on hover and on focus', async ({ page, axe, javaScriptEnabled }) => {
    test.slow();
    await page.goto('/home');
    await axe();
    await page.mouse.move(600, 600);
    await expect(page.locator('.marquee__copy').first()).toHaveText(
      /^เปิดให้บริการ วันจันทร์ - วันศุกร์ เวลา 08\.30 - 15\.00 น\./,
    );
    expect(await track(page).evaluate((el) => getComputedStyle(el).animationName)).toBe('marquee');
    await expect.poll(() => playState(page)).toBe('running');
    if (javaScriptEnabled) {
      // One pixel per 10 ms step: the duration in seconds is the text's width / 100.
      // The script measures with the first frame after it runs (without forcing a layout): poll.
      const paced = () =>
        track(page).evaluate((el) => {
          const seconds = parseFloat(getComputedStyle(el).animationDuration);
          const width = el.querySelector('.marquee__copy')?.getBoundingClientRect().width ?? 0;
          return width > 0 && Math.abs(seconds - width / 100) < 0.05;
        });
      await expect.poll(paced).toBe(true);
    }

    const pause = page.getByRole('checkbox', { name: 'หยุดข้อความเลื่อน' });
    await expect(pause).toBeVisible();
    await pause.check();
    // Away from the control (no hover, no focus), the checkbox alone keeps it paused.
    await pause.blur();
    await page.mouse.move(600, 600);
    await expect.poll(() => playState(page)).toBe('paused');
    await axe();
    await pause.uncheck();
    await pause.blur();
    await page.mouse.move(600, 600);
    await expect.poll(() => playState(page)).toBe('running');

    await page.locator('.marquee__viewport').hover();
    await expect.poll(() => playState(page)).toBe('paused');
    await page.mouse.move(600, 600);
    await expect.poll(() => playState(page)).toBe('running');

    await pause.focus();
    await expect.poll(() => playState(page)).toBe('paused');
  });

  test('a pause holds for the rest of the visit, on every page', async ({ page, axe, javaScriptEnabled }) => {
    test.skip(!javaScriptEnabled, 'the pause is remembered by the enhancement script');
    const marquee = page.locator('[data-marquee]');
    const pause = page.getByRole('checkbox', { name: 'หยุดข้อความเลื่อน' });
    await page.goto('/home');
    await axe();
    await page.mouse.move(600, 600);
    // Until the stored choice is read (when the page is idle) the marquee holds still, then runs.
    await expect(marquee).not.toHaveClass(/marquee--restoring/);
    await expect.poll(() => playState(page)).toBe('running');
    await pause.check();
    await page.goto('/board');
    await axe();
    await page.mouse.move(600, 600);
    await expect(pause).toBeChecked();
    await expect(marquee).not.toHaveClass(/marquee--restoring/);
    await expect.poll(() => playState(page)).toBe('paused');
    await pause.uncheck();
    await page.goto('/home');
    await page.mouse.move(600, 600);
    await expect(marquee).not.toHaveClass(/marquee--restoring/);
    await expect(pause).not.toBeChecked();
    await expect.poll(() => playState(page)).toBe('running');
  });

  test('stands still under reduced motion', async ({ page, axe }) => {
    await page.emulateMedia({ reducedMotion: 'reduce' });
    await page.goto('/home');
    await axe();
    expect(await track(page).evaluate((el) => getComputedStyle(el).animationName)).toBe('none');
    await expect(page.locator('.marquee__copy').first()).toBeVisible();
    await expect(page.locator('.marquee__copy').nth(1)).toBeHidden();
    await expect(page.getByRole('checkbox', { name: 'หยุดข้อความเลื่อน' })).toBeHidden();
  });
});

import { expect, test } from './fixtures';

/** WordPress 6.1's home page with a stock cooperative theme, on the same phone: our ceiling. */
const HOME_MAX_BYTES = 25 * 1024;
const HOME_MAX_REQUESTS = 5;

test.describe('the home page on a phone (412 px, cold cache)', () => {
  // Lighthouse's phone: 412 × 823 CSS px at 1.75 device pixels per CSS pixel. The screen too (the
  // project's desktop screen would be the `device-width` that the browser's preload scanner reads).
  test.use({
    viewport: { width: 412, height: 823 },
    screen: { width: 412, height: 823 },
    deviceScaleFactor: 1.75,
    isMobile: true,
    hasTouch: true,
  });

  test(`weighs at most ${HOME_MAX_BYTES / 1024} KiB in at most ${HOME_MAX_REQUESTS} requests`, async ({
    page,
    axe,
  }) => {
    // A fresh browser context: nothing cached. What goes over the wire is counted as Chromium counts
    // it (encoded bytes, headers included), from the navigation until the network is idle.
    const cdp = await page.context().newCDPSession(page);
    await cdp.send('Network.enable');
    const sent = new Map<string, string>();
    const bytes = new Map<string, number>();
    cdp.on('Network.requestWillBeSent', (event) => {
      if (!event.request.url.startsWith('data:')) sent.set(event.requestId, event.request.url);
    });
    cdp.on('Network.loadingFinished', (event) => bytes.set(event.requestId, event.encodedDataLength));
    await page.goto('/home', { waitUntil: 'load' });
    await page.waitForLoadState('networkidle');
    await page.waitForTimeout(500);

    const total = [...sent.keys()].reduce((sum, id) => sum + (bytes.get(id) ?? 0), 0);
    const list = [...sent].map(([id, url]) => `${bytes.get(id) ?? '?'} ${url}`).join('\n');
    expect(sent.size, list).toBeLessThanOrEqual(HOME_MAX_REQUESTS);
    expect(total, list).toBeLessThanOrEqual(HOME_MAX_BYTES);

    // What the first screen shows is there: the first banner's and the newest item's pictures, as
    // WebP copies, with the rest of the page as text links.
    const firstBanner = page.locator('.banner__image').first();
    const newest = page.locator('.content-grid--latest .content-picture').first();
    for (const picture of [firstBanner, newest]) {
      await expect(picture).toBeVisible();
      expect(await picture.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 1)).toBe(true);
      expect(await picture.evaluate((img: HTMLImageElement) => img.currentSrc)).toMatch(/^.*\/img\/\d+\/.*\.webp$/);
    }
    await expect(page.locator('.content-grid--latest .content-card').nth(1).locator('.content-picture')).toBeHidden();
    await expect(page.locator('.content-grid--photos .content-picture').first()).toBeHidden();
    await expect(page.locator('.content-grid--photos .photo-card__title').first()).toBeVisible();
    await expect(page.locator('.banner__text').nth(1)).toBeVisible();
    await axe();
  });
});

test.describe('the home page on a desktop', () => {
  test.use({ viewport: { width: 1280, height: 800 } });

  test('shows every picture, from WebP copies no wider than it needs', async ({ page, axe }) => {
    await page.goto('/home');
    const pictures = page.locator('.banner__image, .content-picture');
    expect(await pictures.count()).toBeGreaterThan(8);
    // Scrolled through, as a visitor would: the lazy pictures load as they near the screen.
    for (const picture of await pictures.all()) await picture.scrollIntoViewIfNeeded();
    await page.waitForLoadState('networkidle');
    for (const picture of await pictures.all()) {
      const { complete, natural, shown, src } = await picture.evaluate((img: HTMLImageElement) => ({
        complete: img.complete,
        natural: img.naturalWidth,
        shown: img.getBoundingClientRect().width,
        src: img.currentSrc,
      }));
      expect(complete && natural > 1, src).toBe(true);
      expect(src).toMatch(/\/img\/\d+\/.*\.webp$/);
      // At most about twice the width it is shown at (one step of the copies' widths above it).
      expect(natural, src).toBeLessThanOrEqual(Math.max(480, shown * 2.6));
    }
    await page.evaluate(() => window.scrollTo(0, 0));
    await axe();
  });
});

test.describe('WebP copies of content pictures', () => {
  test.skip(({ javaScriptEnabled }) => !javaScriptEnabled, 'answered over HTTP; one project is enough');

  test('are made for stored and default pictures at the offered widths only', async ({ request }) => {
    const photo = await request.get('/img/240/mediafiles/images/content/photo-13.png.webp');
    expect(photo.status()).toBe(200);
    expect(photo.headers()['content-type']).toBe('image/webp');
    expect(photo.headers()['cache-control']).toContain('max-age=');
    const body = await photo.body();
    expect(body.subarray(0, 4).toString('latin1')).toBe('RIFF');
    expect(body.subarray(8, 12).toString('latin1')).toBe('WEBP');
    // The same copy again, from disk, with a validator.
    const again = await request.get('/img/240/mediafiles/images/content/photo-13.png.webp', {
      headers: { 'If-None-Match': photo.headers()['etag'] ?? '' },
    });
    expect(again.status()).toBe(304);
    expect((await request.get('/img/480/picture/Utils/ContentDefault/news.png.webp')).status()).toBe(200);

    for (const refused of [
      '/img/300/mediafiles/images/content/photo-13.png.webp',
      '/img/240/mediafiles/images/content/photo-13.png',
      '/img/240/mediafiles/images/content/no-such-photo.png.webp',
      '/img/240/mediafiles/images/content/%2e%2e/%2e%2e/%2e%2e/session-secret.webp',
      '/img/240/picture/Utils/ContentDefault/unknown.png.webp',
      '/img/240/images/logo.svg.webp',
    ]) {
      expect((await request.get(refused)).status(), refused).toBe(404);
    }
  });
});

import type { Page } from '@playwright/test';

import { expect, expectRelativeTimes, test } from './fixtures';
import { clientScript, scriptUrlsInPage } from './scripts';

const NEWS_DEFAULT = '/picture/Utils/ContentDefault/news.png';

/** The picture of the card whose title link has this name. */
function cardPicture(page: Page, title: string) {
  return page.locator('.content-card', { has: page.getByRole('link', { name: title, exact: true }) }).locator('img');
}

/** Every picture matching `selector` loads (lazy ones are scrolled into view first). */
async function expectLoaded(page: Page, selector: string) {
  const pictures = page.locator(selector);
  const count = await pictures.count();
  expect(count).toBeGreaterThan(0);
  for (let i = 0; i < count; i++) {
    const picture = pictures.nth(i);
    await picture.scrollIntoViewIfNeeded();
    await expect
      .poll(() =>
        picture.evaluate((img) => (img as HTMLImageElement).complete && (img as HTMLImageElement).naturalWidth),
      )
      .toBeGreaterThan(0);
  }
}

/** Public pages render complete HTML and load no framework JavaScript. */
async function expectNoFrameworkScripts(page: Page) {
  expect(
    await page
      .locator('script[type="module"], link[rel="modulepreload"], script[src^="/build/"]:not([src^="/build/client/"])')
      .count(),
  ).toBe(0);
  // The one script is the enhancement script, a file of this site loaded by its hashed inline loader
  // (no other inline script, no nonce: ADR 014, ADR 034).
  const sources = await scriptUrlsInPage(page);
  expect(sources.every((src) => clientScript('enhance').test(src))).toBe(true);
}

test('the home page shows banners, the latest news linking to their pages, the gallery and the rates', async ({
  page,
  axe,
}) => {
  const scripts: string[] = [];
  page.on('request', (r) => {
    if (r.resourceType() === 'script') scripts.push(r.url());
  });
  await page.goto('/home');
  await axe();
  await expectNoFrameworkScripts(page);
  // Remix's assets are under /build/; the pages' own bundles under /build/client/ (ADR 103).
  expect(scripts.filter((s) => s.includes('/build/') && !s.includes('/build/client/'))).toEqual([]);

  await expect(page.locator('.banner')).toHaveCount(4);
  await expect(page.locator('.banner').first()).toContainText('ระบบสมาชิกออนไลน์');

  const latest = page.getByRole('region', { name: 'ข่าวสารล่าสุด' });
  const links = latest.getByRole('heading', { level: 3 }).getByRole('link');
  await expect(links).toHaveCount(6);
  await expect(links.first()).toHaveText('ระวังมิจฉาชีพแอบอ้างเป็นเจ้าหน้าที่สหกรณ์');
  await expectRelativeTimes(latest, 6);

  await expect(page.getByRole('region', { name: 'ภาพกิจกรรม' }).locator('.photo-card')).toHaveCount(4);
  // In http mode the Sahakorn core sends its rate tables as rows (ADR 025).
  const deposit = page.getByRole('table', { name: 'อัตราดอกเบี้ยเงินฝาก' });
  await expect(deposit.getByRole('row', { name: /เงินฝากออมทรัพย์พิเศษ\s.*3\.00/ })).toBeVisible();
  await expect(page.getByRole('table', { name: 'อัตราดอกเบี้ยเงินกู้' }).getByRole('rowheader')).toHaveCount(4);
  await expectLoaded(page, '.banner img, .content-card img');

  const first = links.first();
  const href = await first.getAttribute('href');
  expect(href).toMatch(/^\/show\/\d+$/);
  await first.click();
  await expect(page).toHaveURL(new RegExp(`${href}$`));
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('ระวังมิจฉาชีพแอบอ้างเป็นเจ้าหน้าที่สหกรณ์');
  await axe();
  await expectNoFrameworkScripts(page);
});

test('a topic list pages forward and back, 10 items a page', async ({ page, axe }) => {
  const response = await page.goto('/list/news');
  expect(response?.headers()['cache-control']).toBe('public, no-cache');
  await axe();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('ข่าวประชาสัมพันธ์');
  await expect(page.locator('header.topic--news')).toBeVisible();
  const titles = page.locator('.content-card h2 a');
  await expect(titles).toHaveCount(10);
  const firstPage = await titles.allTextContents();

  const pager = page.getByRole('navigation', { name: 'เลขหน้าข่าวประชาสัมพันธ์' });
  await pager.getByRole('link', { name: 'ถัดไป' }).click();
  await expect(page).toHaveURL(/\/list\/news\?page=2$/);
  await axe();
  await expect(pager.getByText('หน้า 2 จาก 2')).toBeVisible();
  const secondPage = await titles.allTextContents();
  expect(secondPage.length).toBeGreaterThan(0);
  expect(secondPage.filter((t) => firstPage.includes(t))).toEqual([]);

  await pager.getByRole('link', { name: 'ก่อนหน้า' }).click();
  await expect(page).toHaveURL(/\/list\/news$/);
  await expect(titles).toHaveText(firstPage);
  await axe();
});

test('items without a usable picture show the default picture of their type', async ({ page, axe }) => {
  await page.goto('/list/rules');
  await axe();
  await expect(page.locator('.content-card img').first()).toHaveAttribute(
    'src',
    '/picture/Utils/ContentDefault/rule.png',
  );
  await expectLoaded(page, '.content-card img');

  await page.goto('/list/download');
  await axe();
  await expect(page.locator('.content-card img').first()).toHaveAttribute(
    'src',
    '/picture/Utils/ContentDefault/download.png',
  );

  // News whose stored pictures are an SVG (a refused type) and a file that is not there.
  for (const url of ['/list/news', '/list/news?page=2']) {
    await page.goto(url);
    await axe();
    for (const title of ['แนะนำการตั้งรหัสผ่านให้ปลอดภัยสำหรับระบบสมาชิกออนไลน์', 'สหกรณ์ฯ ปรับปรุงพื้นที่บริการสมาชิก ชั้น 1']) {
      const picture = cardPicture(page, title);
      if (await picture.count()) await expect(picture).toHaveAttribute('src', NEWS_DEFAULT);
    }
  }
  const pictures = await page
    .locator('.content-card img')
    .evaluateAll((imgs) =>
      (imgs as HTMLImageElement[]).map((img) => [img.getAttribute('width'), img.getAttribute('height')]),
    );
  expect(pictures.every(([w, h]) => w === '800' && h === '450')).toBe(true);
});

test('content item 1246 is the cooperative history', async ({ page, axe }) => {
  await page.goto('/show/1246');
  await axe();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('ประวัติสหกรณ์');
  await expect(page.getByRole('main')).toContainText('จดทะเบียนเป็นสหกรณ์เมื่อวันที่ 15 สิงหาคม พ.ศ. 2520');
  await expect(page.getByRole('main').locator('time')).toHaveText(/^\d{1,2} \S+ 25\d\d เวลา \d\d:\d\d\sน\.$/);
  await expectLoaded(page, 'main img');
  await expectNoFrameworkScripts(page);
  const description = await page.locator('meta[name="description"]').getAttribute('content');
  expect(description).toContain('ก่อตั้งขึ้น');
});

test('an item with attachments lists them and the file downloads', async ({ page, axe }) => {
  await page.goto('/list/download');
  await axe();
  const first = page.locator('.content-card h2 a').first();
  const title = (await first.textContent()) ?? '';
  await first.click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(title);
  await axe();
  const files = page.getByRole('region', { name: 'เอกสารแนบ' });
  const link = files.getByRole('link', { name: title });
  // In http mode the Sahakorn core sends the sizes too (ADR 025).
  await expect(files.getByRole('listitem').first()).toContainText(/\(PDF, [\d.,]+ (ไบต์|KB)\)/);
  const [download] = await Promise.all([page.waitForEvent('download'), link.click()]);
  expect(download.suggestedFilename()).toMatch(/^form-\d\d\.pdf$|\.pdf$/);
  const stream = await download.createReadStream();
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(chunk as Buffer);
  expect(Buffer.concat(chunks).subarray(0, 5).toString()).toBe('%PDF-');
});

test('a gallery item shows its photos and a video item links to the video', async ({ page, axe }) => {
  await page.goto('/list/activity-gallary');
  await axe();
  await expect(page.locator('header.topic--activity-gallary')).toBeVisible();
  await page.locator('.content-card h2 a').first().click();
  await axe();
  const gallery = page.getByRole('region', { name: /^ภาพกิจกรรม \(\d+ ภาพ\)$/ });
  const photos = gallery.getByRole('img');
  expect(await photos.count()).toBeGreaterThanOrEqual(5);
  await expect(photos.first()).toHaveAccessibleName(/^ภาพที่ 1 จาก \d+: /);
  await photos.first().scrollIntoViewIfNeeded();
  await expect.poll(() => photos.first().evaluate((img) => (img as HTMLImageElement).naturalWidth)).toBe(800);

  await page.goto('/list/video');
  await axe();
  await page.locator('.content-card h2 a').first().click();
  await axe();
  await expect(page.getByRole('link', { name: 'ชมวิดีโอที่ youtube.com' })).toHaveAttribute(
    'href',
    /^https:\/\/www\.youtube\.com\/watch\?v=/,
  );
});

test('unknown topics, items and pages answer with the not-found page', async ({ page, axe, allowConsoleError }) => {
  allowConsoleError(/status of 404/);
  for (const url of ['/list/unknown', '/show/999999', '/show/abc', '/list/news?page=99', '/list/policy']) {
    const response = await page.goto(url);
    expect(response?.status(), url).toBe(404);
    await expect(page.getByRole('heading', { level: 1, name: 'ขออภัย!ไม่พบหน้าเว็บไซต์ที่ค้นหา...' })).toBeVisible();
    await axe();
  }
  const media = await page.request.get('/mediafiles/images/content/infographic.svg');
  expect(media.status()).toBe(404);
});

test('the colours page lists the palette with contrast ratios, without the site layout', async ({ page, axe }) => {
  await page.goto('/colors');
  await axe();
  await expectNoFrameworkScripts(page);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('ชุดสีของเว็บไซต์');
  await expect(page.getByRole('navigation', { name: 'เมนูหลัก' })).toHaveCount(0);
  const palette = page.getByRole('table', { name: /^สีทั้งหมด/ });
  expect(await palette.getByRole('rowheader').count()).toBeGreaterThanOrEqual(20);
  const ink = palette.getByRole('row', { name: /^หมึก ตัวอักษรหลัก/ });
  await expect(ink).toContainText('#1d2520');
  await expect(ink).toContainText('ผ่าน AAA');
  const white = palette.getByRole('row', { name: /^ขาว / });
  // Cells: swatch, value, on white, on black (the name is the row header).
  await expect(white.getByRole('cell').nth(2)).toHaveText('1.00:1 ไม่ผ่าน');
  await expect(white.getByRole('cell').nth(3)).toHaveText('21.00:1 ผ่าน AAA');
  const pairs = page.getByRole('table', { name: 'คู่สีตัวอักษรและพื้นที่ใช้จริงบนเว็บไซต์' });
  await expect(pairs.getByText('ไม่ผ่าน')).toHaveCount(0);
});

test('both privacy policy pages render inside the site layout', async ({ page, axe }) => {
  await page.goto('/privacy-policy/cookies-policy');
  await axe();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('นโยบายการใช้คุกกี้');
  await expect(page.getByRole('main')).toContainText('acceptCookie');
  await expect(page.getByRole('navigation', { name: 'เมนูหลัก' }).first()).toBeAttached();
  await page
    .getByRole('navigation', { name: 'นโยบายของเว็บไซต์' })
    .getByRole('link', { name: 'นโยบายคุ้มครองข้อมูลส่วนบุคคล' })
    .click();
  await expect(page).toHaveURL(/\/privacy-policy\/private-policy$/);
  await axe();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('นโยบายคุ้มครองข้อมูลส่วนบุคคล');
  await expect(page.getByRole('heading', { level: 2, name: '6. สิทธิของเจ้าของข้อมูลส่วนบุคคล' })).toBeVisible();
  await expect(page.getByRole('main')).toContainText('สำนักงานคณะกรรมการคุ้มครองข้อมูลส่วนบุคคล');
});

test.describe('on a 412 px phone', () => {
  test.use({ viewport: { width: 412, height: 915 } });

  test('the home page weighs at most 25 KiB without photos and nothing shifts', async ({
    page,
    axe,
    javaScriptEnabled,
  }) => {
    const sizes: Promise<{ url: string; type: string; bytes: number }>[] = [];
    page.on('requestfinished', (request) => {
      sizes.push(
        request.sizes().then((s) => ({
          url: request.url(),
          type: request.resourceType(),
          bytes: s.responseBodySize + s.responseHeadersSize,
        })),
      );
    });
    await page.goto('/home', { waitUntil: 'networkidle' });
    // Measured before axe's checks, which resize the page to phone widths. Layout shifts are measured with a PerformanceObserver, which needs scripts; the rest holds for both.
    const shift = !javaScriptEnabled
      ? 0
      : await page.evaluate(
          () =>
            new Promise<number>((resolve) => {
              let total = 0;
              new PerformanceObserver((list) => {
                for (const entry of list.getEntries()) total += (entry as unknown as { value: number }).value;
              }).observe({ type: 'layout-shift', buffered: true });
              setTimeout(() => resolve(total), 300);
            }),
        );
    expect(shift).toBe(0);
    await axe();
    const all = await Promise.all(sizes);
    const withoutPhotos = all.filter((r) => r.type !== 'image' || r.url.endsWith('.svg'));
    const total = withoutPhotos.reduce((sum, r) => sum + r.bytes, 0);
    expect(total, JSON.stringify(withoutPhotos)).toBeLessThanOrEqual(25 * 1024);
    // The stylesheet is in the document's head (ADR 022): no request for it, and it applies.
    expect(all.some((r) => r.type === 'stylesheet')).toBe(false);
    expect(await page.locator('body').evaluate((el) => getComputedStyle(el).fontFamily)).toContain('Noto Sans Thai');
    expect(all.some((r) => r.type === 'font')).toBe(false);

    const unsized = await page.$$eval('img', (imgs) =>
      imgs.filter((img) => !img.getAttribute('width') || !img.getAttribute('height')).map((img) => img.src),
    );
    expect(unsized).toEqual([]);
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth > window.innerWidth);
    expect(overflow).toBe(false);
  });
});

import { expect, test } from './fixtures';
import { scriptUrlsInPage } from './scripts';

test('home shows the cooperative, the menu with its fixed first entry and the footer', async ({ page, axe }) => {
  await page.goto('/home');
  await expect(page.getByRole('heading', { level: 1, name: 'สหกรณ์ออมทรัพย์สหกรณ์ตัวอย่าง จำกัด' })).toBeVisible();
  const nav = page.getByRole('navigation', { name: 'เมนูหลัก' });
  await expect(nav.getByRole('link').first()).toHaveText('หน้าแรก');
  const footer = page.getByRole('contentinfo');
  for (const [name, href] of [
    ['หน้าแรก', '/home'],
    ['ประวัติสหกรณ์', '/show/1246'],
    ['บริการเงินกู้', '/list/services-loan'],
    ['ระเบียบ ข้อบังคับ', '/list/rules'],
    ['ดาวน์โหลดเอกสาร', '/list/download'],
  ] as const) {
    await expect(footer.getByRole('link', { name, exact: true })).toHaveAttribute('href', href);
  }
  await expect(footer.locator('a[href^="tel:"]').first()).toBeVisible();
  await expect(page.getByRole('heading', { name: 'ข่าวสารล่าสุด' })).toBeVisible();
  await axe();
});

test('public pages ship no framework JavaScript, only the enhancement script', async ({ page, axe }) => {
  const scripts: string[] = [];
  page.on('request', (r) => {
    if (r.resourceType() === 'script') scripts.push(new URL(r.url()).pathname);
  });
  await page.goto('/home');
  await axe();
  expect(scripts.filter((s) => s !== '/enhance.js')).toEqual([]);
  expect(await scriptUrlsInPage(page)).toEqual([expect.stringMatching(/^\/enhance\.js\?v=/)]);
});

test('public pages carry the public stylesheet in their head, allowed by its hash; member pages link it and the member rules', async ({
  page,
  axe,
}) => {
  const sheets: string[] = [];
  page.on('request', (r) => {
    if (r.resourceType() === 'stylesheet') sheets.push(new URL(r.url()).pathname);
  });
  const response = await page.goto('/home');
  await axe();
  expect(sheets).toEqual([]);
  const inline = await page.locator('head style').evaluateAll((els) => els.map((e) => e.textContent ?? ''));
  expect(inline).toHaveLength(1);
  // Only the public rules: the member area's own are in member.css (ADR 032).
  expect(inline[0]).toContain('.site-header');
  expect(inline[0]).not.toContain('.member-nav');
  const digest = await page.evaluate(async (css) => {
    const hash = await crypto.subtle.digest('SHA-256', new TextEncoder().encode(css));
    return btoa(String.fromCharCode(...new Uint8Array(hash)));
  }, inline[0] ?? '');
  const csp = (await response?.allHeaders())?.['content-security-policy'] ?? '';
  expect(csp).toContain(`style-src 'self' 'sha256-${digest}'`);
  // The stylesheet applies (a blocked one would leave the header unstyled and log a CSP error).
  const styled = (selector: string) =>
    page
      .locator(selector)
      .first()
      .evaluate((el) => getComputedStyle(el).backgroundColor);
  expect(await styled('.site-header')).not.toBe('rgba(0, 0, 0, 0)');

  await page.goto('/member/logon');
  await axe();
  expect(sheets).toEqual([
    expect.stringMatching(/^\/build\/_assets\/app-[A-Z0-9]+\.css$/),
    expect.stringMatching(/^\/build\/_assets\/member-[A-Z0-9]+\.css$/),
  ]);
  // The member area's own rules apply there (the links under the login form sit in a row).
  expect(await page.locator('.auth-card__links').evaluate((el) => getComputedStyle(el).display)).toBe('flex');
  await expect(page.locator('head style')).toHaveCount(0);
  expect(await page.locator('body').evaluate((el) => getComputedStyle(el).fontFamily)).toContain('Noto Sans Thai');
});

test.describe('on a 360 px phone', () => {
  test.use({ viewport: { width: 360, height: 740 } });

  test('the menu opens without scripts and an empty submenu says so', async ({ page, axe }) => {
    await page.goto('/home');
    await axe();
    const toggle = page.getByText('เมนู', { exact: true });
    await expect(toggle).toBeVisible();
    const nav = page.getByRole('navigation', { name: 'เมนูหลัก' });
    await expect(nav.getByRole('link', { name: 'หน้าแรก' })).toBeHidden();
    await toggle.click();
    await expect(nav.getByRole('link', { name: 'หน้าแรก' })).toBeVisible();
    await nav.getByText('รายงาน', { exact: true }).click();
    await expect(nav.getByText('ยังไม่พบเมนู')).toBeVisible();
    await nav.getByText('เกี่ยวกับสหกรณ์', { exact: true }).click();
    await expect(nav.getByRole('link', { name: 'ประวัติสหกรณ์' })).toHaveAttribute('href', '/show/1246');
    await axe();
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth > window.innerWidth);
    expect(overflow).toBe(false);
  });
});

test('an unknown path shows the not-found page with HTTP 404', async ({ page, axe, allowConsoleError }) => {
  allowConsoleError(/status of 404/);
  const response = await page.goto('/no/such/page');
  expect(response?.status()).toBe(404);
  await expect(page.getByRole('heading', { level: 1, name: 'ขออภัย!ไม่พบหน้าเว็บไซต์ที่ค้นหา...' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'กลับสู่หน้าแรก' })).toHaveAttribute('href', '/home');
  await axe();
});

test('a render failure shows the crash page with HTTP 500 and no details', async ({ page, axe, allowConsoleError }) => {
  allowConsoleError(/status of 500/);
  const response = await page.goto('/test/crash');
  expect(response?.status()).toBe(500);
  await expect(
    page.getByRole('heading', { level: 1, name: 'ขออภัย! หน้าเพจนี้ไม่พร้อมให้บริการชั่วคราว กรุณาลองใหม่ในภายหลัง' }),
  ).toBeVisible();
  await expect(page.getByRole('link', { name: 'ลองใหม่อีกครั้ง' })).toHaveAttribute('href', '/test/crash');
  await expect(page.getByRole('link', { name: 'กลับสู่หน้าแรก' })).toHaveAttribute('href', '/home');
  const html = await page.content();
  expect(html).not.toContain('Deliberate render failure');
  expect(html).not.toMatch(/at \w+ \(/);
  await axe();
});

test('the loading page shows the logo and the cooperative', async ({ page, axe }) => {
  await page.goto('/load');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('สหกรณ์ออมทรัพย์สหกรณ์ตัวอย่าง จำกัด');
  await axe();
});

test('every page carries the security headers and an enforced CSP with a fresh nonce', async ({ request }) => {
  const first = await request.get('/home');
  const second = await request.get('/member/logon');
  const csp = first.headers()['content-security-policy'] ?? '';
  expect(csp).toContain("frame-ancestors 'none'");
  // Scripts need the nonce, a hash, or a trusted script that loaded them: no address allow-list (ADR 034).
  expect(csp).toMatch(/script-src 'nonce-[A-Za-z0-9+/=]+' 'strict-dynamic' /);
  expect(csp).not.toContain('unsafe-inline');
  expect(first.headers()['strict-transport-security']).toBe('max-age=31536000; includeSubDomains');
  expect(first.headers()['x-content-type-options']).toBe('nosniff');
  expect(first.headers()['referrer-policy']).toBe('strict-origin-when-cross-origin');
  const nonce = (h: string) => /'nonce-([^']+)'/.exec(h)?.[1];
  expect(nonce(csp)).not.toBe(nonce(second.headers()['content-security-policy'] ?? ''));
  const body = await second.text();
  const scriptNonces = [...body.matchAll(/<script[^>]*nonce="([^"]+)"/g)].map((m) => m[1]);
  expect(scriptNonces.length).toBeGreaterThan(0);
  expect(new Set(scriptNonces)).toEqual(new Set([nonce(second.headers()['content-security-policy'] ?? '')]));
  expect(second.headers()['cache-control']).toBe('private, no-store');
});

test('healthz (liveness) and readyz (database and migrations) answer, with a request id', async ({ request }) => {
  const live = await request.get('/healthz');
  expect(live.status()).toBe(200);
  expect(await live.json()).toEqual({ status: 'ok' });
  const ready = await request.get('/readyz');
  expect(ready.status()).toBe(200);
  expect(await ready.json()).toEqual({ status: 'ready' });
  expect(ready.headers()['cache-control']).toBe('no-store');
  expect(ready.headers()['x-request-id']).toMatch(/^[0-9a-f]{32}$/);
  expect(ready.headers()['x-request-id']).not.toBe(live.headers()['x-request-id']);
});

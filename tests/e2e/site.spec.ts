import fs from 'node:fs';

import type { Page } from '@playwright/test';

import { expect, test } from './fixtures';
import { clientScript, scriptName, scriptUrlsInPage } from './scripts';

/** The class names a stylesheet's selectors name. */
function classesOf(file: string): Set<string> {
  const css = fs.readFileSync(file, 'utf8').replace(/\/\*[\s\S]*?\*\//g, '');
  const selectors = [...css.matchAll(/([^{}]+)\{/g)].map((m) => m[1] ?? '').filter((s) => !s.trim().startsWith('@'));
  return new Set(selectors.flatMap((s) => [...s.matchAll(/\.(-?[a-zA-Z_][\w-]*)/g)].map((m) => m[1] ?? '')));
}

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
    ['นโยบายคุ้มครองข้อมูลส่วนบุคคล', '/privacy-policy/private-policy'],
    ['นโยบายการใช้คุกกี้', '/privacy-policy/cookies-policy'],
  ] as const) {
    await expect(footer.getByRole('link', { name, exact: true })).toHaveAttribute('href', href);
  }
  await expect(footer.locator('a[href^="tel:"]').first()).toBeVisible();
  // Each phone number once.
  const phones = await footer
    .locator('a[href^="tel:"]')
    .evaluateAll((links) => links.map((a) => a.getAttribute('href')));
  expect(phones.length).toBeGreaterThan(1);
  expect(new Set(phones).size).toBe(phones.length);
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
  expect(scripts.filter((s) => scriptName(s) !== 'enhance')).toEqual([]);
  expect(await scriptUrlsInPage(page)).toEqual([expect.stringMatching(clientScript('enhance'))]);
});

/** The base64 SHA-256 of a text, computed in the page (as the browser checks a CSP hash). */
async function sha256InPage(page: Page, text: string): Promise<string> {
  return page.evaluate(async (css) => {
    const hash = await crypto.subtle.digest('SHA-256', new TextEncoder().encode(css));
    return btoa(String.fromCharCode(...new Uint8Array(hash)));
  }, text);
}

test('public pages carry the public stylesheet in their head, allowed by its hash', async ({ page, axe }) => {
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
  const digest = await sha256InPage(page, inline[0] ?? '');
  const csp = (await response?.allHeaders())?.['content-security-policy'] ?? '';
  expect(csp).toContain(`style-src 'self' 'sha256-${digest}'`);
  // The stylesheet applies (a blocked one would leave the header unstyled and log a CSP error).
  const styled = (selector: string) =>
    page
      .locator(selector)
      .first()
      .evaluate((el) => getComputedStyle(el).backgroundColor);
  expect(await styled('.site-header')).not.toBe('rgba(0, 0, 0, 0)');
});

test("member pages link the member area's one stylesheet, cached for a year, and keep it on the next page", async ({
  page,
  axe,
  signedInMember: _member,
}) => {
  const sheets: { path: string; cacheControl: string }[] = [];
  page.on('response', async (r) => {
    if (r.request().resourceType() === 'stylesheet')
      sheets.push({ path: new URL(r.url()).pathname, cacheControl: (await r.allHeaders())['cache-control'] ?? '' });
  });
  const response = await page.goto('/member/status');
  await axe();
  // One stylesheet, the site's rules and the member area's, in no inline text (ADR 089).
  const links = await page
    .locator('head link[rel="stylesheet"]')
    .evaluateAll((els) => els.map((e) => e.getAttribute('href')));
  expect(links).toEqual([expect.stringMatching(/^\/build\/_assets\/member-area-[A-Z0-9]+\.css$/)]);
  expect(await page.locator('head style').count()).toBe(0);
  await expect.poll(() => sheets.map((s) => s.path)).toEqual([links[0]]);
  expect(sheets[0]?.cacheControl).toMatch(/max-age=31536000.*immutable|immutable.*max-age=31536000/);
  const csp = (await response?.allHeaders())?.['content-security-policy'] ?? '';
  const styleSrc = csp.split(';').find((d) => d.trim().startsWith('style-src')) ?? '';
  expect(styleSrc).toMatch(/^\s*style-src 'self'/);
  expect(styleSrc).not.toContain('unsafe-inline');
  const memberRulesApply = async () => {
    // The member area's own rules (its menu is a list without bullets) and the site's (its font).
    expect(await page.locator('.member-nav__list').evaluate((el) => getComputedStyle(el).listStyleType)).toBe('none');
    expect(await page.locator('body').evaluate((el) => getComputedStyle(el).fontFamily)).toContain('Noto Sans Thai');
  };
  await memberRulesApply();
  // Search engines and Lighthouse find a description.
  await expect(page.locator('meta[name="description"]')).toHaveAttribute('content', /บริการสมาชิกออนไลน์/);

  // The next member page links the same file.
  await page.getByRole('navigation', { name: 'เมนูสมาชิก' }).getByRole('link', { name: 'เงินกู้', exact: true }).click();
  await expect(page).toHaveURL(/\/member\/loan$/);
  await expect(page.getByRole('heading', { level: 1, name: 'เงินกู้' })).toBeVisible();
  await axe();
  expect(
    await page.locator('head link[rel="stylesheet"]').evaluateAll((els) => els.map((e) => e.getAttribute('href'))),
  ).toEqual(links);
  await memberRulesApply();
});

test('no class on a public page is styled only in member.css, which public pages do not load', async ({
  page,
  axe,
  allowConsoleError,
}) => {
  allowConsoleError(/status of 404/);
  const publicClasses = classesOf('app/styles/app.css');
  const memberOnly = [...classesOf('app/styles/member.css')].filter((c) => !publicClasses.has(c));
  expect(memberOnly).toContain('member-nav');
  const pages = [
    '/home',
    '/list/news',
    '/board',
    '/demand',
    '/search?q=%E0%B8%AA%E0%B8%AB%E0%B8%81%E0%B8%A3%E0%B8%93%E0%B9%8C',
  ];
  await page.goto('/board');
  const topic = await page.locator('main a[href^="/boardShow/"]').first().getAttribute('href');
  await page.goto('/list/news');
  const item = await page.locator('main a[href^="/show/"]').first().getAttribute('href');
  const found: string[] = [];
  for (const path of [...pages, topic ?? '/board', item ?? '/list/news', '/boardPost', '/no-such-page']) {
    await page.goto(path);
    await axe();
    const used = await page.evaluate(() =>
      [...document.querySelectorAll('[class]')].flatMap((el) => [...el.classList]),
    );
    found.push(...new Set(used.filter((c) => memberOnly.includes(c)).map((c) => `${path}: .${c}`)));
  }
  expect(found).toEqual([]);
  // The pager of a public list is styled: its links sit in a row, not a bulleted list.
  await page.goto('/board');
  await axe();
  expect(await page.locator('.pager ul').evaluate((el) => getComputedStyle(el).display)).toBe('flex');
});

test.describe('on a 360 px phone', () => {
  test.use({ viewport: { width: 360, height: 740 } });

  test('the menu opens without scripts, one drop-down at a time', async ({ page, axe }) => {
    await page.goto('/home');
    await axe();
    const toggle = page.getByText('เมนู', { exact: true });
    await expect(toggle).toBeVisible();
    const nav = page.getByRole('navigation', { name: 'เมนูหลัก' });
    await expect(nav.getByRole('link', { name: 'หน้าแรก' })).toBeHidden();
    await toggle.click();
    await expect(nav.getByRole('link', { name: 'หน้าแรก' })).toBeVisible();
    await nav.getByText('รายงาน', { exact: true }).click();
    await expect(nav.getByRole('link', { name: 'รายงานกิจการ', exact: true })).toHaveAttribute(
      'href',
      '/list/bussiness_report',
    );
    await nav.getByText('เกี่ยวกับสหกรณ์', { exact: true }).click();
    await expect(nav.getByRole('link', { name: 'ประวัติสหกรณ์' })).toHaveAttribute('href', '/show/1246');
    await expect(nav.getByRole('link', { name: 'รายงานกิจการ', exact: true })).toBeHidden();
    await axe();
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth > window.innerWidth);
    expect(overflow).toBe(false);
  });
});

test('desktop drop-downs show a cue, open one at a time and do not overlap', async ({ page, axe }) => {
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.goto('/home');
  const nav = page.getByRole('navigation', { name: 'เมนูหลัก' }).first();
  const about = nav.locator('summary', { hasText: 'เกี่ยวกับสหกรณ์' });
  expect(await about.evaluate((el) => getComputedStyle(el, '::after').borderRightStyle)).toBe('solid');
  await about.click();
  await expect(nav.getByRole('link', { name: 'ประวัติสหกรณ์' })).toBeVisible();
  await nav.locator('summary', { hasText: 'ข่าวสาร' }).click();
  await expect(nav.getByRole('link', { name: 'ข่าวประชาสัมพันธ์', exact: true })).toBeVisible();
  await expect(nav.getByRole('link', { name: 'ประวัติสหกรณ์' })).toBeHidden();
  expect(await nav.locator('details[open]').count()).toBe(1);
  await axe();
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
  // The incident number support looks up in the logs: this request's id.
  const requestId = response?.headers()['x-request-id'] ?? '';
  expect(requestId).toMatch(/^[0-9a-f]{32}$/);
  // In groups of four, to be read out to staff; at 320 px a line breaks between groups only.
  const grouped = requestId.match(/.{4}/g)?.join(' ') ?? '';
  await expect(page.getByText(`เลขที่อ้างอิง ${grouped}`)).toBeVisible();
  await page.setViewportSize({ width: 320, height: 640 });
  const lines = await page.locator('#incident-number').evaluate((el) => {
    const range = document.createRange();
    const text = el.firstChild!;
    const starts: number[] = [];
    let top = -Infinity;
    for (let i = 0; i < (text.textContent ?? '').length; i++) {
      range.setStart(text, i);
      range.setEnd(text, i + 1);
      const y = range.getBoundingClientRect().top;
      if (y > top + 1) starts.push(i);
      top = Math.max(top, y);
    }
    return starts;
  });
  // Each line starts a group: the first character or one after a space (groups are 5 apart).
  for (const start of lines) expect(start % 5).toBe(0);
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

import type { Page } from '@playwright/test';

import { DEMO, E2E_HTTP_MODE, expect, logIn, signIn, test } from './fixtures';
import { phoneLayoutProblems } from './layout-check';

// Every page here goes through the fixture's axe(), which also checks its layout at 320 and 360 px
// (layout-check.ts): no sideways scrolling, every money figure fully on screen, and after a failed
// submit nothing fixed or absolute over a form control. Any other test's pages get the same check.
test.use({ viewport: { width: 360, height: 740 } });

/** Visit each link's page once and check it. */
async function visitAll(page: Page, axe: (page?: Page) => Promise<void>, hrefs: Iterable<string>) {
  for (const href of new Set(hrefs)) {
    await page.goto(href);
    await axe();
  }
}

async function hrefsOf(page: Page, selector: string, limit = 50): Promise<string[]> {
  const all = await page.locator(selector).evaluateAll((links) => links.map((a) => a.getAttribute('href') ?? ''));
  return all.filter((h) => h.startsWith('/')).slice(0, limit);
}

test('every list page of the menu fits a phone', async ({ page, axe }) => {
  // One page per category of the menu, each checked by axe and at two widths: a long test.
  test.setTimeout(480_000);
  await page.goto('/home');
  await axe();
  await visitAll(page, axe, await hrefsOf(page, '.site-nav--desktop a[href^="/list/"]'));
});

test('every other public page fits a phone', async ({ page, axe }) => {
  await page.goto('/list/news');
  await axe();
  const first = (await hrefsOf(page, 'main a[href^="/show/"]', 1))[0];
  await visitAll(page, axe, [
    ...(first ? [first] : []),
    '/board',
    '/demand',
    '/privacy-policy/cookies-policy',
    '/privacy-policy/private-policy',
    '/search?q=%E0%B8%AA%E0%B8%AB%E0%B8%81%E0%B8%A3%E0%B8%93%E0%B9%8C',
  ]);
  await page.goto('/board');
  await visitAll(page, axe, await hrefsOf(page, 'main a[href^="/boardShow/"]', 1));
  await page.goto('/demand');
  await visitAll(page, axe, await hrefsOf(page, 'main a[href^="/showdemand/"]', 1));
});

test('every member page fits a phone, and so does the printable month', async ({ page, axe }) => {
  await signIn(page, axe, DEMO);
  // The answers a member comes for are on the first screen: shares, debt, this month's bill.
  const figures = page.getByRole('main').locator('.key-figures dd');
  await expect(figures).toHaveCount(3);
  await expect(page.getByRole('main').locator('.key-figures dt')).toContainText([
    'ทุนเรือนหุ้นสะสม',
    'หนี้เงินกู้คงเหลือรวม',
    /^ยอดเรียกเก็บ/,
  ]);
  for (const figure of await figures.all()) await expect(figure).toHaveText(/^[\d,]+\.\d\d บาท$/);
  expect((await figures.last().boundingBox())?.y ?? Infinity).toBeLessThan(740 - 40);
  for (const path of ['share', 'loan', 'deposit', 'kep', 'kepcrem', 'coll', 'dividend', 'gian']) {
    await page.goto(`/member/${path}`);
    await axe();
    if (path === 'loan') await visitAll(page, axe, await hrefsOf(page, 'main a[href^="/member/loan_statement/"]', 2));
    if (path === 'deposit') await visitAll(page, axe, await hrefsOf(page, 'main a[href^="/member/dep_statement/"]', 2));
    if (path === 'kep') await visitAll(page, axe, await hrefsOf(page, 'main a[href^="/member/kep/"]', 1));
  }
  await visitAll(page, axe, ['/member/welfare?tab=received', '/member/welfare?tab=eligible']);
});

test('the money figures of kep, kepcrem and the statements are fully on a 320 px screen', async ({ page, axe }) => {
  await signIn(page, axe, DEMO);
  await page.goto('/member/kep');
  // The detail lines of a month are in a <details>: opened, they are checked too.
  await page.locator('main details summary').first().click();
  await axe();
  await page.goto('/member/kepcrem');
  await page.locator('main details summary').first().click();
  await axe();
  // Each row of a money table is a card: the figures are not in a sideways-scrolling region.
  await page.goto('/member/share');
  await page.setViewportSize({ width: 320, height: 640 });
  const table = page.getByRole('table', { name: /รายการเคลื่อนไหวทุนเรือนหุ้น/ });
  await expect(table.getByRole('columnheader', { name: 'ทุนเรือนหุ้นคงเหลือ (บาท)' })).toBeAttached();
  const region = page.locator('.table-scroll').filter({ has: page.locator('#share-table') });
  expect(await region.evaluate((el) => el.scrollWidth <= el.clientWidth)).toBe(true);
  expect(await phoneLayoutProblems(page)).toEqual([]);
  await axe();
});

test.describe('after a failed submit nothing covers a field', () => {
  test('login, register and forgotten password', async ({ page, axe, allowConsoleError }) => {
    allowConsoleError(/status of 400/);
    // Register and forget ask for the identity first, then a code (ADR 038); in http mode they are
    // not offered at all.
    const forms: (readonly [string, string])[] = [['/member/logon', 'เข้าสู่ระบบ']];
    if (!E2E_HTTP_MODE) forms.push(['/member/register', 'ขอรหัสยืนยัน'], ['/member/forget', 'ขอรหัสยืนยัน']);
    for (const [path, button] of forms) {
      await page.goto(path);
      await axe();
      await page.getByRole('button', { name: button, exact: true }).click();
      await expect(page.getByRole('alert')).toContainText('มีข้อผิดพลาด');
      await axe();
    }
  });

  test('a new board topic and a statement filter', async ({ page, axe, allowConsoleError }) => {
    allowConsoleError(/status of 400/);
    await page.goto('/boardPost');
    await axe();
    await page.getByRole('button', { name: 'ตั้งกระทู้' }).click();
    await expect(page.getByRole('alert')).toContainText('มีข้อผิดพลาด');
    await axe();
    await signIn(page, axe, DEMO);
    await page.goto('/member/share?from=99%2F99%2F2568');
    await expect(page.locator('[aria-invalid="true"]')).toHaveCount(1);
    await axe();
    await page.goto('/member/password');
    await axe();
    await page.getByRole('button', { name: 'บันทึกรหัสผ่านใหม่' }).click();
    await expect(page.getByRole('alert')).toContainText('มีข้อผิดพลาด');
    await axe();
  });
});

test('the home page on a phone: one compact header, no hero, the news on the first screen', async ({
  page,
  axe,
  baseURL,
}) => {
  await page.context().addCookies([{ name: 'acceptCookie', value: 'Y', url: baseURL ?? '' }]);
  await page.goto('/home');
  await axe();
  const header = page.getByRole('banner');
  await expect(header.getByRole('link', { name: /สหกรณ์ออมทรัพย์สหกรณ์ตัวอย่าง จำกัด/ })).toBeVisible();
  await expect(header.getByRole('link', { name: 'เข้าสู่ระบบสมาชิก' })).toBeVisible();
  await expect(header.getByText('เมนู', { exact: true })).toBeVisible();
  // The header's login is the only one: nothing in the page repeats it.
  await expect(page.getByRole('main').getByRole('link', { name: 'เข้าสู่ระบบสมาชิก' })).toHaveCount(0);
  const headerBox = await header.boundingBox();
  expect(headerBox?.height).toBeLessThan(240);
  const firstCard = page.getByRole('region', { name: 'ข่าวสารล่าสุด' }).getByRole('listitem').first();
  const card = await firstCard.boundingBox();
  expect(card?.y).toBeLessThan(740 - 40);
});

test('a notice is part of the page at the top of main, not fixed over it', async ({ page, axe }) => {
  await page.goto('/member/logon');
  await axe();
  await logIn(page, DEMO.membershipNo, DEMO.password);
  await expect(page).toHaveURL(/\/member\/status$/);
  const notice = page.getByRole('main').getByRole('status');
  await expect(notice.locator('.notice')).toHaveCount(1);
  expect(await notice.evaluate((el) => getComputedStyle(el).position)).toBe('static');
  // Before the page's heading: the first thing the member reads in <main>.
  const [noticeBox, headingBox] = await Promise.all([
    notice.boundingBox(),
    page.getByRole('heading', { level: 1 }).boundingBox(),
  ]);
  expect(noticeBox?.y ?? Infinity).toBeLessThan(headingBox?.y ?? 0);
  await axe();
});

import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';

import { expect, expectMemberPage, test } from './fixtures';
import { clientScript, scriptUrlsInPage } from './scripts';

test('the member layout highlights the current menu entry and links home, back and to the top', async ({
  page,
  axe,
  signedInMember: _member,
}) => {
  const menu = page.getByRole('navigation', { name: 'เมนูสมาชิก' });
  await expect(menu.getByRole('link', { name: 'ข้อมูลส่วนตัว' })).toHaveAttribute('aria-current', 'page');
  const labels = await menu.getByRole('listitem').allInnerTexts();
  expect(labels.map((l) => l.trim())).toEqual([
    'ข้อมูลส่วนตัว',
    'ทุนเรือนหุ้น',
    'เงินกู้',
    'เงินฝาก',
    'รายการเรียกเก็บประจำเดือน',
    'รายการเรียกเก็บสมาคมฌาปนกิจ',
    'การค้ำประกัน',
    'เงินปันผล',
    'ผู้รับผลประโยชน์',
    'สวัสดิการ',
    'เปลี่ยนรหัสผ่าน',
    'ความปลอดภัยของบัญชี',
    'ออกจากระบบ',
  ]);
  await expect(menu.getByRole('link', { name: 'กลับสู่หน้าหลักเว็บไซต์' })).toHaveAttribute('href', '/home');
  // The status page is the top: no back link there; elsewhere back leads up one level.
  await expect(page.getByRole('link', { name: 'ย้อนกลับ' })).toHaveCount(0);
  await expect(page.getByRole('link', { name: 'กลับขึ้นด้านบน' })).toHaveAttribute('href', '#top');
  const sidebar = await menu.evaluate((el) => el.getBoundingClientRect().width);
  expect(sidebar).toBe(256);
  expect((await page.request.get('/member/status')).headers()['cache-control']).toBe('private, no-store');
  // A script navigation's data, and a 404 of another member's record, are kept by no cache either: the
  // server's cache policy decides for every member page, not each route.
  const data = await page.request.get('/member/share?_data=routes%2Fmember.share');
  expect(data.headers()['cache-control']).toBe('private, no-store');
  const missing = await page.request.get('/member/dep_statement/0?_data=routes%2Fmember.dep_statement.%24statement');
  expect(missing.status()).toBe(404);
  expect(missing.headers()['cache-control']).toBe('private, no-store');
  await axe();

  await menu.getByRole('link', { name: 'รายการเรียกเก็บประจำเดือน' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'รายการเรียกเก็บประจำเดือน' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'ย้อนกลับ' })).toHaveAttribute('href', '/member/status');
  await axe();
  await page.getByRole('main').getByRole('link', { name: 'รายการเรียกเก็บสมาคมฌาปนกิจ' }).click();
  await expectMemberPage(page, 'รายการเรียกเก็บสมาคมฌาปนกิจ');
  await axe();
});

/**
 * axe on the open drawer itself: with it open the page behind is inert, so the page-wide rules (one
 * main landmark, one h1) find nothing there, as for any modal; the page was checked before it opened.
 */
async function drawerViolations(page: Page, axe: () => Promise<void>): Promise<string[]> {
  // Without scripts the fixture checks the page's HTML in a helper page (as it was served, drawer shut).
  if (!test.info().project.use.javaScriptEnabled) {
    await axe();
    return [];
  }
  const results = await new AxeBuilder({ page })
    .include('#member-menu')
    .options({ resultTypes: ['violations'] })
    .analyze();
  return results.violations.map((v) => `${v.id}: ${v.help}`);
}

test.describe('below 1024 px', () => {
  test.use({ viewport: { width: 360, height: 740 } });

  test('the side menu is a drawer that opens and closes without scripts', async ({
    page,
    axe,
    signedInMember: _member,
  }) => {
    const menu = page.getByRole('navigation', { name: 'เมนูสมาชิก' });
    await expect(menu).toBeHidden();
    await page.getByRole('link', { name: 'เมนูสมาชิก' }).click();
    await expect(menu).toBeVisible();
    await expect(menu.getByRole('link', { name: 'ข้อมูลส่วนตัว' })).toHaveAttribute('aria-current', 'page');
    expect(await drawerViolations(page, axe)).toEqual([]);
    await menu.getByRole('link', { name: 'ปิดเมนู' }).click();
    await expect(menu).toBeHidden();
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth > window.innerWidth);
    expect(overflow).toBe(false);
  });

  test('the open drawer keeps the keyboard in it: close link first, nothing behind it takes a Tab stop, Esc closes it', async ({
    page,
    axe,
    signedInMember: _member,
    javaScriptEnabled,
  }) => {
    await page.goto('/member/share');
    await axe();
    const menu = page.getByRole('navigation', { name: 'เมนูสมาชิก' });
    const toggle = page.getByRole('link', { name: 'เมนูสมาชิก' });
    await toggle.focus();
    await page.keyboard.press('Enter');
    await expect(menu).toBeVisible();
    expect(await drawerViolations(page, axe)).toEqual([]);
    const close = menu.getByRole('link', { name: 'ปิดเมนู' });
    if (javaScriptEnabled) {
      await expect(close).toBeFocused();
      await expect(toggle).toHaveAttribute('aria-expanded', 'true');
      // What the drawer covers is inert: no click, no Tab stop, nothing a screen reader browses.
      await expect(page.locator('main')).toHaveJSProperty('inert', true);
      await expect(page.locator('header.member-header')).toHaveJSProperty('inert', true);
    } else {
      await page.keyboard.press('Tab');
      await expect(close).toBeFocused();
    }
    // Round the whole drawer and past its end: every stop is in the drawer (or the browser's own bar).
    const stops = (await menu.locator('a, button').count()) + 3;
    const outside: string[] = [];
    for (let i = 0; i < stops; i++) {
      await page.keyboard.press('Tab');
      const where = await page.evaluate(() => {
        const el = document.activeElement;
        if (!el || el === document.body) return 'browser';
        return document.getElementById('member-menu')?.contains(el) ? 'drawer' : (el.textContent ?? el.tagName).trim();
      });
      if (where !== 'drawer' && where !== 'browser') outside.push(where);
    }
    expect(outside).toEqual([]);
    if (javaScriptEnabled) {
      await menu.getByRole('link', { name: 'เงินฝาก' }).focus();
      await page.keyboard.press('Escape');
      await expect(menu).toBeHidden();
      await expect(toggle).toBeFocused();
      await expect(toggle).toHaveAttribute('aria-expanded', 'false');
      await expect(page.locator('main')).toHaveJSProperty('inert', false);
      // Opened again, its close link closes it the same way.
      await page.keyboard.press('Enter');
      await expect(close).toBeFocused();
      await page.keyboard.press('Enter');
      await expect(menu).toBeHidden();
      await expect(toggle).toBeFocused();
      // Loaded already open (the address of the drawer): the same modal drawer, and Esc closes it.
      // (The page was checked by axe above; open, the page behind it is inert.)
      await page.goto('/member/share#member-menu');
      await page.reload();
      await expect(close).toBeFocused();
      await expect(page.locator('main')).toHaveJSProperty('inert', true);
      await page.keyboard.press('Escape');
      await expect(menu).toBeHidden();
      await expect(toggle).toBeFocused();
    } else {
      await close.focus();
      await page.keyboard.press('Enter');
      await expect(menu).toBeHidden();
      await expect(page.locator('main')).toBeVisible();
    }
  });

  test('the header scrolls away with the page, so it never covers the content the skip link goes to', async ({
    page,
    axe,
    signedInMember: _member,
  }) => {
    await page.goto('/member/share');
    await axe();
    // The skip link takes the member to the content: the browser scrolls it to the top edge.
    await page.keyboard.press('Tab');
    await expect(page.getByRole('link', { name: 'ข้ามไปยังเนื้อหาหลัก' })).toBeFocused();
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(/#main$/);
    const header = await page.locator('.member-header').boundingBox();
    const focused = await page.locator('#main').boundingBox();
    expect(header && focused).toBeTruthy();
    if (header && focused) expect(header.y + header.height).toBeLessThanOrEqual(focused.y);
  });
});

test('the menu and a statement filter are plain links and forms: each page comes whole from the server, with one small script', async ({
  page,
  axe,
  signedInMember: _member,
  javaScriptEnabled,
}) => {
  // No framework (ADR 085): each page names the member area's one script and no other.
  const onlyTheMemberScript = async () =>
    expect(await scriptUrlsInPage(page)).toEqual([expect.stringMatching(clientScript('member'))]);
  const menu = page.getByRole('navigation', { name: 'เมนูสมาชิก' });
  await menu.getByRole('link', { name: 'เงินฝาก' }).click();
  await expect(page).toHaveURL(/\/member\/deposit$/);
  await expectMemberPage(page, 'เงินฝาก');
  await onlyTheMemberScript();
  await axe();
  await menu.getByRole('link', { name: 'ทุนเรือนหุ้น' }).focus();
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/member\/share$/);
  await axe();
  await page.getByLabel('ตั้งแต่วันที่').fill('01/01/2568');
  await page.getByRole('button', { name: 'ค้นหา' }).click();
  await expect(page).toHaveURL(/\/member\/share\?from=01%2F01%2F2568&to=$/);
  await expect(page.getByLabel('ตั้งแต่วันที่')).toHaveValue('01/01/2568');
  await onlyTheMemberScript();
  expect(await page.evaluate(() => '__remixContext' in window)).toBe(false);
  await axe();
  if (javaScriptEnabled) {
    // A click with a modifier key is the browser's: a new tab.
    const opened = page.context().waitForEvent('page');
    await menu.getByRole('link', { name: 'เงินกู้' }).click({ modifiers: ['ControlOrMeta'] });
    await (await opened).close();
    await expect(page).toHaveURL(/\/member\/share\?from=/);
  }
});

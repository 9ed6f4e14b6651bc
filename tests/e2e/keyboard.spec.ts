import type { Page } from '@playwright/test';

import { DEMO, expect, signIn, test } from './fixtures';

interface Target {
  text?: string;
  tag?: string;
  role?: string;
}

/** Press Tab until the focused element matches `target` (at most `limit` presses). */
async function tabUntil(page: Page, target: Target, limit = 25): Promise<void> {
  for (let i = 0; i < limit; i += 1) {
    await page.keyboard.press('Tab');
    const reached = await page.evaluate(({ text, tag, role }) => {
      const el = document.activeElement;
      if (!el) return false;
      return (
        (text === undefined || el.textContent?.trim() === text) &&
        (tag === undefined || el.tagName === tag) &&
        (role === undefined || el.getAttribute('role') === role)
      );
    }, target);
    if (reached) return;
  }
  throw new Error(`${JSON.stringify(target)} was not reached with the Tab key`);
}

test.describe('keyboard only', () => {
  test.use({ viewport: { width: 400, height: 800 } });

  test('the drawer opens, is walked and closes with the keyboard', async ({ page, axe, javaScriptEnabled }) => {
    await signIn(page, axe, DEMO);
    const menu = page.getByRole('navigation', { name: 'เมนูสมาชิก' });
    await expect(menu).toBeHidden();
    await page.locator('body').focus();
    await tabUntil(page, { text: 'เมนูสมาชิก' });
    await page.keyboard.press('Enter');
    await expect(menu).toBeVisible();
    // The next stops are inside the drawer: its close link, then the menu entries. With scripts the
    // drawer is modal and focus is already on its close link (ADR 111; the page behind it is inert,
    // so axe checked it before it opened).
    if (!javaScriptEnabled) await page.keyboard.press('Tab');
    await expect(menu.getByRole('link', { name: 'ปิดเมนู' })).toBeFocused();
    await page.keyboard.press('Tab');
    await expect(menu.getByRole('link', { name: 'ข้อมูลส่วนตัว' })).toBeFocused();
    await page.keyboard.press('Shift+Tab');
    await page.keyboard.press('Enter');
    await expect(menu).toBeHidden();
  });

  test('billing details open and close from the keyboard', async ({ page, axe }) => {
    await signIn(page, axe, DEMO);
    await page.goto('/member/kep');
    await axe();
    const details = page.locator('details.collection__details').first();
    const table = details.getByRole('table');
    await expect(table).toBeHidden();
    await page.locator('main').focus();
    await tabUntil(page, { tag: 'SUMMARY' });
    await page.keyboard.press('Enter');
    await expect(table).toBeVisible();
    await page.keyboard.press('Space');
    await expect(table).toBeHidden();
  });

  test('welfare tabs change with the keyboard, and the tab is in the URL', async ({ page, axe, javaScriptEnabled }) => {
    await signIn(page, axe, DEMO);
    await page.goto('/member/welfare');
    await axe();
    await page.locator('main').focus();
    if (javaScriptEnabled) {
      // The tabs pattern: Tab reaches the selected tab, arrows move between tabs and choose them.
      await tabUntil(page, { role: 'tab' });
      await expect(page.getByRole('tab', { name: 'สวัสดิการที่ได้รับ' })).toBeFocused();
      await page.keyboard.press('ArrowRight');
      const second = page.getByRole('tab', { name: 'สวัสดิการที่มีสิทธิ์ได้รับ' });
      await expect(second).toBeFocused();
      await expect(second).toHaveAttribute('aria-selected', 'true');
      await expect(page).toHaveURL(/\?tab=eligible$/);
    } else {
      // Without scripts the tabs are links.
      await tabUntil(page, { text: 'สวัสดิการที่มีสิทธิ์ได้รับ' });
      await page.keyboard.press('Enter');
      await expect(page).toHaveURL(/\?tab=eligible$/);
      await expect(page.getByRole('link', { name: 'สวัสดิการที่มีสิทธิ์ได้รับ' })).toHaveAttribute('aria-current', 'page');
    }
    await axe();
  });

  test('the welfare tabs: arrows wrap round, Home and End, one Tab stop, then the panel; no data loads again', async ({
    page,
    axe,
    javaScriptEnabled,
  }) => {
    test.skip(!javaScriptEnabled, 'without scripts the tabs are links (the test above and member-pages.spec.ts)');
    const welfareData: string[] = [];
    page.on('request', (request) => {
      if (request.url().includes('_data=routes%2Fmember.welfare')) welfareData.push(request.url());
    });
    await signIn(page, axe, DEMO);
    await page.goto('/member/welfare');
    const tablist = page.getByRole('tablist', { name: 'ประเภทสวัสดิการ' });
    const received = tablist.getByRole('tab', { name: 'สวัสดิการที่ได้รับ' });
    const eligible = tablist.getByRole('tab', { name: 'สวัสดิการที่มีสิทธิ์ได้รับ' });
    const receivedTable = page.getByRole('table', { name: 'สวัสดิการที่ได้รับ' });
    const eligibleTable = page.getByRole('table', { name: 'สวัสดิการที่มีสิทธิ์ได้รับ' });
    await expect(received).toHaveAttribute('aria-selected', 'true');
    await expect(eligible).toHaveAttribute('aria-selected', 'false');
    await expect(eligible).toHaveAttribute('tabindex', '-1');
    await expect(page.getByRole('tabpanel', { name: 'สวัสดิการที่ได้รับ' })).toContainText('สวัสดิการรักษาพยาบาล');
    await expect(eligibleTable).toBeHidden();
    await axe();
    await page.locator('main').focus();
    await tabUntil(page, { role: 'tab' });
    await expect(received).toBeFocused();

    // Left from the first tab goes round to the last, and chooses it.
    await page.keyboard.press('ArrowLeft');
    await expect(eligible).toBeFocused();
    await expect(eligible).toHaveAttribute('aria-selected', 'true');
    await expect(eligible).toHaveAttribute('tabindex', '0');
    await expect(received).toHaveAttribute('aria-selected', 'false');
    await expect(received).toHaveAttribute('tabindex', '-1');
    await expect(page.getByRole('tabpanel', { name: 'สวัสดิการที่มีสิทธิ์ได้รับ' })).toBeVisible();
    await expect(eligibleTable).toBeVisible();
    await expect(receivedTable).toBeHidden();
    await expect(page).toHaveURL(/\/member\/welfare\?tab=eligible$/);
    await axe();

    await page.keyboard.press('Home');
    await expect(received).toBeFocused();
    await expect(received).toHaveAttribute('aria-selected', 'true');
    await expect(page).toHaveURL(/\?tab=received$/);
    await axe();
    await page.keyboard.press('End');
    await expect(eligible).toBeFocused();
    await expect(eligibleTable).toBeVisible();
    // Right from the last tab goes round to the first.
    await page.keyboard.press('ArrowRight');
    await expect(received).toBeFocused();
    await expect(receivedTable).toBeVisible();
    await expect(page).toHaveURL(/\?tab=received$/);

    // The other tab is not a Tab stop: Tab goes on to the chosen panel's table, Shift+Tab comes back.
    await page.keyboard.press('Tab');
    // The table's scrolling box: a Tab stop with no name of its own (the table's caption names the table).
    await expect(page.locator('.table-scroll', { has: receivedTable })).toBeFocused();
    await page.keyboard.press('Shift+Tab');
    await expect(received).toBeFocused();
    // Both tabs' rows came with the page: changing tabs asked the server for nothing of this page.
    expect(welfareData).toEqual([]);

    // The address names the tab: opened again, the page shows it.
    await page.goto('/member/welfare?tab=eligible');
    await expect(eligible).toHaveAttribute('aria-selected', 'true');
    await expect(eligibleTable).toBeVisible();
    await axe();
  });
});

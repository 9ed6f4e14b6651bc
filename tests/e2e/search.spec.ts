import type { Locator, Page } from '@playwright/test';

import { database, expect, test } from './fixtures';

const TRIGGER = 'ค้นหาเนื้อหาต่างๆ';
const TITLE = 'ค้นหาเนื้อหาภายในเว็บไซต์';

/** The content item about this year's dividend (its number depends on the seed's shuffle). */
async function dividendItemNo(): Promise<number> {
  const row = await database()
    .selectFrom('content_items')
    .select('no')
    .where('title', 'like', 'สหกรณ์ฯ จ่ายเงินปันผลและเงินเฉลี่ยคืน%')
    .executeTakeFirstOrThrow();
  return row.no;
}

/**
 * Search from the home page the way each visitor can: with JavaScript through the dialog, without
 * it through the trigger link and the GET form of the search page. Returns where the results are.
 */
async function searchFor(
  page: Page,
  axe: (page?: Page) => Promise<void>,
  js: boolean,
  query: string,
): Promise<Locator> {
  await page.goto('/home');
  await axe();
  if (js) {
    await page.getByRole('button', { name: TRIGGER }).click();
    const dialog = page.getByRole('dialog', { name: TITLE });
    await expect(dialog).toBeVisible();
    const input = dialog.getByRole('searchbox', { name: 'คำค้นหา' });
    await expect(input).toBeFocused();
    await input.fill(query);
    await dialog.getByRole('button', { name: 'ค้นหา', exact: true }).click();
    return dialog;
  }
  await page.getByRole('link', { name: TRIGGER }).click();
  await expect(page).toHaveURL(/\/search$/);
  await expect(page.getByRole('heading', { level: 1, name: TITLE })).toBeVisible();
  await axe();
  await page.getByRole('searchbox', { name: 'คำค้นหา' }).fill(query);
  await page.getByRole('button', { name: 'ค้นหา', exact: true }).click();
  await expect(page).toHaveURL(/\/search\?q=/);
  return page.getByRole('main');
}

test('the search finds a Thai word inside unspaced text and links to the item', async ({
  page,
  axe,
  javaScriptEnabled,
}) => {
  test.slow(); // several pages, each checked by axe, on shared 2-core machines
  const no = await dividendItemNo();
  const results = await searchFor(page, axe, javaScriptEnabled, 'เงินปันผล');
  await expect(results.getByRole('heading', { name: 'ผลการค้นหา “เงินปันผล”' })).toBeVisible();
  const name = /^สหกรณ์ฯ จ่ายเงินปันผลและเงินเฉลี่ยคืน/;
  const hit = results.getByRole('link', { name });
  await expect(hit).toHaveAttribute('href', `/show/${no}`);
  await expect(hit.locator('mark')).toHaveText('เงินปันผล');
  await expect(hit.locator('svg')).toHaveCount(1);
  // The Note contains the word too (find_note > 0): its excerpt is shown, highlighted.
  const item = results.getByRole('listitem').filter({ has: page.getByRole('link', { name }) });
  await expect(item.locator('.search-hit__note mark').first()).toHaveText('เงินปันผล');
  await expect(results.getByRole('heading', { name: 'เมนูแนะนำ' })).toBeVisible();
  await axe();
});

test('a word typed in part marks the whole word it is part of, never a fragment', async ({
  page,
  axe,
  javaScriptEnabled,
}) => {
  test.slow();
  const results = await searchFor(page, axe, javaScriptEnabled, 'เงิน');
  const hit = results.getByRole('link', { name: /^สหกรณ์ฯ จ่ายเงินปันผลและเงินเฉลี่ยคืน/ });
  // The index's words: … จ่าย | เงินปันผล | และ | เงิน | เฉลี่ย | คืน …
  await expect(hit.locator('mark')).toHaveText(['เงินปันผล', 'เงิน']);
  await axe();
});

test('nothing found says so with the query and offers the recommended menu', async ({
  page,
  axe,
  javaScriptEnabled,
}) => {
  test.slow();
  const results = await searchFor(page, axe, javaScriptEnabled, 'คำที่ไม่มีในเว็บไซต์xyz');
  await expect(results.getByRole('heading', { name: 'ไม่พบคำที่ค้นหา “คำที่ไม่มีในเว็บไซต์xyz”' })).toBeVisible();
  const recommended = results.getByRole('region', { name: 'เมนูแนะนำ' });
  for (const [name, href] of [
    ['ข่าวประชาสัมพันธ์', '/list/news'],
    ['เข้าสู่ระบบสมาชิก', '/member/logon'],
  ] as const) {
    await expect(recommended.getByRole('link', { name })).toHaveAttribute('href', href);
  }
  await axe();
  await recommended.getByRole('link', { name: 'เข้าสู่ระบบสมาชิก' }).click();
  await expect(page).toHaveURL(/\/member\/logon$/);
  await axe();
});

test('the query is required', async ({ page, axe, javaScriptEnabled, allowConsoleError }) => {
  test.slow();
  if (javaScriptEnabled) {
    const fragments: string[] = [];
    page.on('request', (r) => {
      if (r.url().includes('/search/fragment')) fragments.push(r.url());
    });
    await page.goto('/home');
    await axe();
    await page.getByRole('button', { name: TRIGGER }).click();
    const dialog = page.getByRole('dialog', { name: TITLE });
    await dialog.getByRole('button', { name: 'ค้นหา', exact: true }).click();
    await expect(dialog.getByText('กรุณากรอกคำค้นหา')).toBeVisible();
    await expect(dialog.getByRole('searchbox', { name: 'คำค้นหา' })).toHaveAttribute('aria-invalid', 'true');
    await expect(dialog.getByRole('searchbox', { name: 'คำค้นหา' })).toBeFocused();
    await axe();
    expect(fragments).toEqual([]);
    return;
  }
  allowConsoleError(/status of 400/);
  await page.goto('/search');
  await axe();
  await page.getByRole('button', { name: 'ค้นหา', exact: true }).click();
  await expect(page).toHaveURL(/\/search\?q=$/);
  const summary = page.getByRole('alert');
  await expect(summary.getByRole('heading', { name: 'มีข้อผิดพลาด' })).toBeVisible();
  await expect(summary.getByRole('link', { name: 'กรุณากรอกคำค้นหา' })).toHaveAttribute('href', '#search-page-q');
  await expect(page.getByRole('searchbox', { name: 'คำค้นหา' })).toHaveAttribute('aria-invalid', 'true');
  await expect(page).toHaveTitle(/^ข้อผิดพลาด:/);
  await axe();
});

test('markup typed into the search is shown as text', async ({ page, axe, javaScriptEnabled }) => {
  test.slow();
  page.on('dialog', (d) => {
    throw new Error(`a script ran: ${d.message()}`);
  });
  const query = '<img src=x onerror=alert(1)>';
  const results = await searchFor(page, axe, javaScriptEnabled, query);
  await expect(results.getByRole('heading', { name: `ไม่พบคำที่ค้นหา “${query}”` })).toBeVisible();
  await expect(results.locator('img')).toHaveCount(0);
  await axe();
});

test.describe('with JavaScript', () => {
  test.skip(({ javaScriptEnabled }) => !javaScriptEnabled, 'the dialog needs scripts');

  test('the dialog shows a spinner while loading, closes with Esc and returns focus', async ({ page, axe }) => {
    test.slow();
    let release: () => void = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route(
      (url) => url.pathname === '/search/fragment',
      async (route) => {
        await held;
        await route.continue();
      },
    );
    await page.goto('/home');
    await axe();
    const trigger = page.getByRole('button', { name: TRIGGER });
    await expect(trigger).toHaveAttribute('aria-haspopup', 'dialog');
    await trigger.click();
    const dialog = page.getByRole('dialog', { name: TITLE });
    await dialog.getByRole('searchbox', { name: 'คำค้นหา' }).fill('ดอกเบี้ย');
    await dialog.getByRole('searchbox', { name: 'คำค้นหา' }).press('Enter');
    const status = dialog.getByRole('status');
    await expect(status).toHaveText('กำลังค้นหา…');
    await expect(status.locator('.spinner')).toBeVisible();
    release();
    await expect(dialog.getByRole('heading', { name: 'ผลการค้นหา “ดอกเบี้ย”' })).toBeVisible();
    await expect(status).toHaveText(/^ผลการค้นหา “ดอกเบี้ย” พบ \d+ รายการ$/);
    await expect(dialog.getByRole('link', { name: /ดอกเบี้ย/ }).first()).toHaveAttribute('href', /^\/show\/\d+$/);
    await axe();

    await page.keyboard.press('Escape');
    await expect(dialog).toBeHidden();
    await expect(trigger).toBeFocused();

    await trigger.click();
    await expect(dialog).toBeVisible();
    await dialog.getByRole('button', { name: 'ปิด' }).click();
    await expect(dialog).toBeHidden();
    await expect(trigger).toBeFocused();
  });
});

test('many results come a page at a time, as a list without bullets', async ({ page, axe, javaScriptEnabled }) => {
  const results = await searchFor(page, axe, javaScriptEnabled, 'สหกรณ์');
  await expect(results.getByRole('heading', { name: 'ผลการค้นหา “สหกรณ์”' })).toBeVisible();
  const count = await results.getByText(/^พบ [\d,]+ รายการ/).innerText();
  const total = Number(/พบ ([\d,]+) รายการ/.exec(count)?.[1]?.replace(/,/g, ''));
  expect(total).toBeGreaterThan(20);
  const hits = results.locator('.search-hit');
  await expect(hits).toHaveCount(20);
  expect(await hits.first().evaluate((li) => getComputedStyle(li).listStyleType)).toBe('none');
  await axe();
  // The next page is the search page (the dialog's links lead there too).
  await results
    .getByRole('navigation', { name: 'หน้าของผลการค้นหา “สหกรณ์”' })
    .getByRole('link', { name: 'ถัดไป' })
    .click();
  await expect(page).toHaveURL(/\/search\?q=%E0%B8%AA%E0%B8%AB%E0%B8%81%E0%B8%A3%E0%B8%93%E0%B9%8C&page=2$/);
  const main = page.getByRole('main');
  await expect(main.getByText(/หน้า 2 จาก/).first()).toBeVisible();
  await expect(main.locator('.search-hit')).toHaveCount(Math.min(20, total - 20));
  await axe();
});

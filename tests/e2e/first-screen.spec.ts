import type { Page } from '@playwright/test';

import { expect, test } from './fixtures';

// The phone's first screen on a first visit (ADR 110): the cookie banner is a compact bar at the
// bottom that pushes nothing down and covers nothing that has focus, and the news starts on the screen.
test.use({ viewport: { width: 320, height: 640 } });

const bar = (page: Page) => page.getByRole('region', { name: 'การใช้คุกกี้' });

test('on a first visit at 320 × 640 the cookie bar sits at the bottom and the newest item starts on the first screen', async ({
  page,
  axe,
}) => {
  await page.goto('/home');
  await axe();
  // Measured as seen: with the Thai web font in place.
  await page.evaluate(async () => {
    await document.fonts.ready;
  });
  const banner = await bar(page).boundingBox();
  expect(banner).toBeTruthy();
  if (!banner) return;
  // Fixed at the bottom, compact: at most a third of the screen, the header above it from the top.
  expect(Math.round(banner.y + banner.height)).toBe(640);
  expect(banner.height).toBeLessThanOrEqual(640 / 3);
  expect((await page.locator('header').first().boundingBox())?.y).toBe(0);
  // The newest item's title begins above the bar; the banner's art is a thumbnail, not the screen.
  const newest = page.locator('.content-grid--latest .content-card__title').first();
  const title = await newest.boundingBox();
  expect(title && title.y + 24).toBeLessThanOrEqual(banner.y);
  const art = await page.locator('.banner__image').first().boundingBox();
  expect(art?.height ?? 0).toBeLessThanOrEqual(80);
  // The page ends above the bar: its last line can be scrolled into sight.
  await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
  const footerEnd = await page
    .locator('footer')
    .last()
    .evaluate((el) => el.getBoundingClientRect().bottom);
  expect(footerEnd).toBeLessThanOrEqual((await bar(page).boundingBox())!.y + 1);
});

test('the cookie bar never covers the field that has focus', async ({ page, axe }) => {
  await page.goto('/boardPost');
  await axe();
  const fields = page.locator('main').locator('input:not([type="hidden"]), textarea, select, button');
  const count = await fields.count();
  expect(count).toBeGreaterThan(2);
  const covered: string[] = [];
  for (let i = 0; i < count; i++) {
    const field = fields.nth(i);
    if (!(await field.isVisible())) continue;
    await page.evaluate(() => window.scrollTo(0, 0));
    await field.focus();
    const box = await field.boundingBox();
    const top = (await bar(page).boundingBox())?.y ?? 640;
    if (box && box.y + box.height > top + 0.5) covered.push((await field.getAttribute('name')) ?? `#${i}`);
  }
  expect(covered).toEqual([]);
});

test('a topic list at 320 px gives its cards a readable text column and three-line excerpts', async ({ page, axe }) => {
  await page.goto('/list/news');
  await axe();
  const card = page.locator('main .content-card').first();
  const body = await card.locator('.content-card__body').boundingBox();
  expect(body?.width ?? 0).toBeGreaterThanOrEqual(180);
  const excerpt = card.locator('.content-card__excerpt');
  const { height, line } = await excerpt.evaluate((el) => ({
    height: el.getBoundingClientRect().height,
    line: parseFloat(getComputedStyle(el).lineHeight),
  }));
  expect(height).toBeLessThanOrEqual(line * 3 + 1);
  // All of it is still in the page (screen readers, find in page).
  expect((await excerpt.textContent())?.length ?? 0).toBeGreaterThan(60);
});

test('phone numbers and the closing time are never broken across lines at 320 px', async ({ page, axe }) => {
  await page.goto('/home');
  await axe();
  const footer = page.locator('footer').last();
  const kept = footer.locator('.nowrap');
  await expect(kept.filter({ hasText: '15.00 น.' })).toHaveCount(1);
  expect(await footer.locator('a[href^="tel:"] .nowrap').count()).toBeGreaterThanOrEqual(1);
  // One line box each: none wraps.
  const lines = await kept.evaluateAll((all) => all.map((el) => [el.textContent, el.getClientRects().length]));
  for (const [text, count] of lines) expect(count, String(text)).toBe(1);
});

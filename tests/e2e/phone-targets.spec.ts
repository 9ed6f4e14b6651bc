import type { Page } from '@playwright/test';

import { DEMO, expect, signIn, test } from './fixtures';

// Tap targets a reviewer measures on a phone (WCAG 2.2 target size, 24 × 24 CSS px): the opening-hours
// banner's pause control, the breadcrumbs, a form's checkbox and a money table's row links. Links in
// running text are not counted (the criterion leaves them out).

const TARGETS = '.marquee input, .marquee label, .breadcrumbs a, .checkbox input, .data-table a';

/** The targets of TARGETS on the page as it is now smaller than 24 px either way, in words. */
function smallTargets(page: Page): Promise<string[]> {
  return page.locator(TARGETS).evaluateAll((all) =>
    all
      .filter((el) => el.getClientRects().length > 0 && el.checkVisibility({ checkVisibilityCSS: true }))
      .map((el) => ({ el, box: el.getBoundingClientRect() }))
      .filter(({ box }) => box.width < 23.5 || box.height < 23.5)
      .map(
        ({ el, box }) =>
          `<${el.tagName.toLowerCase()}> '${(el.textContent ?? '').trim().slice(0, 30)}' ${Math.round(box.width * 10) / 10}×${Math.round(box.height * 10) / 10}`,
      ),
  );
}

/**
 * The small targets of each page of `paths` at each of the `widths` (and `height`), in words with the
 * width and the page; each page is checked with axe.
 */
async function smallTargetsOn(
  page: Page,
  axe: () => Promise<void>,
  viewport: { widths: readonly number[]; height: number },
  paths: readonly string[],
): Promise<string[]> {
  const problems: string[] = [];
  for (const width of viewport.widths) {
    await page.setViewportSize({ width, height: viewport.height });
    for (const path of paths) {
      await page.goto(path);
      await axe();
      problems.push(...(await smallTargets(page)).map((p) => `${width} px ${path}: ${p}`));
    }
  }
  return problems;
}

test('at 320 and 360 px the banner’s pause control, the breadcrumbs and the login checkbox are at least 24 px', async ({
  page,
  axe,
}) => {
  const paths = ['/home', '/list/news', '/member/logon'];
  expect(await smallTargetsOn(page, axe, { widths: [320, 360], height: 640 }, paths)).toEqual([]);
});

test('a money table’s row links and the password form’s checkbox are at least 24 px, as a table and as cards', async ({
  page,
  axe,
}) => {
  await signIn(page, axe, DEMO);
  const paths = ['/member/deposit', '/member/loan', '/member/password'];
  expect(await smallTargetsOn(page, axe, { widths: [320, 768, 1366], height: 800 }, paths)).toEqual([]);
});

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

test('at 320 and 360 px the banner’s pause control, the breadcrumbs and the login checkbox are at least 24 px', async ({
  page,
  axe,
}) => {
  const problems: string[] = [];
  for (const width of [320, 360]) {
    await page.setViewportSize({ width, height: 640 });
    for (const path of ['/home', '/list/news', '/member/logon']) {
      await page.goto(path);
      await axe();
      problems.push(...(await smallTargets(page)).map((p) => `${width} px ${path}: ${p}`));
    }
  }
  expect(problems).toEqual([]);
});

test('a money table’s row links and the password form’s checkbox are at least 24 px, as a table and as cards', async ({
  page,
  axe,
}) => {
  await signIn(page, axe, DEMO);
  const problems: string[] = [];
  for (const width of [320, 768, 1366]) {
    await page.setViewportSize({ width, height: 800 });
    for (const path of ['/member/deposit', '/member/loan', '/member/password']) {
      await page.goto(path);
      await axe();
      problems.push(...(await smallTargets(page)).map((p) => `${width} px ${path}: ${p}`));
    }
  }
  expect(problems).toEqual([]);
});

import type { Page } from '@playwright/test';

import { DEMO, expect, signIn, test } from './fixtures';
import { demoMemberOpens } from './demo-view';
import { EVERY_WIDTH, layoutProblems } from './layout-check';

import { MEMBER_MENU } from '../../app/lib/member-menu';

// Money tables lay out by the room they have (container queries on the table's region), not by the
// window: a tablet, a 1024 px screen with the side menu, or a desktop at 200 % zoom shows every figure
// without sideways scrolling, as a phone does (layout-check.ts says what is checked).

async function hrefsOf(page: Page, selector: string): Promise<string[]> {
  const all = await page.locator(selector).evaluateAll((links) => links.map((a) => a.getAttribute('href') ?? ''));
  return [...new Set(all.filter((h) => h.startsWith('/')))];
}

test('every member page and statement shows every money figure at every width from 320 px to 1366 px and at 200 % zoom', async ({
  page,
  axe,
}) => {
  test.setTimeout(600_000);
  await signIn(page, axe, DEMO);
  // Every page of the member menu, the welfare page with each of its tabs.
  const pages: string[] = MEMBER_MENU.flatMap(({ path }) =>
    path === '/member/welfare' ? [`${path}?tab=received`, `${path}?tab=eligible`] : [path],
  );
  const seen = new Set<string>();
  const problems: string[] = [];
  for (let i = 0; i < pages.length; i++) {
    const path = pages[i]!;
    if (seen.has(path)) continue;
    seen.add(path);
    await page.goto(path);
    await axe();
    // Statements and a month's detail are pages of their own: each is checked too.
    pages.push(
      ...(await hrefsOf(
        page,
        'main a[href^="/member/loan_statement/"], main a[href^="/member/dep_statement/"], main a[href^="/member/kep/"]:not([href$="pdf"])',
      )),
    );
    // What a <details> holds (a month's lines) is checked open.
    await page.locator('main details').evaluateAll((all) => all.forEach((d) => d.setAttribute('open', '')));
    problems.push(...(await layoutProblems(page, EVERY_WIDTH)).map((p) => `${path} at ${p}`));
  }
  expect([...seen].some((p) => p.startsWith('/member/loan_statement/'))).toBe(true);
  expect([...seen].some((p) => p.startsWith('/member/dep_statement/'))).toBe(true);
  expect(problems).toEqual([]);
});

test('a statement’s date filter: its buttons sit on its inputs’ line, and no blank error line sits between a hint and its input', async ({
  page,
  axe,
}) => {
  await demoMemberOpens(page, axe, '/member/share', { width: 1024, height: 768 });
  const bottom = async (selector: string) => {
    const box = await page.locator(selector).first().boundingBox();
    return box ? box.y + box.height : NaN;
  };
  expect(Math.abs((await bottom('.filter__actions .button')) - (await bottom('#filter-from')))).toBeLessThanOrEqual(2);
  const hintEnd = await bottom('#filter-from-hint');
  const inputTop = (await page.locator('#filter-from').boundingBox())?.y ?? NaN;
  expect(inputTop - hintEnd).toBeLessThanOrEqual(8);
  // With an error the line is there, between the hint and the input, and the buttons stay on the line.
  await page.goto('/member/share?from=99%2F99%2F2568');
  await axe();
  await expect(page.locator('#filter-from-error')).toContainText('วว/ดด/ปปปป');
  expect(Math.abs((await bottom('.filter__actions .button')) - (await bottom('#filter-from')))).toBeLessThanOrEqual(2);
});

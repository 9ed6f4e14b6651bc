import type { Page } from '@playwright/test';

import { DEMO, expect, signIn, test } from './fixtures';
import { demoMemberOpens, PHONE_320 } from './demo-view';

// Where a money table has the room to be a table (a tablet, a laptop), each figure column's header
// stands over its figures: right-aligned as they are, on one line or wrapped onto two.

/**
 * The figure columns of every table shown as a table in <main> whose header does not end where its
 * figures end (more than 2 px apart), in words: the page's tables, the header, and how far apart.
 */
function misalignedFigureHeaders(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const problems: string[] = [];
    // Where the text a sighted member reads ends (not what is there for a reader alone, `.visually-hidden`).
    const seenEnd = (el: Element) =>
      Math.max(
        ...[...el.childNodes]
          .filter((n) => n.textContent?.trim() && !(n instanceof Element && n.matches('.visually-hidden')))
          .map((n) => {
            const range = document.createRange();
            range.selectNodeContents(n);
            return range.getBoundingClientRect().right;
          }),
      );
    for (const table of document.querySelectorAll('main table')) {
      const head = table.querySelector('thead');
      // A table laid out as cards (a narrow region) has its header row hidden: nothing to line up.
      if (!head || head.getBoundingClientRect().height <= 1) continue;
      const headers = [...head.querySelectorAll('th')];
      const rows = [...table.querySelectorAll('tbody tr')];
      headers.forEach((header, column) => {
        const cells = rows
          .map((row) => row.children[column])
          .filter((cell): cell is Element => Boolean(cell?.classList.contains('num') && cell.textContent?.trim()));
        if (!cells.length) return;
        const figuresEnd = Math.max(...cells.map(seenEnd));
        const headerEnd = seenEnd(header);
        if (Math.abs(figuresEnd - headerEnd) > 2) {
          problems.push(
            `#${table.id} '${header.textContent?.trim()}' ends ${Math.round(figuresEnd - headerEnd)} px before its figures`,
          );
        }
      });
    }
    return problems;
  });
}

test('a money table’s figure headers end where their figures end, at 1366 and 768 px', async ({ page, axe }) => {
  test.setTimeout(300_000);
  await signIn(page, axe, DEMO);
  const pages = ['/member/share', '/member/loan', '/member/deposit', '/member/coll', '/member/dividend', '/member/kep'];
  await page.goto('/member/deposit');
  pages.push((await page.locator('main a[href^="/member/dep_statement/"]').first().getAttribute('href'))!);
  await page.goto('/member/loan');
  pages.push((await page.locator('main a[href^="/member/loan_statement/"]').first().getAttribute('href'))!);
  await page.goto('/member/kep');
  pages.push((await page.locator('main a[href^="/member/kep/"]:not([href$="pdf"])').first().getAttribute('href'))!);

  const problems: string[] = [];
  let tablesSeen = 0;
  for (const size of [
    { width: 1366, height: 768 },
    { width: 768, height: 1024 },
  ]) {
    await page.setViewportSize(size);
    for (const path of pages) {
      await page.goto(path);
      await axe();
      await page.locator('main details').evaluateAll((all) => all.forEach((d) => d.setAttribute('open', '')));
      tablesSeen += await page
        .locator('main table thead')
        .evaluateAll((all) => all.filter((h) => h.getBoundingClientRect().height > 1).length);
      problems.push(...(await misalignedFigureHeaders(page)).map((p) => `${size.width} px ${path}: ${p}`));
    }
  }
  expect(tablesSeen).toBeGreaterThan(5);
  expect(problems).toEqual([]);
});

/**
 * On a phone, where each row of a money table is a card: every figure that does not end at its card's
 * right edge (more than 2 px away), and every row header whose parts are pulled apart (the contract of
 * a line in a month's collection standing at the far right, away from the line's name).
 */
function cardProblems(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const problems: string[] = [];
    const textBox = (node: Node) => {
      const range = document.createRange();
      range.selectNodeContents(node);
      return range.getBoundingClientRect();
    };
    for (const table of document.querySelectorAll('main table')) {
      const head = table.querySelector('thead');
      if (!head || head.getBoundingClientRect().height > 1) continue;
      for (const cell of table.querySelectorAll('tbody td.num')) {
        const text = [...cell.childNodes].find(
          (n) => n.textContent?.trim() && !(n instanceof Element && n.matches('.visually-hidden')),
        );
        if (!text) continue;
        const box = cell.getBoundingClientRect();
        const end = box.right - parseFloat(getComputedStyle(cell).paddingRight);
        const figureEnd = textBox(text).right;
        if (Math.abs(end - figureEnd) > 2) {
          problems.push(
            `#${table.id} '${cell.textContent?.trim()}' ends ${Math.round(end - figureEnd)} px before its card's edge`,
          );
        }
      }
      for (const header of table.querySelectorAll('tbody th')) {
        const parts = [...header.childNodes].filter((n) => n.textContent?.trim());
        for (let i = 1; i < parts.length; i++) {
          const before = textBox(parts[i - 1]!);
          const part = textBox(parts[i]!);
          const sameLine = Math.abs(part.top - before.top) < 4;
          const nextToIt = part.left - before.right < 12;
          const startsTheLine = part.left - header.getBoundingClientRect().left < 12;
          if (sameLine ? !nextToIt : !startsTheLine) {
            problems.push(
              `#${table.id} '${parts[i]!.textContent?.trim()}' stands ${Math.round(part.left - before.right)} px from '${parts[i - 1]!.textContent?.trim()}'`,
            );
          }
        }
      }
    }
    return problems;
  });
}

test('on a 320 px phone, each card’s figures end at its right edge, and a line’s name keeps its contract beside it', async ({
  page,
  axe,
}) => {
  test.setTimeout(300_000);
  await signIn(page, axe, DEMO);
  const pages = ['/member/share', '/member/deposit', '/member/dividend', '/member/coll'];
  await page.goto('/member/loan');
  await axe();
  pages.push((await page.locator('main a[href^="/member/loan_statement/"]').first().getAttribute('href'))!);
  await page.goto('/member/kep');
  await axe();
  pages.push((await page.locator('main a[href^="/member/kep/"]:not([href$="pdf"])').first().getAttribute('href'))!);

  await page.setViewportSize({ width: 320, height: 640 });
  const problems: string[] = [];
  let figuresSeen = 0;
  for (const path of pages) {
    await page.goto(path);
    await axe();
    figuresSeen += await page.locator('main tbody td.num').count();
    problems.push(...(await cardProblems(page)).map((p) => `${path}: ${p}`));
  }
  expect(figuresSeen).toBeGreaterThan(20);
  expect(problems).toEqual([]);
});

test('on a phone, a loan’s collateral heading stands apart from the last of its facts', async ({ page, axe }) => {
  await demoMemberOpens(page, axe, '/member/loan', PHONE_320);
  const gaps = await page
    .locator('main .facts + h3')
    .evaluateAll((headings) =>
      headings.map((h) => h.getBoundingClientRect().top - h.previousElementSibling!.getBoundingClientRect().bottom),
    );
  expect(gaps.length).toBeGreaterThan(0);
  for (const gap of gaps) expect(gap).toBeGreaterThanOrEqual(16);
});

test('on a 320 px phone, the capital chart’s summary keeps each month with its year and each figure with บาท', async ({
  page,
  axe,
}) => {
  await demoMemberOpens(page, axe, '/member/share', PHONE_320);
  const split = await page.locator('main .chart figcaption').evaluate((caption) => {
    const text = caption.firstChild!;
    const pairs =
      /(?:มกราคม|กุมภาพันธ์|มีนาคม|เมษายน|พฤษภาคม|มิถุนายน|กรกฎาคม|สิงหาคม|กันยายน|ตุลาคม|พฤศจิกายน|ธันวาคม)\s\d{4}|[\d,]+\.\d{2}\sบาท/g;
    const found: string[] = [];
    for (const match of (text.textContent ?? '').matchAll(pairs)) {
      const range = document.createRange();
      range.setStart(text, match.index);
      range.setEnd(text, match.index + match[0].length);
      const tops = new Set([...range.getClientRects()].filter((r) => r.width > 0).map((r) => Math.round(r.top)));
      found.push(`${match[0].replace(/\s/, ' ')}: ${tops.size} line(s)`);
    }
    return found;
  });
  expect(split).toHaveLength(4);
  expect(split.filter((pair) => !pair.endsWith(': 1 line(s)'))).toEqual([]);
});

test('on a 320 px phone, the status page keeps a date’s month with its year and an age with its word and units', async ({
  page,
  axe,
}) => {
  await demoMemberOpens(page, axe, '/member/status', PHONE_320);
  const split = await page.locator('main dd', { hasText: '(อายุ' }).evaluateAll((all) =>
    all.flatMap((dd) =>
      [...dd.childNodes]
        .filter((node) => node.nodeType === Node.TEXT_NODE)
        .flatMap((text) =>
          [...(text.textContent ?? '').matchAll(/\d{1,2}\s\S+\s\d{4}|(?:อายุ\s)?\d+\sปี\s\d+\sเดือน/g)].map((match) => {
            const range = document.createRange();
            range.setStart(text, match.index);
            range.setEnd(text, match.index + match[0].length);
            const tops = new Set([...range.getClientRects()].filter((r) => r.width > 0).map((r) => Math.round(r.top)));
            return `${match[0].replace(/\s/g, ' ')}: ${tops.size} line(s)`;
          }),
        ),
    ),
  );
  expect(split).toHaveLength(4);
  expect(split.filter((pair) => !pair.endsWith(': 1 line(s)'))).toEqual([]);
});

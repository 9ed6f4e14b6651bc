import type { Page } from '@playwright/test';

/** The phone widths every visited page is checked at (issue: old, small phones first). */
export const PHONE_WIDTHS = [
  { width: 320, height: 640 },
  { width: 360, height: 740 },
] as const;

/**
 * Every width a money figure must be whole at (issue: tablets and zoom): the phones, a tablet held
 * upright just past the phone layout (601), a 1366 px screen at 200 % zoom (683 × 384: a browser's
 * zoom halves the CSS viewport, which deviceScaleFactor does not), a tablet upright (768) and on its side
 * (1024, where the side menu takes 256 px), and the 1366 px laptop itself.
 */
export const EVERY_WIDTH = [
  ...PHONE_WIDTHS,
  { width: 601, height: 900 },
  { width: 683, height: 384 },
  { width: 768, height: 1024 },
  { width: 1024, height: 768 },
  { width: 1366, height: 768 },
] as const;

/**
 * What a member sees on a phone, checked on the page as it is now at 320 and 360 px wide (the
 * viewport is put back afterwards). Returns the problems found, in words:
 * - the document is wider than the viewport (sideways scrolling);
 * - a money figure in <main> (`.num` cells, `[data-money]`) is cut by the viewport or by a
 *   scrolling or clipping ancestor;
 * - after a failed submit (an invalid field or an error summary on the page), a fixed or absolutely
 *   positioned element lies over a form control.
 */
export async function phoneLayoutProblems(page: Page): Promise<string[]> {
  return layoutProblems(page, PHONE_WIDTHS);
}

/** The same checks as phoneLayoutProblems at the sizes given (EVERY_WIDTH: tablets and zoom too). */
export async function layoutProblems(
  page: Page,
  sizes: readonly { width: number; height: number }[],
): Promise<string[]> {
  const original = page.viewportSize();
  const problems: string[] = [];
  try {
    for (const size of sizes) {
      await page.setViewportSize(size);
      const found = await page.evaluate(inspectLayout);
      problems.push(...found.map((p) => `${size.width} px: ${p}`));
    }
  } finally {
    if (original) await page.setViewportSize(original);
  }
  return problems;
}

/**
 * Runs in the page, synchronously: reading sizes lays the page out at the new width, and a page whose
 * scripts are off runs no animation-frame callbacks to wait for.
 */
function inspectLayout(): string[] {
  const problems: string[] = [];
  const width = window.innerWidth;
  const root = document.documentElement;
  if (root.scrollWidth > width) problems.push(`the document is ${root.scrollWidth} px wide`);

  const describe = (el: Element) => {
    const text = (el.textContent ?? '').trim().replace(/\s+/g, ' ').slice(0, 40);
    const id = el.id ? `#${el.id}` : '';
    return `<${el.tagName.toLowerCase()}${id}> '${text}'`;
  };
  const visible = (el: Element) =>
    el.checkVisibility({ checkOpacity: true, checkVisibilityCSS: true }) && el.getClientRects().length > 0;
  const clips = (el: Element) => {
    const style = getComputedStyle(el);
    return style.overflowX !== 'visible' || style.overflowY === 'hidden' || style.overflowY === 'clip';
  };
  const EPSILON = 0.5;

  const main = document.querySelector('main');
  for (const figure of main?.querySelectorAll('.num, [data-money]') ?? []) {
    if (!visible(figure)) continue;
    // The text's own box: a cell can be inside the screen while its unbreakable figure overflows it.
    const range = document.createRange();
    range.selectNodeContents(figure);
    const box = range.getBoundingClientRect();
    if (box.width === 0) continue;
    const page = { left: box.left + scrollX, right: box.right + scrollX };
    if (page.left < -EPSILON || page.right > width + EPSILON) {
      problems.push(`${describe(figure)} spans ${Math.round(page.left)}–${Math.round(page.right)} px`);
      continue;
    }
    for (let a = figure.parentElement; a && a !== root && a !== document.body; a = a.parentElement) {
      if (!clips(a)) continue;
      const outer = a.getBoundingClientRect();
      if (box.left < outer.left - EPSILON || box.right > outer.right + EPSILON) {
        problems.push(`${describe(figure)} is cut by its scrolling ancestor ${describe(a).split(' ')[0]}`);
        break;
      }
    }
  }

  const failedSubmit = document.querySelector('[aria-invalid="true"], .error-summary');
  if (failedSubmit) {
    const positioned = (el: Element | null) => {
      for (let a = el; a; a = a.parentElement) {
        const position = getComputedStyle(a).position;
        if (position === 'fixed' || position === 'absolute') return a;
      }
      return null;
    };
    const controls = document.querySelectorAll('input:not([type="hidden"]), select, textarea, button, .error-summary');
    const scroll = { x: scrollX, y: scrollY };
    // A modal dialog (the search) makes the page behind it inert: only its own controls can be reached.
    const modal = document.querySelector('dialog:modal');
    for (const control of controls) {
      if (!visible(control)) continue;
      if (modal && !modal.contains(control)) continue;
      const rect0 = control.getBoundingClientRect();
      // Visually hidden controls (1 px, e.g. behind a styled label) are not what a finger aims at.
      if (rect0.width < 4 || rect0.height < 4) continue;
      control.scrollIntoView({ block: 'center', inline: 'nearest' });
      const rect = control.getBoundingClientRect();
      for (const [x, y] of [
        [rect.left + rect.width / 2, rect.top + rect.height / 2],
        [rect.left + 2, rect.top + 2],
        [rect.right - 2, rect.bottom - 2],
      ] as const) {
        const hit = document.elementFromPoint(x, y);
        if (!hit || control.contains(hit) || hit.contains(control)) continue;
        const cover = positioned(hit);
        if (cover && !cover.contains(control)) {
          problems.push(`${describe(cover)} covers ${describe(control)}`);
          break;
        }
      }
    }
    scrollTo(scroll.x, scroll.y);
  }
  return problems;
}

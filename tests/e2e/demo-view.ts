import type { Page } from '@playwright/test';

import { DEMO, signIn } from './fixtures';

/** The small phone the layout tests look through. */
export const PHONE_320 = { width: 320, height: 640 } as const;

/**
 * The demo member signs in from the login page, then opens `path` in a window of `size`; each page
 * is checked with axe.
 */
export async function demoMemberOpens(
  page: Page,
  axe: (page?: Page) => Promise<void>,
  path: string,
  size: { width: number; height: number },
): Promise<void> {
  await signIn(page, axe, DEMO);
  await page.setViewportSize(size);
  await page.goto(path);
  await axe();
}

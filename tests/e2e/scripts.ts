import type { Page } from '@playwright/test';

/**
 * The script files a page loads. Pages carry no `<script src>` of their own: under the CSP's
 * `'strict-dynamic'` (ADR 034) they load each file through an inline loader allowed by its hash,
 * `…s.src="/build/client/enhance-<hash>.js"…`. These helpers read those loaders (and any `<script src>`) back.
 */
const LOADER_SRC = /s\.src="([^"]+)"/;

/** The URL of one of the pages' script bundles (ADR 103): `/build/client/<name>-<content hash>.js`. */
export const clientScript = (name: 'enhance' | 'member' | 'push'): RegExp =>
  new RegExp(`^/build/client/${name}-[0-9A-Z]{8}\\.js$`);

/** A script's URL as its bundle's name (`enhance`, `member`, `push`), other URLs as they are. */
export function scriptName(url: string): string {
  return /^\/build\/client\/([a-z]+)-[0-9A-Z]{8}\.js$/.exec(url)?.[1] ?? url;
}

/** Files named by the page's HTML: `<script src>` attributes and inline loaders, in order. */
export function scriptUrlsInHtml(html: string): string[] {
  const urls: string[] = [];
  for (const m of html.matchAll(/<script\b([^>]*)>([^<]*)<\/script>/g)) {
    const src = / src="([^"]+)"/.exec(m[1] ?? '')?.[1] ?? LOADER_SRC.exec(m[2] ?? '')?.[1];
    if (src && !urls.includes(src)) urls.push(src);
  }
  return urls;
}

/** The same from the live page: a loader and the element it inserted count once; other inline scripts as 'inline'. */
export async function scriptUrlsInPage(page: Page): Promise<string[]> {
  const found = await page
    .locator('script')
    .evaluateAll((els) => els.map((el) => el.getAttribute('src') ?? `inline:${el.textContent ?? ''}`));
  const urls: string[] = [];
  for (const item of found) {
    const src = item.startsWith('inline:') ? (LOADER_SRC.exec(item)?.[1] ?? 'inline') : item;
    if (!urls.includes(src)) urls.push(src);
  }
  return urls;
}

/** The inline loaders' texts in the HTML (what the CSP's script hashes must cover). */
export function inlineScripts(html: string): string[] {
  return [...html.matchAll(/<script\b[^>]*>([^<]+)<\/script>/g)].map((m) => m[1] ?? '');
}

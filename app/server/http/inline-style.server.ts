import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';

import appStyles from '~/styles/app.css';

import { appPath } from './app-root.server';

/**
 * The site's stylesheet, `app.css`, written into the head of the public pages rendered by the server,
 * so that they need no render-blocking request before their first paint (ADR 022); the member area
 * links its own one file instead (ADR 089). The CSP allows exactly this text by its SHA-256 in
 * `style-src` (beside the response's nonce, which only our own scripts' `<style>` elements carry).
 */
export interface InlineStyle {
  /** The stylesheet's text, byte for byte what the hash covers. */
  css: string;
  /** The CSP source that allows it: `'sha256-…'`. */
  source: string;
}

/** The CSP hash source of an inline `<style>`'s text. */
export function styleHashSource(css: string): string {
  return `'sha256-${createHash('sha256').update(css, 'utf8').digest('base64')}'`;
}

/**
 * Read a built stylesheet (`href` as the compiler gives it, under `/build/`) from `publicDir`. Null
 * when it is missing or cannot be inlined safely (its text would end the `<style>` element).
 */
export function readInlineStyle(href: string, publicDir: string): InlineStyle | null {
  if (!href.startsWith('/build/') || href.includes('..')) return null;
  let css: string;
  try {
    css = fs.readFileSync(path.join(publicDir, href), 'utf8');
  } catch {
    return null;
  }
  if (/<\/style/i.test(css)) return null;
  return { css, source: styleHashSource(css) };
}

let app: InlineStyle | null | undefined;

/** app.css of this build, read once from the app's `public/`. */
export function appInlineStyle(): InlineStyle | null {
  if (app === undefined) app = readInlineStyle(appStyles, appPath('public'));
  return app;
}

/** The CSP source of this build's inline stylesheet, for `style-src` (none where it is linked). */
export function inlineStyleSources(): string[] {
  const style = appInlineStyle();
  return style ? [style.source] : [];
}

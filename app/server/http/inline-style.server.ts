import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';

import appStyles from '~/styles/app.css';
import memberStyles from '~/styles/member.css';

import { appPath } from './app-root.server';

/**
 * The site's stylesheets written into the head of every page rendered by the server, so that no page
 * needs a render-blocking request before its first paint: `app.css` on every page (ADR 022), and
 * `member.css` after it on the member area's pages (ADR 075). The CSP allows exactly
 * these texts by their SHA-256 in `style-src` (no nonce: public pages carry none, so the page cache
 * and ETags keep working).
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
let member: InlineStyle | null | undefined;

/** app.css of this build, read once from the app's `public/`. */
export function appInlineStyle(): InlineStyle | null {
  if (app === undefined) app = readInlineStyle(appStyles, appPath('public'));
  return app;
}

/** member.css of this build, read once from the app's `public/`. */
export function memberInlineStyle(): InlineStyle | null {
  if (member === undefined) member = readInlineStyle(memberStyles, appPath('public'));
  return member;
}

/** The CSP sources of this build's inline stylesheets, for `style-src`. */
export function inlineStyleSources(): string[] {
  return [appInlineStyle(), memberInlineStyle()].flatMap((style) => (style ? [style.source] : []));
}

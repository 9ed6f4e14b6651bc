import { createHash } from 'node:crypto';

import { scriptLoader } from '~/lib/script-loader';

import { enhanceScriptSrc } from './enhance.server';
import { env } from '../env.server';
import { inlineStyleSources } from './inline-style.server';
import { pushClientConfig, pushConnectSource, pushPageConfig } from '../content/push.server';

/**
 * Response headers every page gets. The CSP is enforced (ADR 006, ADR 034): a script runs only with
 * this response's nonce, or as one of the inline loaders allowed by their hashes (`scriptSources`),
 * or because such a script loaded it (`'strict-dynamic'`: no address allow-list, so no script of
 * another origin or an uploaded file can be smuggled in by URL); `'self'` is there only for
 * browsers older than CSP 3, which ignore `'strict-dynamic'` (newer ones ignore `'self'`). Styles
 * only from our own origin or as the public pages' inline stylesheet, allowed by its hash
 * (`styleSources`, ADR 022); no style attributes, no other inline styles or scripts.
 */
export function contentSecurityPolicy(
  nonce: string,
  pushSource: string | null = null,
  styleSources: readonly string[] = [],
  scriptSources: readonly string[] = [],
): string {
  return cspDirectives(`'nonce-${nonce}'`, pushSource, styleSources, scriptSources)
    .map((directive) => directive.join(' '))
    .join('; ');
}

/**
 * The policy as [directive, ...sources] lists, in order. `nonceSource` is the script nonce's source:
 * a `'nonce-…'` text, or (for helmet) a function that gives it for each response.
 */
export function cspDirectives<N>(
  nonceSource: N,
  pushSource: string | null = null,
  styleSources: readonly string[] = [],
  scriptSources: readonly string[] = [],
): [string, ...(string | N)[]][] {
  return [
    ['default-src', "'self'"],
    ['script-src', nonceSource, "'strict-dynamic'", ...scriptSources, "'self'"],
    // The nonce lets a script-made <style> of ours in (a Radix dialog's scroll lock, ADR 119); never inline `style=""`.
    ['style-src', "'self'", ...styleSources, nonceSource],
    // blob: shows the photo a member has just chosen in the cropper before it is uploaded (ADR 009).
    ['img-src', "'self'", 'data:', 'blob:'],
    ['font-src', "'self'"],
    // Desktop notifications (ADR 020): exactly the configured Pusher WebSocket origin, if any.
    pushSource ? ['connect-src', "'self'", pushSource] : ['connect-src', "'self'"],
    ['media-src', "'self'"],
    ['object-src', "'none'"],
    ['base-uri', "'none'"],
    ['form-action', "'self'"],
    ['frame-ancestors', "'none'"],
    ['manifest-src', "'self'"],
    ['worker-src', "'self'"],
  ];
}

let pushSourceCache: string | null | undefined;
function pushSource(): string | null {
  if (pushSourceCache === undefined) pushSourceCache = pushConnectSource(pushClientConfig(env()));
  return pushSourceCache;
}

/** The CSP source that allows an inline script's text: `'sha256-…'`. */
export function scriptHashSource(text: string): string {
  return `'sha256-${createHash('sha256').update(text, 'utf8').digest('base64')}'`;
}

let loaderSourcesCache: string[] | undefined;
/** The hashes of this build's inline loaders: the enhance bundle, and the push bundle when notifications are on. */
function loaderSources(): string[] {
  if (!loaderSourcesCache) {
    const push = pushPageConfig(env());
    loaderSourcesCache = [enhanceScriptSrc(), ...(push ? [push.script] : [])].map((src) =>
      scriptHashSource(scriptLoader(src)),
    );
  }
  return loaderSourcesCache;
}

/** HSTS in production (ADR 034): a year, subdomains too. Browsers ignore it over plain http. */
export const HSTS_MAX_AGE_SECONDS = 31536000;

/** Permissions nobody on the site needs (helmet has no middleware for this header). */
export const PERMISSIONS_POLICY = 'camera=(), microphone=(), geolocation=(), payment=()';

/**
 * The CSP of this build as helmet takes it (server.js): `nonceSource` gives each response's
 * `'nonce-…'` source. The push origin, the inline stylesheet's hash and the loaders' hashes depend on
 * the build and the configuration only.
 */
export function helmetCspDirectives<N>(nonceSource: N): Record<string, (string | N)[]> {
  const list = cspDirectives(nonceSource, pushSource(), inlineStyleSources(), loaderSources());
  return Object.fromEntries(list.map(([name, ...values]) => [name, values]));
}

/** Whether responses carry HSTS (production only). */
export const sendsHsts = (): boolean => env().NODE_ENV === 'production';

/** What every public page is sent (ADR 114): kept, but asked about again (with its ETag) before each use. */
export const PUBLIC_PAGE_CACHE_CONTROL = 'public, no-cache';

/**
 * Member pages and anything that sets a cookie must never be stored by a shared cache. Public pages
 * may be kept by a browser or nginx but are revalidated on every view (ADR 114): a visitor's own board
 * topic, and what staff publish, show on the next view, and an unchanged page costs a 304.
 */
export function applyCachePolicy(headers: Headers, pathname: string, status: number): void {
  if (
    pathname === '/member' ||
    pathname.startsWith('/member/') ||
    // The staff back office (ADR 059): never stored by a browser or a shared cache.
    pathname === '/staff' ||
    pathname.startsWith('/staff/') ||
    // The demo outbox shows one-time codes (ADR 038).
    pathname.startsWith('/demo/') ||
    headers.has('Set-Cookie') ||
    status >= 300
  ) {
    headers.set('Cache-Control', 'private, no-store');
  } else if (!headers.has('Cache-Control')) {
    headers.set('Cache-Control', PUBLIC_PAGE_CACHE_CONTROL);
    // Public pages differ by cookie (the cookie banner, flash notices): a shared cache must keep
    // them apart (ADR 013).
    if (!/\bcookie\b/i.test(headers.get('Vary') ?? '')) headers.append('Vary', 'Cookie');
  }
}

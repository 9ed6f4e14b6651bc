import type { AddressInfo } from 'node:net';
import type { Server } from 'node:http';

import compression from 'compression';
import express from 'express';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';

import { etagMatches, pageEtag } from '../../app/server/http/etag.server';
import { createPageCache, withoutTrackingParameters } from '../../server/page-cache.js';

let clock = 1_000_000;
let renders = 0;
let nonces = 0;
let requests = 0;
const nonce = () => `n${(nonces += 1)}`;
const cache = createPageCache({ ttlMs: 10_000, now: () => clock, freshNonce: nonce });
let server: Server;
let base = '';
let release = () => {};

/** A page of about 3 KiB, so that it is worth compressing. */
const page = (text: string) => `<!doctype html><p>${text}</p>${'<p>สหกรณ์ออมทรัพย์</p>'.repeat(100)}`;

beforeAll(async () => {
  const app = express();
  // As server.js: the request log's id, the cache's answer from a kept copy, the security headers with
  // a fresh nonce, compression, the cache's offer, the app.
  app.use((_req, res, next) => {
    res.set('X-Request-Id', `r${(requests += 1)}`);
    next();
  });
  app.use(cache.serve);
  app.use((_req, res, next) => {
    res.locals.cspNonce = nonce();
    res.set({
      'Content-Security-Policy': `default-src 'self'; script-src 'nonce-${res.locals.cspNonce}' 'strict-dynamic' 'self'`,
      'X-Frame-Options': 'DENY',
    });
    next();
  });
  app.use(compression({ level: 1 }));
  app.use(cache.offer);
  // Stands for Remix: a public document is offered to the cache the way entry.server offers it.
  app.get('/public', (req, res) => {
    renders += 1;
    const consent = /acceptCookie=Y/.test(req.headers.cookie ?? '') ? 'accepted' : 'banner';
    const html = page(`${consent} ${renders} at ${req.originalUrl}`);
    const headers = {
      'content-type': 'text/html; charset=utf-8',
      'cache-control': 'public, max-age=60',
      vary: 'Cookie',
      etag: pageEtag(html, undefined),
    };
    (res.locals.keepPage as ((p: { headers: Record<string, string>; body: Uint8Array }) => void) | undefined)?.({
      headers,
      body: Buffer.from(html),
    });
    res.set(headers).send(html);
  });
  // A render that waits for the test to let it finish (`release`).
  app.get('/held', async (_req, res) => {
    renders += 1;
    const html = page(`held ${renders}`);
    await new Promise<void>((resolve) => (release = resolve));
    const headers = { 'content-type': 'text/html; charset=utf-8', 'cache-control': 'public, max-age=60' };
    (res.locals.keepPage as ((p: { headers: Record<string, string>; body: Uint8Array }) => void) | undefined)?.({
      headers,
      body: Buffer.from(html),
    });
    res.set(headers).send(html);
  });
  app.get('/private', (_req, res) => {
    renders += 1;
    res.set({ 'Content-Type': 'text/html', 'Cache-Control': 'private, no-store' }).send(`<p>${renders}</p>`);
  });
  server = app.listen(0, '127.0.0.1');
  await new Promise((resolve) => server.once('listening', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

beforeEach(() => {
  cache.clear();
  renders = 0;
});

const get = (path: string, headers: Record<string, string> = {}, method = 'GET') =>
  fetch(`${base}${path}`, { headers, method });

describe('page cache', () => {
  it('serves a public page again without rendering it, the same page, compressed for the client', async () => {
    const first = await get('/public', { 'Accept-Encoding': 'gzip' });
    const firstHtml = await first.text();
    expect(first.headers.get('x-page-cache')).toBe('miss');
    for (const encoding of ['gzip', 'br']) {
      const again = await get('/public', { 'Accept-Encoding': encoding });
      expect(again.headers.get('x-page-cache')).toBe('hit');
      expect(again.headers.get('content-encoding')).toBe(encoding);
      expect(again.headers.get('vary')).toMatch(/Cookie.*Accept-Encoding/);
      expect(again.headers.get('cache-control')).toBe('public, max-age=60');
      expect(await again.text()).toBe(firstHtml);
      expect(again.headers.get('etag')).toBe(first.headers.get('etag'));
    }
    const plain = await get('/public', { 'Accept-Encoding': 'identity' });
    expect(plain.headers.get('content-encoding')).toBeNull();
    expect(await plain.text()).toBe(firstHtml);
    expect(renders).toBe(1);
  });

  it('answers a kept copy with the security headers it was kept with, a fresh CSP nonce and its own request id', async () => {
    const first = await get('/public');
    const again = await get('/public');
    const third = await get('/public');
    expect(again.headers.get('x-page-cache')).toBe('hit');
    expect(again.headers.get('x-frame-options')).toBe('DENY');
    const csp = (answer: Response) => answer.headers.get('content-security-policy') ?? '';
    const nonceOf = (answer: Response) => /'nonce-([^']+)'/.exec(csp(answer))?.[1];
    for (const answer of [again, third]) {
      expect(csp(answer).replace(/'nonce-[^']+'/, "'nonce-*'")).toBe(csp(first).replace(/'nonce-[^']+'/, "'nonce-*'"));
    }
    expect(new Set([nonceOf(first), nonceOf(again), nonceOf(third)]).size).toBe(3);
    expect(new Set([first, again, third].map((a) => a.headers.get('x-request-id'))).size).toBe(3);
    expect(renders).toBe(1);
  });

  it('sends a kept page in brotli to a browser that lists gzip first', async () => {
    await get('/public');
    const again = await get('/public', { 'Accept-Encoding': 'gzip, deflate, br, zstd' });
    expect(again.headers.get('x-page-cache')).toBe('hit');
    expect(again.headers.get('content-encoding')).toBe('br');
    const noBrotli = await get('/public', { 'Accept-Encoding': 'gzip, br;q=0' });
    expect(noBrotli.headers.get('content-encoding')).toBe('gzip');
  });

  it('answers 304 to a matching If-None-Match, and HEAD without a body', async () => {
    const etag = (await get('/public')).headers.get('etag') ?? '';
    // As a browser revalidates (fetch would add `Cache-Control: no-cache`, which asks for a full answer).
    const again = await get('/public', { 'If-None-Match': etag, 'Cache-Control': 'max-age=0' });
    expect(again.status).toBe(304);
    const head = await get('/public', {}, 'HEAD');
    expect(head.status).toBe(200);
    expect(head.headers.get('x-page-cache')).toBe('hit');
    expect(await head.text()).toBe('');
    expect(renders).toBe(1);
  });

  it('keeps pages apart by cookie-consent choice, and never caches for a session', async () => {
    await get('/public');
    expect(await (await get('/public', { Cookie: 'acceptCookie=Y' })).text()).toContain('accepted');
    expect(await (await get('/public')).text()).toContain('banner 1');
    expect(renders).toBe(2);
    await get('/public', { Cookie: 'sahakorn_sid=abc' });
    await get('/public', { Cookie: 'other=1; __Host-sahakorn_flash=x' });
    expect(renders).toBe(4);
  });

  it('keeps only what the app offers', async () => {
    await get('/private');
    await get('/private');
    expect(renders).toBe(2);
    expect(cache.size()).toBe(0);
  });

  it('answers a link with tracking parameters from the copy of the page without them', async () => {
    const first = await get('/public');
    expect(first.headers.get('x-page-cache')).toBe('miss');
    for (const query of ['?utm_source=x', '?utm_source=line&utm_medium=social&fbclid=abc', '?gclid=1&UTM_Campaign=y']) {
      const tracked = await get(`/public${query}`);
      expect(tracked.headers.get('x-page-cache'), query).toBe('hit');
      expect(await tracked.text()).toContain('banner 1 at /public<');
    }
    expect(renders).toBe(1);
  });

  it('renders a tracked link as the page without its tracking parameters, and keeps the others', async () => {
    const tracked = await get('/public?utm_source=x&page=2&fbclid=f');
    expect(tracked.headers.get('x-page-cache')).toBe('miss');
    expect(await tracked.text()).toContain('banner 1 at /public?page=2<');
    expect((await get('/public?page=2')).headers.get('x-page-cache')).toBe('hit');
    expect((await get('/public?page=3')).headers.get('x-page-cache')).toBe('miss');
    expect(renders).toBe(2);
  });

  it('renders again once the copy is older than the TTL, or after clear()', async () => {
    await get('/public');
    clock += 10_001;
    expect(await (await get('/public')).text()).toContain('banner 2');
    cache.clear();
    expect(await (await get('/public')).text()).toContain('banner 3');
  });

  it('does not keep a page whose render began before clear(): it may show what changed', async () => {
    const first = get('/held');
    await expect.poll(() => renders).toBe(1);
    cache.clear();
    release();
    expect(await (await first).text()).toContain('held 1');
    const second = get('/held');
    await expect.poll(() => renders).toBe(2);
    release();
    expect((await second).headers.get('x-page-cache')).toBe('miss');
    expect(await (await get('/held')).text()).toContain('held 2');
    expect(renders).toBe(2);
  });
});

describe('withoutTrackingParameters', () => {
  it('drops utm_*, fbclid and gclid, whatever their case or encoding, and nothing else', () => {
    expect(withoutTrackingParameters('/home?utm_source=x')).toBe('/home');
    expect(withoutTrackingParameters('/list/news?page=2&utm_medium=a&fbclid=b&gclid=c')).toBe('/list/news?page=2');
    expect(withoutTrackingParameters('/search?q=%E0%B8%81+x&utm%5Fterm=y')).toBe('/search?q=%E0%B8%81+x');
    expect(withoutTrackingParameters('/search?utm=1&gclid2=2&xfbclid=3')).toBe('/search?utm=1&gclid2=2&xfbclid=3');
    expect(withoutTrackingParameters('/home?%E0%B8=1')).toBe('/home?%E0%B8=1');
    expect(withoutTrackingParameters('/home')).toBe('/home');
  });
});

describe('etagMatches', () => {
  it('compares weakly, in lists and with *', () => {
    expect(etagMatches('W/"a"', 'W/"a"')).toBe(true);
    expect(etagMatches('"a"', 'W/"a"')).toBe(true);
    expect(etagMatches('"b", W/"a"', 'W/"a"')).toBe(true);
    expect(etagMatches('*', 'W/"a"')).toBe(true);
    expect(etagMatches('"b"', 'W/"a"')).toBe(false);
    expect(etagMatches(undefined, 'W/"a"')).toBe(false);
  });

  it('gives the same tag to the same page whatever its nonce', () => {
    const html = (nonce: string) => `<p>x</p><script nonce="${nonce}"></script>`;
    expect(pageEtag(html('n1n1n1n1'), 'n1n1n1n1')).toBe(pageEtag(html('n2n2n2n2'), 'n2n2n2n2'));
    expect(pageEtag('<p>y</p>', 'n')).not.toBe(pageEtag('<p>x</p>', 'n'));
  });
});

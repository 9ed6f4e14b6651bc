import type { AddressInfo } from 'node:net';
import type { Server } from 'node:http';

import express from 'express';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';

import { etagMatches, pageEtag } from '../../app/server/etag.server';
import { createPageCache } from '../../server/page-cache.js';

let clock = 1_000_000;
let renders = 0;
let nonceSeq = 0;
const cache = createPageCache({ ttlMs: 10_000, etagMatches, now: () => clock });
let server: Server;
let base = '';

beforeAll(async () => {
  const app = express();
  app.use((_req, res, next) => {
    res.locals.cspNonce = `nonce${String(++nonceSeq).padStart(20, '0')}`;
    next();
  });
  app.use(cache);
  app.get('/public', (req, res) => {
    renders += 1;
    const nonce = String(res.locals.cspNonce);
    const consent = /acceptCookie=Y/.test(req.headers.cookie ?? '') ? 'accepted' : 'banner';
    const body = Buffer.from(
      `<!doctype html><p>${consent} ${renders}</p><script nonce="${nonce}" src="/e.js"></script>`,
    );
    res.set({ 'Content-Type': 'text/html; charset=utf-8', 'Cache-Control': 'public, max-age=60' });
    res.set('ETag', pageEtag(body, nonce));
    res.write(body.subarray(0, 10));
    res.end(body.subarray(10));
  });
  app.get('/private', (_req, res) => {
    renders += 1;
    res.set({ 'Content-Type': 'text/html', 'Cache-Control': 'private, no-store' }).send(`<p>${renders}</p>`);
  });
  app.get('/cookie', (_req, res) => {
    renders += 1;
    res.set({ 'Content-Type': 'text/html', 'Cache-Control': 'public, max-age=60' });
    res.cookie('x', '1').send(`<p>${renders}</p>`);
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

const get = (path: string, headers: Record<string, string> = {}) => fetch(`${base}${path}`, { headers });

describe('page cache', () => {
  it('serves a public page again without rendering, with this request nonce', async () => {
    const first = await get('/public');
    const firstHtml = await first.text();
    expect(first.headers.get('x-page-cache')).toBe('miss');
    const second = await get('/public');
    const secondHtml = await second.text();
    expect(second.headers.get('x-page-cache')).toBe('hit');
    expect(renders).toBe(1);
    const nonceOf = (html: string) => /nonce="([^"]+)"/.exec(html)?.[1];
    expect(nonceOf(secondHtml)).not.toBe(nonceOf(firstHtml));
    expect(secondHtml.replace(/nonce="[^"]+"/, '')).toBe(firstHtml.replace(/nonce="[^"]+"/, ''));
    expect(second.headers.get('etag')).toBe(first.headers.get('etag'));
  });

  it('answers 304 to a matching If-None-Match', async () => {
    const etag = (await get('/public')).headers.get('etag') ?? '';
    const again = await get('/public', { 'If-None-Match': etag });
    expect(again.status).toBe(304);
    expect(renders).toBe(1);
  });

  it('keeps pages apart by cookie-consent choice, and never caches for a session', async () => {
    await get('/public');
    expect(await (await get('/public', { Cookie: 'acceptCookie=Y' })).text()).toContain('accepted');
    expect(await (await get('/public')).text()).toContain('banner');
    expect(renders).toBe(2);
    await get('/public', { Cookie: 'sahakorn_sid=abc' });
    await get('/public', { Cookie: 'other=1; __Host-sahakorn_flash=x' });
    expect(renders).toBe(4);
  });

  it('does not keep private pages or answers that set a cookie', async () => {
    await get('/private');
    await get('/private');
    await get('/cookie');
    await get('/cookie');
    expect(renders).toBe(4);
    expect(cache.size()).toBe(0);
  });

  it('renders again once the copy is older than the TTL', async () => {
    await get('/public');
    clock += 10_001;
    expect(await (await get('/public')).text()).toContain('banner 2');
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
    const page = (nonce: string) => Buffer.from(`<p>x</p><script nonce="${nonce}"></script>`);
    expect(pageEtag(page('n1n1n1n1'), 'n1n1n1n1')).toBe(pageEtag(page('n2n2n2n2'), 'n2n2n2n2'));
    expect(pageEtag(Buffer.from('<p>y</p>'), 'n')).not.toBe(pageEtag(Buffer.from('<p>x</p>'), 'n'));
  });
});

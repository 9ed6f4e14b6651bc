import type { AddressInfo } from 'node:net';
import type { Server } from 'node:http';

import { gzipSync } from 'node:zlib';

import express from 'express';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';

import { etagMatches, pageEtag } from '../../app/server/etag.server';
import { createPageCache } from '../../server/page-cache.js';

let clock = 1_000_000;
let renders = 0;
let nonceSeq = 0;
const encodingFor = (accept: string | undefined) => (accept?.includes('gzip') ? 'gzip' : null);
const cache = createPageCache({ ttlMs: 10_000, etagMatches, encodingFor, now: () => clock });
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
    const consent = /acceptCookie=Y/.test(req.headers.cookie ?? '') ? 'accepted' : 'banner';
    let body = Buffer.from(`<!doctype html><p>${consent} ${renders}</p><script src="/e.js"></script>`);
    res.set({ 'Content-Type': 'text/html; charset=utf-8', 'Cache-Control': 'public, max-age=60' });
    res.set('ETag', pageEtag(body, String(res.locals.cspNonce)));
    if (encodingFor(req.headers['accept-encoding']) === 'gzip') {
      body = gzipSync(body);
      res.set('Content-Encoding', 'gzip');
    }
    res.write(body.subarray(0, 10));
    res.end(body.subarray(10));
  });
  app.get('/nonce', (_req, res) => {
    renders += 1;
    const nonce = String(res.locals.cspNonce);
    res.set({ 'Content-Type': 'text/html', 'Cache-Control': 'public, max-age=60' });
    res.send(`<p>${renders}</p><script nonce="${nonce}">1</script>`);
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
  it('serves a public page again without rendering it, byte for byte', async () => {
    const first = await get('/public');
    const firstHtml = await first.text();
    expect(first.headers.get('x-page-cache')).toBe('miss');
    const second = await get('/public');
    expect(second.headers.get('x-page-cache')).toBe('hit');
    expect(second.headers.get('content-encoding')).toBe('gzip');
    expect(await second.text()).toBe(firstHtml);
    expect(second.headers.get('etag')).toBe(first.headers.get('etag'));
    expect(renders).toBe(1);
  });

  it('keeps one copy per encoding', async () => {
    await get('/public');
    const identity = await get('/public', { 'Accept-Encoding': 'identity' });
    expect(identity.headers.get('content-encoding')).toBeNull();
    expect(await identity.text()).toContain('banner 2');
    expect(renders).toBe(2);
  });

  it('never keeps a page that carries its request nonce (it would be sent twice)', async () => {
    await get('/nonce');
    await get('/nonce');
    expect(renders).toBe(2);
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

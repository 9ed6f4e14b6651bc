import fs from 'node:fs';
import path from 'node:path';
import { gunzipSync, gzipSync } from 'node:zlib';

import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { bytes } from './http';
import { BUILT, startServer, stopServer, TMP, type RunningServer } from './process';

let running: RunningServer | undefined;

/** A GET whose body is kept as the bytes sent (compressed or not). */
const getBytes = (pathname: string, headers: Record<string, string>) => bytes('GET', pathname, headers);

beforeAll(async () => {
  if (!BUILT) return;
  fs.rmSync(path.join(TMP, 'data'), { recursive: true, force: true });
  running = await startServer({ PAGE_CACHE_SECONDS: '60' });
});

afterAll(() => stopServer(running));

describe.skipIf(!BUILT)('compression of documents (server.js)', () => {
  it('compresses a page the cache keeps at the better level, and a page it does not keep at the cheap one', async () => {
    const miss = await getBytes('/home', { 'Accept-Encoding': 'gzip' });
    expect(miss.headers['x-page-cache']).toBe('miss');
    expect(miss.headers['content-encoding']).toBe('gzip');
    const html = gunzipSync(miss.body);
    const cheap = gzipSync(html, { level: 1 }).length;
    const better = gzipSync(html, { level: 6 }).length;
    // The two levels differ enough on a page to tell them apart.
    expect(cheap).toBeGreaterThan(better * 1.05);
    expect(Math.abs(miss.body.length - better)).toBeLessThan(better * 0.02);

    const hit = await getBytes('/home', { 'Accept-Encoding': 'gzip' });
    expect(hit.headers['x-page-cache']).toBe('hit');
    expect(Math.abs(hit.body.length - better)).toBeLessThan(better * 0.02);

    // The sign-in page carries its response's nonce: never kept, so rendered and compressed cheaply.
    const logon = await getBytes('/member/logon', { 'Accept-Encoding': 'gzip' });
    expect(logon.headers['content-encoding']).toBe('gzip');
    const logonHtml = gunzipSync(logon.body);
    expect(Math.abs(logon.body.length - gzipSync(logonHtml, { level: 1 }).length)).toBeLessThan(
      gzipSync(logonHtml, { level: 1 }).length * 0.02,
    );
  });

  it('answers from a kept page with the headers of the page it kept, a fresh nonce and request id, and logs the route', async () => {
    const first = await getBytes('/board', {});
    const again = await getBytes('/board', {});
    expect([first.headers['x-page-cache'], again.headers['x-page-cache']]).toEqual(['miss', 'hit']);
    // What is made per answer, and how the body is framed (a rendered page streams, a kept one has a length).
    const perRequest = new Set([
      'date',
      'x-request-id',
      'x-page-cache',
      'content-security-policy',
      'connection',
      'content-length',
      'transfer-encoding',
    ]);
    const pageHeaders = (headers: Record<string, unknown>) =>
      Object.fromEntries(Object.entries(headers).filter(([name]) => !perRequest.has(name)));
    expect(pageHeaders(again.headers)).toEqual(pageHeaders(first.headers));
    const csp = (headers: Record<string, unknown>) => String(headers['content-security-policy']);
    const nonceOf = (headers: Record<string, unknown>) => /'nonce-([^']+)'/.exec(csp(headers))?.[1];
    expect(csp(again.headers).replace(nonceOf(again.headers)!, '*')).toBe(
      csp(first.headers).replace(nonceOf(first.headers)!, '*'),
    );
    expect(nonceOf(again.headers)).not.toBe(nonceOf(first.headers));
    expect(again.headers['x-request-id']).not.toBe(first.headers['x-request-id']);
    const line = await running!.waitFor(
      (l) => l.msg === 'request' && l.requestId === again.headers['x-request-id'],
      "the kept page's request line",
    );
    expect([line.level, line.route, line.status, line.pageCache]).toEqual(['info', '/board', 200, 'hit']);
  });

  it('renders with the cheap level when the page cache is off', async () => {
    await stopServer(running);
    running = await startServer({ PAGE_CACHE_SECONDS: '0' });
    const page = await getBytes('/list/news', { 'Accept-Encoding': 'gzip' });
    expect(page.headers['x-page-cache']).toBeUndefined();
    const html = gunzipSync(page.body);
    const cheap = gzipSync(html, { level: 1 }).length;
    expect(Math.abs(page.body.length - cheap)).toBeLessThan(cheap * 0.02);
  });
});

describe.skipIf(!BUILT)('precompressed static files (ADR 106)', () => {
  /** The build's largest script with copies: the route manifest. */
  const manifest = () => {
    const name = fs.readdirSync('public/build').find((file) => /^manifest-.*\.js$/.test(file));
    if (!name) throw new Error('no manifest in public/build: run npm run build');
    return { url: `/build/${name}`, file: path.join('public/build', name) };
  };

  it('sends the brotli or gzip copy made at build time, byte for byte, and the file itself to a client that takes neither', async () => {
    const { url, file } = manifest();
    const br = await getBytes(url, { 'Accept-Encoding': 'gzip, deflate, br' });
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers['content-type']).toMatch(/javascript/);
    expect(br.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(br.headers.vary).toMatch(/Accept-Encoding/i);
    expect(br.body.equals(fs.readFileSync(`${file}.br`))).toBe(true);

    const gz = await getBytes(url, { 'Accept-Encoding': 'gzip' });
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(gz.body.equals(fs.readFileSync(`${file}.gz`))).toBe(true);

    const plain = await getBytes(url, {});
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body.equals(fs.readFileSync(file))).toBe(true);
  });
});

import fs from 'node:fs';
import path from 'node:path';
import { brotliCompressSync, brotliDecompressSync, constants, gunzipSync, gzipSync } from 'node:zlib';

import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { bytes } from './http';
import { BUILT, startServer, stopServer, TMP, type RunningServer } from './process';

let running: RunningServer | undefined;

/** A GET whose body is kept as the bytes sent (compressed or not). */
const getBytes = (pathname: string, headers: Record<string, string>) => bytes('GET', pathname, headers);

beforeAll(async () => {
  if (!BUILT) return;
  fs.rmSync(path.join(TMP, 'data'), { recursive: true, force: true });
  running = await startServer();
});

afterAll(() => stopServer(running));

describe.skipIf(!BUILT)('compression of documents', () => {
  it('renders every page afresh and compresses it at gzip 6 or brotli 4, with an ETag for a public one', async () => {
    for (const pathname of ['/home', '/board', '/member/logon']) {
      const page = await getBytes(pathname, { 'Accept-Encoding': 'gzip' });
      expect(page.status, pathname).toBe(200);
      expect(page.headers['x-page-cache'], pathname).toBeUndefined();
      expect(page.headers['content-encoding'], pathname).toBe('gzip');
      const html = gunzipSync(page.body);
      const level6 = gzipSync(html, { level: 6 }).length;
      expect(Math.abs(page.body.length - level6), pathname).toBeLessThan(level6 * 0.02);
      const br = await getBytes(pathname, { 'Accept-Encoding': 'br' });
      expect(br.headers['content-encoding'], pathname).toBe('br');
      const quality4 = brotliCompressSync(brotliDecompressSync(br.body), {
        params: { [constants.BROTLI_PARAM_QUALITY]: 4, [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT },
      }).length;
      expect(Math.abs(br.body.length - quality4), pathname).toBeLessThan(quality4 * 0.03);
    }
    const home = await getBytes('/home', {});
    expect(home.headers.etag).toBeTruthy();
    const again = await getBytes('/home', { 'If-None-Match': String(home.headers.etag) });
    expect(again.status).toBe(304);
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

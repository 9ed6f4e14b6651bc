import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { compressedAssets, encodeDocument, negotiateEncoding } from './compression.server';

describe('negotiateEncoding', () => {
  it.each([
    [null, null],
    ['', null],
    ['identity', null],
    ['gzip', 'gzip'],
    ['gzip, deflate, br', 'br'],
    ['br;q=0, gzip', 'gzip'],
    ['gzip;q=0', null],
    ['*', 'br'],
    ['*;q=0, gzip', 'gzip'],
    ['BR', 'br'],
    ['deflate', null],
  ] as const)('%j → %s', (header, expected) => {
    expect(negotiateEncoding(header)).toBe(expected);
  });
});

const page = Buffer.from(`<!DOCTYPE html><html lang="th">${'<p>สหกรณ์ออมทรัพย์</p>'.repeat(200)}</html>`);

describe('encodeDocument', () => {
  it('compresses a document the browser accepts compressed, and says so', () => {
    const headers = new Headers();
    const body = encodeDocument(
      new Request('http://x/home', { headers: { 'Accept-Encoding': 'gzip, br' } }),
      page,
      headers,
    );
    expect(headers.get('content-encoding')).toBe('br');
    expect(headers.get('vary')).toBe('Accept-Encoding');
    expect(body.length).toBeLessThan(page.length / 5);
    expect(brotliDecompressSync(body).equals(page)).toBe(true);

    const gzHeaders = new Headers({ Vary: 'Cookie' });
    const gz = encodeDocument(
      new Request('http://x/home', { headers: { 'Accept-Encoding': 'gzip' } }),
      page,
      gzHeaders,
    );
    expect(gzHeaders.get('content-encoding')).toBe('gzip');
    expect(gzHeaders.get('vary')).toBe('Cookie, Accept-Encoding');
    expect(gunzipSync(gz).equals(page)).toBe(true);
  });

  it('leaves small bodies and clients without compression alone', () => {
    for (const [request, body] of [
      [new Request('http://x/', { headers: { 'Accept-Encoding': 'br' } }), Buffer.from('<p>short</p>')],
      [new Request('http://x/'), page],
    ] as const) {
      const headers = new Headers();
      expect(encodeDocument(request, body, headers)).toBe(body);
      expect(headers.get('content-encoding')).toBeNull();
    }
  });

  it('compresses a private document (a member page, made for each request) faster, a little larger', () => {
    const request = () => new Request('http://x/member/kep', { headers: { 'Accept-Encoding': 'br' } });
    const shared = encodeDocument(request(), page, new Headers({ 'Cache-Control': 'public, max-age=60' }));
    const headers = new Headers({ 'Cache-Control': 'private, no-store' });
    const own = encodeDocument(request(), page, headers);
    expect(headers.get('content-encoding')).toBe('br');
    expect(brotliDecompressSync(own).equals(page)).toBe(true);
    expect(own.length).toBeLessThan(page.length / 5);
    expect(own.length).toBeGreaterThan(shared.length);
  });

  it('answers HEAD with the headers of a GET', () => {
    const headers = new Headers();
    encodeDocument(new Request('http://x/', { method: 'HEAD', headers: { 'Accept-Encoding': 'gzip' } }), page, headers);
    expect(headers.get('content-encoding')).toBe('gzip');
    expect(headers.get('vary')).toBe('Accept-Encoding');
  });
});

describe('compressedAssets', () => {
  let root: string;
  const css = Buffer.from('.a{color:red}\n'.repeat(500));
  beforeAll(() => {
    root = fs.mkdtempSync(path.join(os.tmpdir(), 'sahakorn-assets-'));
    fs.mkdirSync(path.join(root, 'build'));
    fs.writeFileSync(path.join(root, 'build', 'app-X.css'), css);
    fs.writeFileSync(path.join(root, 'small.css'), '.a{}');
    fs.writeFileSync(path.join(root, 'photo.png'), css);
  });
  afterAll(() => fs.rmSync(root, { recursive: true, force: true }));

  function call(p: string, headers: Record<string, string> = { 'accept-encoding': 'br, gzip' }, method = 'GET') {
    const out: { status?: number; headers: Record<string, string>; body?: Buffer; next: boolean } = {
      headers: {},
      next: false,
    };
    const res = {
      set(h: Record<string, string>) {
        Object.assign(out.headers, h);
        return res;
      },
      status(code: number) {
        out.status = code;
        return res;
      },
      end(body?: Buffer) {
        out.body = body;
      },
      getHeader: (name: string) => out.headers[name] as string | undefined,
    };
    compressedAssets(root)({ method, path: p, get: (n: string) => headers[n.toLowerCase()] }, res, () => {
      out.next = true;
    });
    return out;
  }

  it('serves a fingerprinted stylesheet compressed and immutable', () => {
    const out = call('/build/app-X.css');
    expect(out.status).toBe(200);
    expect(out.headers['Content-Encoding']).toBe('br');
    expect(out.headers['Content-Type']).toBe('text/css; charset=utf-8');
    expect(out.headers['Cache-Control']).toBe('public, max-age=31536000, immutable');
    expect(brotliDecompressSync(out.body ?? Buffer.alloc(0)).equals(css)).toBe(true);
    expect(call('/build/app-X.css', { 'accept-encoding': 'br', 'if-none-match': out.headers.ETag ?? '' }).status).toBe(
      304,
    );
    expect(
      gunzipSync(call('/build/app-X.css', { 'accept-encoding': 'gzip' }).body ?? Buffer.alloc(0)).equals(css),
    ).toBe(true);
  });

  it('passes on everything else to express.static', () => {
    expect(call('/build/app-X.css', {}).next).toBe(true);
    expect(call('/small.css').next).toBe(true);
    expect(call('/photo.png').next).toBe(true);
    expect(call('/missing.css').next).toBe(true);
    expect(call('/../../etc/passwd.css').next).toBe(true);
    expect(call('/build/app-X.css', undefined, 'POST').next).toBe(true);
  });
});

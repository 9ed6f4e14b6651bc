import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { contentDisposition, proxyMedia, serveMedia } from './media.server';
import { demoPdf, encodePng } from '../seed/content-media';

let root: string;
let dir: string;
const PNG = encodePng(4, 4, new Uint8Array(48));
const PDF = demoPdf('files/a.pdf');
const WEBP = Buffer.from('RIFF\x1a\x00\x00\x00WEBPVP8L\x0d\x00\x00\x00', 'latin1');

beforeAll(() => {
  root = fs.mkdtempSync(path.join(os.tmpdir(), 'sahakorn-serve-'));
  dir = path.join(root, 'mediafiles');
  fs.mkdirSync(path.join(dir, 'images', 'ภาพกิจกรรม'), { recursive: true });
  fs.mkdirSync(path.join(dir, 'files'), { recursive: true });
  fs.writeFileSync(path.join(dir, 'images', 'a.png'), PNG);
  fs.writeFileSync(path.join(dir, 'images', 'ภาพกิจกรรม', 'ภาพ 1.png'), PNG);
  fs.writeFileSync(
    path.join(dir, 'images', 'x.svg'),
    '<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>',
  );
  fs.writeFileSync(path.join(dir, 'images', 'page.html'), '<script>alert(1)</script>');
  fs.writeFileSync(path.join(dir, 'files', 'แบบคำขอ.pdf'), PDF);
  fs.writeFileSync(path.join(root, 'secret.png'), PNG);
  fs.symlinkSync(path.join(root, 'secret.png'), path.join(dir, 'images', 'link.png'));
});

afterAll(() => fs.rmSync(root, { recursive: true, force: true }));

const get = (file: string, headers: Record<string, string> = {}, method = 'GET') =>
  serveMedia(new Request(`http://x/mediafiles/${file}`, { method, headers }), file, dir);

describe('serveMedia', () => {
  it('serves a picture with its type, length, validators and a long cache lifetime', async () => {
    const response = await get('images/a.png');
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('image/png');
    expect(response.headers.get('content-length')).toBe(String(PNG.length));
    expect(response.headers.get('cache-control')).toBe('public, max-age=2592000');
    expect(response.headers.get('etag')).toMatch(/^W\/"[0-9a-f]+-[0-9a-f]+"$/);
    expect(response.headers.get('content-disposition')).toBeNull();
    expect(Buffer.from(await response.arrayBuffer()).equals(PNG)).toBe(true);
  });

  it('serves Thai file names', async () => {
    expect((await get('images/ภาพกิจกรรม/ภาพ 1.png')).status).toBe(200);
  });

  it('sends documents as downloads with a Thai-safe file name', async () => {
    const response = await get('files/แบบคำขอ.pdf');
    expect(response.headers.get('content-type')).toBe('application/pdf');
    expect(response.headers.get('content-disposition')).toBe(contentDisposition('แบบคำขอ.pdf'));
    expect(contentDisposition('แบบคำขอ.pdf')).toBe(
      `attachment; filename="_______.pdf"; filename*=UTF-8''${encodeURIComponent('แบบคำขอ.pdf')}`,
    );
    expect(
      Buffer.from(await response.arrayBuffer())
        .subarray(0, 5)
        .toString(),
    ).toBe('%PDF-');
  });

  it('answers HEAD without a body and conditional requests with 304', async () => {
    const head = await get('images/a.png', {}, 'HEAD');
    expect(head.status).toBe(200);
    expect(await head.text()).toBe('');
    const etag = head.headers.get('etag') ?? '';
    expect((await get('images/a.png', { 'If-None-Match': etag })).status).toBe(304);
    expect((await get('images/a.png', { 'If-None-Match': 'W/"other"' })).status).toBe(200);
    const lastModified = head.headers.get('last-modified') ?? '';
    expect((await get('images/a.png', { 'If-Modified-Since': lastModified })).status).toBe(304);
  });

  it.each([
    'images/x.svg',
    'images/page.html',
    'images/missing.png',
    'images',
    '../secret.png',
    'images/../../secret.png',
    'images/link.png',
    '/etc/passwd',
    'images/.hidden.png',
    '',
  ])('does not serve %j', async (file) => {
    const response = await get(file);
    expect(response.status).toBe(404);
    expect(response.headers.get('cache-control')).toBe('no-store');
  });
});

describe("proxyMedia (http mode): the core's media through our rules", () => {
  let core: http.Server;
  let base: string;
  const seen: { url: string; method: string; inm: string | undefined }[] = [];
  beforeAll(async () => {
    core = http.createServer((req, res) => {
      seen.push({ url: req.url ?? '', method: req.method ?? '', inm: req.headers['if-none-match'] });
      if (req.url === '/core/mediafiles/images/a.png') {
        if (req.headers['if-none-match'] === '"v1"') return res.writeHead(304, { ETag: '"v1"' }).end();
        // The core's own type is not trusted: ours comes from the file's extension.
        res.writeHead(200, {
          'Content-Type': 'text/html',
          ETag: '"v1"',
          'Content-Length': PNG.length,
          'Set-Cookie': 'x=1',
        });
        return res.end(req.method === 'HEAD' ? undefined : PNG);
      }
      if (req.url === '/core/mediafiles/files/%E0%B9%81%E0%B8%9A%E0%B8%9A.pdf') {
        res.writeHead(200, { 'Content-Type': 'application/pdf' });
        return res.end(PDF);
      }
      if (req.url === '/core/mediafiles/images/slow.png') return setTimeout(() => res.end(PNG), 1000);
      if (req.url === '/core/mediafiles/images/empty.png' || req.url === '/core/mediafiles/files/empty.pdf') {
        res.writeHead(200, { 'Content-Type': 'image/png', 'Content-Length': 0 });
        return res.end();
      }
      if (req.url === '/core/mediafiles/images/chunked-empty.jpg') {
        // No length announced, and then no bytes.
        res.writeHead(200, { 'Content-Type': 'image/jpeg', 'Transfer-Encoding': 'chunked' });
        return res.end();
      }
      if (req.url === '/core/mediafiles/images/photo.webp' || req.url === '/core/mediafiles/images/webp-named.png') {
        res.writeHead(200, { 'Content-Type': 'image/webp' });
        return res.end(WEBP);
      }
      if (req.url === '/core/mediafiles/images/page.jpg') {
        res.writeHead(200, { 'Content-Type': 'text/html' });
        return res.end('<!DOCTYPE html><html><body><div id="app"></div></body></html>');
      }
      if (req.url === '/core/mediafiles/images/moved.png') return res.writeHead(302, { Location: '/x' }).end();
      res.writeHead(404).end('no');
    });
    await new Promise<void>((resolve) => core.listen(0, '127.0.0.1', resolve));
    base = `http://127.0.0.1:${(core.address() as AddressInfo).port}/core`;
  });
  afterAll(() => new Promise<void>((resolve) => core.close(() => resolve())));

  const proxy = (file: string, headers: Record<string, string> = {}, method = 'GET') =>
    proxyMedia(new Request(`http://x/mediafiles/${file}`, { method, headers }), file, { base, timeoutMs: 300 });

  it("streams a picture from mediafiles/ below the core's base, with our type and cache lifetime only", async () => {
    const response = await proxy('images/a.png');
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('image/png');
    expect(response.headers.get('etag')).toBe('"v1"');
    expect(response.headers.get('cache-control')).toBe('public, max-age=2592000');
    expect(response.headers.get('set-cookie')).toBeNull();
    expect(Buffer.from(await response.arrayBuffer()).equals(Buffer.from(PNG))).toBe(true);
  });

  it('passes conditional requests on, and answers HEAD without a body', async () => {
    expect((await proxy('images/a.png', { 'If-None-Match': '"v1"' })).status).toBe(304);
    expect(seen.at(-1)?.inm).toBe('"v1"');
    const head = await proxy('images/a.png', {}, 'HEAD');
    expect(head.status).toBe(200);
    expect(seen.at(-1)?.method).toBe('HEAD');
    expect(await head.text()).toBe('');
  });

  it('sends attachments as downloads under their Thai names', async () => {
    const response = await proxy('files/แบบ.pdf');
    expect(response.status).toBe(200);
    expect(response.headers.get('content-disposition')).toBe(contentDisposition('แบบ.pdf'));
  });

  it('never asks the core for unsafe paths or types we do not serve; its 404s and redirects are not found', async () => {
    const before = seen.length;
    for (const file of ['../secret.png', 'images/x.svg', 'images/page.html']) {
      expect((await proxy(file)).status, file).toBe(404);
    }
    expect(seen.length).toBe(before);
    expect((await proxy('images/none.png')).status).toBe(404);
    expect((await proxy('images/moved.png')).status).toBe(404);
  });

  it('a picture with no bytes is a 503 and one that is not a picture a 404, neither kept by any cache', async () => {
    for (const file of ['images/empty.png', 'files/empty.pdf', 'images/chunked-empty.jpg']) {
      for (const method of file.startsWith('images/chunked') ? ['GET'] : ['GET', 'HEAD']) {
        const response = await proxy(file, {}, method);
        expect(response.status, `${method} ${file}`).toBe(503);
        expect(response.headers.get('cache-control')).toBe('no-store');
      }
    }
    const page = await proxy('images/page.jpg');
    expect(page.status).toBe(404);
    expect(page.headers.get('cache-control')).toBe('no-store');
  });

  it('a picture passes only when its bytes show the type its name gives', async () => {
    const webp = await proxy('images/photo.webp');
    expect(webp.status).toBe(200);
    expect(webp.headers.get('content-type')).toBe('image/webp');
    expect(Buffer.from(await webp.arrayBuffer()).equals(WEBP)).toBe(true);
    expect((await proxy('images/webp-named.png')).status).toBe(404);
  });

  it('a core too slow to answer is a 503 to retry later', async () => {
    const response = await proxy('images/slow.png');
    expect(response.status).toBe(503);
    expect(response.headers.get('retry-after')).toBe('30');
  });
});

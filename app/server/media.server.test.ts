import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { contentDisposition, serveMedia } from './media.server';
import { demoPdf, encodePng } from './seed/content-media';

let root: string;
let dir: string;
const PNG = encodePng(4, 4, new Uint8Array(48));
const PDF = demoPdf('files/a.pdf');

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

import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';

import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

process.env.DATA_DIR ??= fs.mkdtempSync(path.join(os.tmpdir(), 'sahakorn-picture-variants-'));

const { servePictureVariant } = await import('./picture-variants.server');
const { mediaDir } = await import('./media.server');
const { createEmbeddedBackend } = await import('../coop/embedded.server');
const { createHttpBackend } = await import('../coop/http/http-backend.server');
const { openDb } = await import('../db/index.server');
type Backend = Parameters<typeof servePictureVariant>[3];

const picture = (width: number, height: number) =>
  sharp({ create: { width, height, channels: 3, background: '#3366cc' } })
    .png()
    .toBuffer();

/** `/img/{width}/{rest}` as the route answers it, with the backend it is given. */
function copy(backend: Backend, width: string, rest: string, headers: Record<string, string> = {}) {
  return servePictureVariant(new Request(`http://x/img/${width}/${rest}`, { headers }), width, rest, backend);
}

async function widthOf(response: Response): Promise<number | undefined> {
  expect(response.status).toBe(200);
  expect(response.headers.get('content-type')).toBe('image/webp');
  const meta = await sharp(Buffer.from(await response.arrayBuffer())).metadata();
  expect(meta.format).toBe('webp');
  return meta.width;
}

describe('picture copies in http mode: the original comes from the core through the backend', () => {
  let core: http.Server;
  let backend: Backend;
  let down = false;
  const asked: string[] = [];

  beforeAll(async () => {
    const photo = await picture(600, 300);
    core = http.createServer((req, res) => {
      if (down) return req.socket.destroy();
      asked.push(`${req.method} ${req.url}`);
      if (req.url === '/core/mediafiles/images/photo.png' || req.url === '/core/mediafiles/images/later.png') {
        res.writeHead(200, { 'Content-Type': 'image/png', 'Content-Length': photo.length });
        return res.end(photo);
      }
      if (req.url === '/core/mediafiles/images/page.png') {
        res.writeHead(200, { 'Content-Type': 'text/html' });
        return res.end('<!DOCTYPE html><html><body></body></html>');
      }
      res.writeHead(404).end();
    });
    await new Promise<void>((resolve) => core.listen(0, '127.0.0.1', resolve));
    backend = createHttpBackend({
      baseUrl: `http://127.0.0.1:${(core.address() as AddressInfo).port}/core`,
      timeoutMs: 1000,
    });
  });
  afterAll(() => new Promise<void>((resolve) => core.close(() => resolve())));

  it("makes the copy from the core's file and keeps it: the next visitor does not reach the core", async () => {
    expect(backend.kind).toBe('http');
    expect(fs.existsSync(path.join(mediaDir(), 'images', 'photo.png'))).toBe(false);
    const first = await copy(backend, '240', 'mediafiles/images/photo.png.webp');
    expect(await widthOf(first)).toBe(240);
    expect(asked).toEqual(['GET /core/mediafiles/images/photo.png']);

    const again = await copy(backend, '240', 'mediafiles/images/photo.png.webp');
    expect(await widthOf(again)).toBe(240);
    expect(again.headers.get('etag')).toBe(first.headers.get('etag'));
    expect(asked).toHaveLength(1);
  });

  it('a file the core does not have, or that is not a picture, is not found and not kept', async () => {
    for (const rest of ['mediafiles/images/none.png.webp', 'mediafiles/images/page.png.webp']) {
      const response = await copy(backend, '240', rest);
      expect(response.status, rest).toBe(404);
      expect(response.headers.get('cache-control')).toBe('no-store');
    }
  });

  it('while the core is down a kept copy is still served and a new one is not found', async () => {
    down = true;
    try {
      expect(await widthOf(await copy(backend, '240', 'mediafiles/images/photo.png.webp'))).toBe(240);
      const missing = await copy(backend, '240', 'mediafiles/images/later.png.webp');
      expect(missing.status).toBe(404);
      expect(missing.headers.get('cache-control')).toBe('no-store');
    } finally {
      down = false;
    }
    expect(await widthOf(await copy(backend, '480', 'mediafiles/images/later.png.webp'))).toBe(480);
  });
});

describe('picture copies from the embedded store, through the backend', () => {
  const db = openDb({ dataDir: process.env.DATA_DIR ?? '' });
  const backend = createEmbeddedBackend(db);
  const images = path.join(mediaDir(), 'images');

  beforeAll(async () => {
    fs.mkdirSync(images, { recursive: true });
    fs.writeFileSync(path.join(images, 'local.png'), await picture(600, 300));
    fs.writeFileSync(path.join(images, 'text.png'), 'not a picture');
    const outside = path.join(os.tmpdir(), `sahakorn-outside-${process.pid}.png`);
    fs.writeFileSync(outside, await picture(600, 300));
    fs.symlinkSync(outside, path.join(images, 'link.png'));
  });
  afterAll(() => db.destroy());

  it('copies a stored picture, answers 304 to its validator, and makes a new copy when the file is replaced', async () => {
    const first = await copy(backend, '240', 'mediafiles/images/local.png');
    expect(first.status).toBe(404); // the URL must name the copy: `{picture}.webp`
    const made = await copy(backend, '240', 'mediafiles/images/local.png.webp');
    expect(await widthOf(made)).toBe(240);
    const etag = made.headers.get('etag') ?? '';
    expect((await copy(backend, '240', 'mediafiles/images/local.png.webp', { 'If-None-Match': etag })).status).toBe(
      304,
    );

    const file = path.join(images, 'local.png');
    fs.writeFileSync(file, await picture(200, 100));
    const replaced = await copy(backend, '240', 'mediafiles/images/local.png.webp', { 'If-None-Match': etag });
    expect(replaced.headers.get('etag')).not.toBe(etag);
    expect(await widthOf(replaced)).toBe(200); // never enlarged
  });

  it('refuses what is not a stored picture inside the store', async () => {
    for (const rest of [
      'mediafiles/images/text.png.webp',
      'mediafiles/images/link.png.webp',
      'mediafiles/images/none.png.webp',
      'mediafiles/images/../../secret.png.webp',
      'mediafiles/images/local.svg.webp',
    ]) {
      expect((await copy(backend, '240', rest)).status, rest).toBe(404);
    }
    expect((await copy(backend, '300', 'mediafiles/images/local.png.webp')).status).toBe(404);
  });

  it("copies a default picture from the app's own files", async () => {
    expect(await widthOf(await copy(backend, '240', 'picture/Utils/ContentDefault/news.png.webp'))).toBe(240);
    expect((await copy(backend, '240', 'picture/Utils/ContentDefault/unknown.png.webp')).status).toBe(404);
  });
});

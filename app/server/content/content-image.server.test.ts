import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import {
  DEFAULT_PICTURE_PATH,
  createContentImageResolver,
  defaultPicture,
  hasAcceptedImageExtension,
  headProbe,
  isSafeMediaPath,
  mediaUrl,
  sniffImageType,
  statProbe,
  type ImageProbe,
} from './content-image.server';
import { DEFAULT_IMAGE_KINDS } from '../coop/types';
import { encodePng } from '../seed/content-media';

const PNG = encodePng(2, 2, new Uint8Array(12));
const GIF = Buffer.from('GIF89a\x01\x00\x01\x00\x00\x00\x00;', 'latin1');
const JPEG = Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0, 16, 0x4a, 0x46, 0x49, 0x46, 0, 1]);
const BMP = Buffer.concat([Buffer.from('BM', 'latin1'), Buffer.alloc(60)]);
const WEBP = Buffer.from('RIFF\x1a\x00\x00\x00WEBPVP8L\x0d\x00\x00\x00', 'latin1');
const SVG = Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>');

describe('default pictures (spec §2)', () => {
  it('has one picture per content type under picture/Utils/ContentDefault/', () => {
    expect(DEFAULT_IMAGE_KINDS).toEqual([
      'news',
      'activity',
      'rule',
      'school',
      'achievement',
      'notice',
      'letters',
      'download',
    ]);
    for (const kind of DEFAULT_IMAGE_KINDS) {
      const picture = defaultPicture(kind);
      expect(picture).toEqual({ src: `/picture/Utils/ContentDefault/${kind}.png`, isDefault: true });
      const file = path.join('public', picture.src);
      const bytes = fs.readFileSync(file);
      expect(sniffImageType(bytes), file).toBe('png');
      expect(bytes.length, file).toBeLessThan(15 * 1024);
    }
    expect(DEFAULT_PICTURE_PATH).toBe('/picture/Utils/ContentDefault/');
  });
});

describe('file checks', () => {
  it.each([
    ['photo.png', true],
    ['photo.PNG', true],
    ['a/b/photo.jpg', true],
    ['photo.jpeg', true],
    ['photo.gif', true],
    ['photo.bmp', true],
    ['photo.svg', false],
    ['photo.webp', false],
    ['photo.png.html', false],
    ['photo', false],
    ['.png', true],
  ] as const)('extension of %s accepted: %s', (file, ok) => {
    expect(hasAcceptedImageExtension(file)).toBe(ok);
  });

  it.each([
    ['images/content/photo-01.png', true],
    ['images/ภาพกิจกรรม/ภาพที่ 1.jpg', true],
    ['/etc/passwd.png', false],
    ['../secret.png', false],
    ['images/../../secret.png', false],
    ['images/./a.png', false],
    ['images//a.png', false],
    ['images\\a.png', false],
    ['images/.hidden.png', false],
    ['javascript:alert(1).png', false],
    ['https://evil.example/a.png', false],
    ['a\u0000.png', false],
    ['', false],
  ] as const)('%j is a safe media path: %s', (file, ok) => {
    expect(isSafeMediaPath(file)).toBe(ok);
  });

  it('percent-encodes every path segment of a media URL', () => {
    expect(mediaUrl('images/ภาพ 1.png')).toBe('/mediafiles/images/%E0%B8%A0%E0%B8%B2%E0%B8%9E%201.png');
    expect(mediaUrl('a/b#c?.png', 'https://coop.example/mediafiles/')).toBe(
      'https://coop.example/mediafiles/a/b%23c%3F.png',
    );
  });

  it('recognises every picture type by its first bytes, and nothing else', () => {
    expect(sniffImageType(PNG)).toBe('png');
    expect(sniffImageType(GIF)).toBe('gif');
    expect(sniffImageType(JPEG)).toBe('jpeg');
    expect(sniffImageType(BMP)).toBe('bmp');
    expect(sniffImageType(WEBP)).toBe('webp');
    expect(sniffImageType(SVG)).toBeNull();
    expect(sniffImageType(Buffer.from('RIFF\x24\x00\x00\x00WAVEfmt ', 'latin1'))).toBeNull();
    expect(sniffImageType(Buffer.from('GIF8'))).toBeNull();
    expect(sniffImageType(Buffer.from('BM'))).toBeNull();
    expect(sniffImageType(new Uint8Array())).toBeNull();
  });
});

describe('createContentImageResolver', () => {
  function counting(answer: (file: string) => boolean | Promise<boolean>) {
    const calls: string[] = [];
    const probe: ImageProbe = async (file) => {
      calls.push(file);
      return answer(file);
    };
    return { probe, calls };
  }

  it('shows a stored picture that exists and is an accepted type', async () => {
    const { probe } = counting(() => true);
    const resolver = createContentImageResolver({ probe });
    expect(await resolver.resolve('images/content/a.png', 'news')).toEqual({
      src: '/mediafiles/images/content/a.png',
      isDefault: false,
    });
  });

  it('falls back to the default of the content type for no picture, a refused type, an unsafe path or a missing file', async () => {
    const { probe, calls } = counting((file) => file !== 'images/missing.png');
    const resolver = createContentImageResolver({ probe });
    expect(await resolver.resolve(null, 'rule')).toEqual(defaultPicture('rule'));
    expect(await resolver.resolve('   ', 'rule')).toEqual(defaultPicture('rule'));
    expect(await resolver.resolve('images/infographic.svg', 'notice')).toEqual(defaultPicture('notice'));
    expect(await resolver.resolve('images/poster.webp', 'school')).toEqual(defaultPicture('school'));
    expect(await resolver.resolve('../etc/passwd.png', 'letters')).toEqual(defaultPicture('letters'));
    expect(await resolver.resolve('images/missing.png', 'download')).toEqual(defaultPicture('download'));
    // Only the candidate with an accepted type and a safe path reached the probe.
    expect(calls).toEqual(['images/missing.png']);
  });

  it('asks the store once per file while the answer is fresh, and again after the TTL', async () => {
    let clock = 10_000;
    const { probe, calls } = counting(() => true);
    const resolver = createContentImageResolver({ probe, ttlMs: 1000, now: () => clock });
    await Promise.all([resolver.resolve('a.png', 'news'), resolver.resolve('a.png', 'news')]);
    await resolver.resolve('a.png', 'activity');
    expect(calls).toEqual(['a.png']);
    clock = 10_999;
    await resolver.resolve('a.png', 'news');
    expect(calls).toHaveLength(1);
    clock = 11_001;
    await resolver.resolve('a.png', 'news');
    expect(calls).toHaveLength(2);
  });

  it('trusts a "no" for a shorter time, so a picture uploaded later appears', async () => {
    let clock = 10_000;
    let exists = false;
    const { probe, calls } = counting(() => exists);
    const resolver = createContentImageResolver({ probe, ttlMs: 60_000, negativeTtlMs: 1000, now: () => clock });
    expect((await resolver.resolve('new.png', 'news')).isDefault).toBe(true);
    exists = true;
    clock = 10_500;
    expect((await resolver.resolve('new.png', 'news')).isDefault).toBe(true);
    clock = 11_500;
    expect((await resolver.resolve('new.png', 'news')).isDefault).toBe(false);
    expect(calls).toHaveLength(2);
  });

  it('treats a failing probe as "no" and does not throw', async () => {
    const resolver = createContentImageResolver({
      probe: () => Promise.reject(new Error('connection reset')),
    });
    expect(await resolver.resolve('a.png', 'achievement')).toEqual(defaultPicture('achievement'));
  });

  it('keeps the cache bounded and can be cleared', async () => {
    const { probe, calls } = counting(() => true);
    const resolver = createContentImageResolver({ probe, maxEntries: 2 });
    for (const f of ['a.png', 'b.png', 'c.png', 'a.png']) await resolver.resolve(f, 'news');
    // a.png was evicted when c.png came in.
    expect(calls).toEqual(['a.png', 'b.png', 'c.png', 'a.png']);
    resolver.clear();
    await resolver.resolve('c.png', 'news');
    expect(calls).toHaveLength(5);
  });
});

describe('statProbe (embedded store)', () => {
  let dir: string;
  beforeAll(() => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'sahakorn-media-'));
    fs.mkdirSync(path.join(dir, 'images', 'folder.png'), { recursive: true });
    fs.writeFileSync(path.join(dir, 'images', 'a.png'), PNG);
    fs.writeFileSync(path.join(dir, 'images', 'b.gif'), GIF);
    fs.writeFileSync(path.join(dir, 'images', 'c.jpg'), JPEG);
    fs.writeFileSync(path.join(dir, 'images', 'd.bmp'), BMP);
    fs.writeFileSync(path.join(dir, 'images', 'renamed-svg.png'), SVG);
    fs.writeFileSync(path.join(dir, 'images', 'renamed-webp.png'), WEBP);
    fs.writeFileSync(path.join(dir, 'images', 'empty.png'), '');
    fs.writeFileSync(path.join(os.tmpdir(), 'sahakorn-outside.png'), PNG);
  });
  afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

  it('accepts real pictures of the accepted types', async () => {
    const probe = statProbe(dir);
    for (const f of ['images/a.png', 'images/b.gif', 'images/c.jpg', 'images/d.bmp'])
      expect(await probe(f), f).toBe(true);
  });

  it('refuses missing files, directories, other content behind an image name and paths out of the store', async () => {
    const probe = statProbe(dir);
    expect(await probe('images/missing.png')).toBe(false);
    expect(await probe('images/folder.png')).toBe(false);
    expect(await probe('images/renamed-svg.png')).toBe(false);
    expect(await probe('images/renamed-webp.png')).toBe(false);
    expect(await probe('images/empty.png')).toBe(false);
    expect(await probe('../sahakorn-outside.png')).toBe(false);
  });

  it('with the resolver: the item gets its picture or the default', async () => {
    const resolver = createContentImageResolver({ probe: statProbe(dir) });
    expect(await resolver.resolve('images/a.png', 'news')).toEqual({
      src: '/mediafiles/images/a.png',
      isDefault: false,
    });
    expect(await resolver.resolve('images/renamed-svg.png', 'activity')).toEqual(defaultPicture('activity'));
  });
});

describe('headProbe (core system)', () => {
  let server: http.Server;
  let origin: string;
  const seen: { method: string; url: string }[] = [];
  beforeAll(async () => {
    server = http.createServer((req, res) => {
      seen.push({ method: req.method ?? '', url: req.url ?? '' });
      const types: Record<string, string> = {
        '/mediafiles/ok.png': 'image/png',
        '/mediafiles/ok.jpg': 'image/jpeg; charset=binary',
        '/mediafiles/ok.gif': 'image/gif',
        '/mediafiles/ok.bmp': 'image/bmp',
        '/mediafiles/html.png': 'text/html; charset=utf-8',
        '/mediafiles/svg.png': 'image/svg+xml',
        '/mediafiles/%E0%B8%A0%E0%B8%B2%E0%B8%9E.png': 'image/png',
      };
      if (req.url === '/mediafiles/redirect.png') {
        res.writeHead(302, { Location: '/mediafiles/ok.png' }).end();
      } else if (req.url === '/mediafiles/slow.png') {
        setTimeout(() => res.writeHead(200, { 'Content-Type': 'image/png' }).end(), 500);
      } else if (req.url && types[req.url]) {
        res.writeHead(200, { 'Content-Type': types[req.url] ?? '' }).end();
      } else {
        res.writeHead(404, { 'Content-Type': 'image/png' }).end();
      }
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

  it('sends HEAD to mediafiles/{file} and accepts a 2xx with an accepted image type', async () => {
    const probe = headProbe(origin);
    for (const f of ['ok.png', 'ok.jpg', 'ok.gif', 'ok.bmp', 'ภาพ.png']) expect(await probe(f), f).toBe(true);
    expect(seen.every((r) => r.method === 'HEAD')).toBe(true);
    expect(seen.map((r) => r.url)).toContain('/mediafiles/%E0%B8%A0%E0%B8%B2%E0%B8%9E.png');
  });

  it('refuses 404s, other types, redirects and slow answers', async () => {
    const probe = headProbe(origin, { timeoutMs: 100 });
    for (const f of ['missing.png', 'html.png', 'svg.png', 'redirect.png', 'slow.png']) {
      expect(await probe(f), f).toBe(false);
    }
  });

  it('refuses when the server cannot be reached', async () => {
    expect(await headProbe('http://127.0.0.1:9', { timeoutMs: 500 })('ok.png')).toBe(false);
  });
});

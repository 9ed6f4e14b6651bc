import { createHash } from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';

import sharp from 'sharp';

import { DEFAULT_PICTURE_PATH, isSafeMediaPath, mediaUrl, sniffImageType } from './content-image.server';
import { env } from '../env.server';
import { appPath } from '../http/app-root.server';
import { createLimiter, QueueFullError } from '../http/limiter.server';
import { PICTURE_VARIANT_WIDTHS } from '~/lib/media-sizes';
import { DEFAULT_IMAGE_KINDS, type CoopBackend } from '../coop/types';

/**
 * Smaller WebP copies of content pictures (ADR 073): `/img/{width}/{picture path}.webp` for a stored
 * picture (`mediafiles/…`) or a default picture (`picture/Utils/ContentDefault/{kind}.png`). A copy is
 * made with sharp the first time it is asked for and kept on disk under `DATA_DIR/cache/pictures`,
 * named by the source, its size and modification time (a replaced file gets new copies). A stored
 * picture is read through the backend, as `/mediafiles/` serves it; in http mode it comes from the core
 * and its copy is trusted for a day.
 */

/** A stored picture larger than this is not copied (the original stays in the page's fallback). */
const MAX_SOURCE_BYTES = 10 * 1024 * 1024;
/** Pixels sharp agrees to decode: beyond any content picture, short of a decompression bomb. */
const MAX_INPUT_PIXELS = 40_000_000;
const HTTP_COPY_SECONDS = 24 * 60 * 60;
const CACHE_CONTROL = 'public, max-age=2592000';

/** Making copies is CPU work: two at a time in this process, a few waiting, the rest answered 503. */
const queue = createLimiter({ concurrency: 2, queue: 16 });

/** What of the backend the copies use: its stored media, and whether they come from the core. */
export type MediaBackend = Pick<CoopBackend, 'kind' | 'serveMedia'>;

interface Source {
  /** Stable name of the source and of what it was when read (size, time). */
  key: string;
  read: () => Promise<Buffer | null>;
  /** How long a kept copy stands for the source without looking at it again (null: while the key holds). */
  maxAgeSeconds: number | null;
}

/** A default picture: one of the app's own files under `public/`, never a stored one. */
async function publicSource(relative: string): Promise<Source | null> {
  try {
    const root = await fs.realpath(appPath('public'));
    const target = await fs.realpath(path.join(root, ...relative.split('/')));
    if (!target.startsWith(root + path.sep)) return null;
    const stat = await fs.stat(target);
    if (!stat.isFile() || stat.size > MAX_SOURCE_BYTES) return null;
    return {
      key: `file:${target}:${stat.size}:${Math.floor(stat.mtimeMs)}`,
      read: () => fs.readFile(target),
      maxAgeSeconds: null,
    };
  } catch {
    return null;
  }
}

/** The body of a 200 answer, at most `MAX_SOURCE_BYTES` of it; null for anything else. */
async function boundedBody(response: Response): Promise<Buffer | null> {
  if (response.status !== 200 || Number(response.headers.get('content-length') ?? 0) > MAX_SOURCE_BYTES) {
    await response.body?.cancel();
    return null;
  }
  const reader = response.body?.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (let next = await reader?.read(); next && !next.done; next = await reader?.read()) {
    size += next.value.byteLength;
    if (size > MAX_SOURCE_BYTES) {
      await reader?.cancel();
      return null;
    }
    chunks.push(next.value);
  }
  return Buffer.concat(chunks);
}

/**
 * A stored picture, read through the backend as `/mediafiles/` reads it (the embedded store's folder,
 * or the core's `mediafiles/`), with the same rules. The core is not asked again while a copy is
 * younger than a day; the embedded store's answer to HEAD is a stat, whose validator (size and time)
 * names the copy, so a replaced file gets new copies.
 */
async function storedSource(backend: MediaBackend, file: string, origin: string): Promise<Source | null> {
  const ask = (method: 'GET' | 'HEAD') =>
    backend.serveMedia(new Request(new URL(mediaUrl(file), origin), { method }), file);
  const read = async () => boundedBody(await ask('GET'));
  if (backend.kind === 'http') return { key: `core:${file}`, maxAgeSeconds: HTTP_COPY_SECONDS, read };
  try {
    const head = await ask('HEAD');
    const etag = head.headers.get('etag');
    if (head.status !== 200 || !etag || Number(head.headers.get('content-length')) > MAX_SOURCE_BYTES) return null;
    return { key: `media:${file}:${etag}`, maxAgeSeconds: null, read };
  } catch {
    return null;
  }
}

/** Where the picture named by the URL comes from, or null for anything that is not a content picture. */
async function sourceOf(picture: string, backend: MediaBackend, origin: string): Promise<Source | null> {
  if (picture.startsWith(DEFAULT_PICTURE_PATH.slice(1))) {
    const kind = picture.slice(DEFAULT_PICTURE_PATH.length - 1).replace(/\.png$/, '');
    if (!(DEFAULT_IMAGE_KINDS as readonly string[]).includes(kind) || !picture.endsWith('.png')) return null;
    return publicSource(picture);
  }
  const file = picture.startsWith('mediafiles/') ? picture.slice('mediafiles/'.length) : null;
  if (!file || !isSafeMediaPath(file) || !/\.(?:png|jpe?g|gif|bmp|webp)$/i.test(file)) return null;
  return storedSource(backend, file, origin);
}

/** A WebP copy at most `width` pixels wide (never enlarged). */
export async function makeVariant(bytes: Buffer, width: number): Promise<Buffer> {
  return sharp(bytes, { limitInputPixels: MAX_INPUT_PIXELS, pages: 1, autoOrient: true })
    .resize({ width, withoutEnlargement: true })
    .webp({ quality: 70, effort: 4 })
    .toBuffer();
}

function cacheDir(): string {
  return path.join(env().dataDir, 'cache', 'pictures');
}

/** Pieces of the URL: `{width}` and `{picture path}.webp`. */
export function parseVariantPath(width: string, rest: string): { width: number; picture: string } | null {
  const w = Number(width);
  if (!(PICTURE_VARIANT_WIDTHS as readonly number[]).includes(w) || String(w) !== width) return null;
  if (!rest.endsWith('.webp')) return null;
  return { width: w, picture: rest.slice(0, -'.webp'.length) };
}

function notFound(): Response {
  return new Response('Not found', {
    status: 404,
    headers: { 'Content-Type': 'text/plain; charset=utf-8', 'Cache-Control': 'no-store' },
  });
}

/** Answers `/img/{width}/{picture}.webp`. */
export async function servePictureVariant(
  request: Request,
  width: string,
  rest: string,
  backend: MediaBackend,
): Promise<Response> {
  const parsed = parseVariantPath(width, rest);
  const source = parsed ? await sourceOf(parsed.picture, backend, request.url) : null;
  if (!parsed || !source) return notFound();

  const name = createHash('sha256').update(`${source.key}\u0000${parsed.width}`).digest('hex').slice(0, 40);
  const etag = `W/"${name.slice(0, 20)}"`;
  const file = path.join(cacheDir(), name.slice(0, 2), `${name}.webp`);
  const headers = { 'Content-Type': 'image/webp', 'Cache-Control': CACHE_CONTROL, ETag: etag };

  let bytes: Buffer | null = null;
  try {
    const stat = await fs.stat(file);
    if (source.maxAgeSeconds === null || Date.now() - stat.mtimeMs < source.maxAgeSeconds * 1000) {
      if (
        request.headers
          .get('if-none-match')
          ?.split(',')
          .some((tag) => tag.trim() === etag)
      ) {
        return new Response(null, { status: 304, headers });
      }
      bytes = await fs.readFile(file);
    }
  } catch {
    // Not made yet.
  }
  if (!bytes) {
    try {
      bytes = await queue.run(async () => {
        const original = await source.read();
        if (!original || !sniffImageType(original)) return null;
        return makeVariant(original, parsed.width);
      });
    } catch (error) {
      if (error instanceof QueueFullError) {
        return new Response('Service unavailable', {
          status: 503,
          headers: { 'Content-Type': 'text/plain; charset=utf-8', 'Cache-Control': 'no-store', 'Retry-After': '5' },
        });
      }
      return notFound();
    }
    if (!bytes) return notFound();
    try {
      await fs.mkdir(path.dirname(file), { recursive: true });
      // Written aside and renamed into place: another instance sharing the folder never reads half a file.
      const aside = `${file}.${process.pid}.${Math.random().toString(36).slice(2)}.tmp`;
      await fs.writeFile(aside, bytes);
      await fs.rename(aside, file);
    } catch {
      // A full or read-only disk: the copy is still sent, and made again next time.
    }
  }
  return new Response(request.method === 'HEAD' ? null : new Uint8Array(bytes), {
    status: 200,
    headers: { ...headers, 'Content-Length': String(bytes.length) },
  });
}

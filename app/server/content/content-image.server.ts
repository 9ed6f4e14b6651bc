import fs from 'node:fs/promises';
import path from 'node:path';

import { LRUCache } from 'lru-cache';

import type { DefaultImageKind } from '../coop/types';

/**
 * Content pictures (spec §2): a stored picture is shown only when it is a bmp, gif, jpeg or png file
 * that really exists on the media store — checked by a stat of the stored file (embedded store) or a
 * HEAD request to `mediafiles/{file}` (core system), and cached in memory. Otherwise the default
 * picture of the item's content type is shown.
 */

/** File name endings of the picture types the site shows. */
export const ACCEPTED_IMAGE_EXTENSIONS = ['bmp', 'gif', 'jpg', 'jpeg', 'png'] as const;
const ACCEPTED_CONTENT_TYPES = ['image/bmp', 'image/x-ms-bmp', 'image/gif', 'image/jpeg', 'image/png'];

/** Where the default pictures live (public/). */
export const DEFAULT_PICTURE_PATH = '/picture/Utils/ContentDefault/';
/** URL prefix of stored media. */
export const MEDIA_PATH = '/mediafiles/';

/** Nominal size of content pictures; every box is 16:9 in CSS, so any picture fits without a layout shift. */
export const CONTENT_PICTURE_SIZE = { width: 800, height: 450 } as const;

export interface ContentImage {
  src: string;
  /** True when the default picture of the content type stands in. */
  isDefault: boolean;
}

/** The default picture of a content type (spec §2). */
export function defaultPicture(kind: DefaultImageKind): ContentImage {
  return { src: `${DEFAULT_PICTURE_PATH}${kind}.png`, isDefault: true };
}

/**
 * A stored media path we are willing to look at: relative, forward slashes, no `.`/`..` segments,
 * no hidden files, no control characters, no scheme. (Paths come from the content store, which
 * staff edit — not from visitors — but they still end up in URLs and file-system calls.)
 */
export function isSafeMediaPath(file: string): boolean {
  if (!file || file.length > 512 || file.startsWith('/') || file.includes('\\')) return false;
  if (/[\u0000-\u001f\u007f]|:/.test(file)) return false;
  return file.split('/').every((segment) => segment !== '' && !segment.startsWith('.'));
}

/** True when the file name ends in one of the accepted picture types (case-insensitive). */
export function hasAcceptedImageExtension(file: string): boolean {
  const ext = /\.([a-z0-9]+)$/i.exec(file)?.[1]?.toLowerCase();
  return Boolean(ext && (ACCEPTED_IMAGE_EXTENSIONS as readonly string[]).includes(ext));
}

/** URL of a stored file: every path segment percent-encoded (Thai file names included). */
export function mediaUrl(file: string, base: string = MEDIA_PATH): string {
  return base + file.split('/').map(encodeURIComponent).join('/');
}

/** Answers whether a stored file exists and is an accepted picture. Must not throw for a missing file. */
export type ImageProbe = (file: string) => Promise<boolean>;

/** The picture types the site knows by their bytes. */
export type PictureType = 'png' | 'gif' | 'jpeg' | 'bmp' | 'webp';

/** How many of a file's first bytes `sniffImageType` needs. */
export const PICTURE_HEAD_BYTES = 16;

/**
 * The one check that bytes are a picture, whatever the file's name or the sender's content type say:
 * the type its first bytes show (PNG's 8-byte signature, `GIF87a`/`GIF89a`, JPEG `FF D8 FF`, BMP `BM`
 * with its 14-byte header, WebP `RIFF????WEBP`), or null for anything else.
 */
export function sniffImageType(head: Uint8Array): PictureType | null {
  const starts = (bytes: number[], offset = 0) => bytes.every((b, i) => head[offset + i] === b);
  if (starts([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return 'png';
  if (starts([0x47, 0x49, 0x46, 0x38]) && (head[4] === 0x37 || head[4] === 0x39) && head[5] === 0x61) return 'gif';
  if (starts([0xff, 0xd8, 0xff])) return 'jpeg';
  if (starts([0x42, 0x4d]) && head.length >= 14) return 'bmp';
  if (starts([0x52, 0x49, 0x46, 0x46]) && starts([0x57, 0x45, 0x42, 0x50], 8)) return 'webp';
  return null;
}

/**
 * Embedded store: the file must be a regular file inside `dir` whose first bytes are those of an
 * accepted picture type (so a renamed SVG or HTML file is refused as well).
 */
export function statProbe(dir: string): ImageProbe {
  const root = path.resolve(dir);
  return async (file) => {
    const target = path.resolve(root, ...file.split('/'));
    if (!target.startsWith(root + path.sep)) return false;
    let handle: fs.FileHandle | undefined;
    try {
      handle = await fs.open(target, 'r');
      if (!(await handle.stat()).isFile()) return false;
      const head = new Uint8Array(PICTURE_HEAD_BYTES);
      const { bytesRead } = await handle.read(head, 0, head.length, 0);
      const type = sniffImageType(head.subarray(0, bytesRead));
      // WebP is served and copied, but is not a content picture type (spec §2).
      return type !== null && type !== 'webp';
    } catch {
      return false;
    } finally {
      await handle?.close();
    }
  };
}

/** Where a core system serves its media: `mediafiles/` below its base URL (the `COOP_API_URL`). */
export function coreMediaBase(coreBase: string): string {
  return new URL(MEDIA_PATH.slice(1), coreBase.endsWith('/') ? coreBase : `${coreBase}/`).href;
}

/** Core system: `HEAD {base}/mediafiles/{file}` must answer 2xx with an accepted image type. */
export function headProbe(coreBase: string, options: { fetch?: typeof fetch; timeoutMs?: number } = {}): ImageProbe {
  const doFetch = options.fetch ?? fetch;
  const timeoutMs = options.timeoutMs ?? 3000;
  const base = coreMediaBase(coreBase);
  return async (file) => {
    try {
      const response = await doFetch(mediaUrl(file, base), {
        method: 'HEAD',
        redirect: 'error',
        signal: AbortSignal.timeout(timeoutMs),
      });
      const type = (response.headers.get('content-type') ?? '').split(';')[0]?.trim().toLowerCase() ?? '';
      return response.ok && ACCEPTED_CONTENT_TYPES.includes(type);
    } catch {
      return false;
    }
  };
}

export interface ContentImageResolver {
  /** The picture to show for a stored file (or none) of an item with this default picture kind. */
  resolve(file: string | null, kind: DefaultImageKind): Promise<ContentImage>;
  /** Forget every cached answer (after media changes). */
  clear(): void;
}

export interface ResolverOptions {
  probe: ImageProbe;
  /** How long a "yes" is trusted. Default 10 minutes. */
  ttlMs?: number;
  /** How long a "no" is trusted (a file may be uploaded soon after). Default 1 minute. */
  negativeTtlMs?: number;
  /** Cache size bound; the least recently used entries go first. Default 5,000. */
  maxEntries?: number;
  now?: () => number;
  /** URL prefix of stored media. Default `/mediafiles/`. */
  mediaBase?: string;
}

/** The picture check with an in-memory cache (concurrent checks of one file share one probe). */
export function createContentImageResolver(options: ResolverOptions): ContentImageResolver {
  const ttl = options.ttlMs ?? 10 * 60_000;
  const negativeTtl = options.negativeTtlMs ?? 60_000;
  const maxEntries = options.maxEntries ?? 5000;
  const now = options.now ?? Date.now;
  const cache = new LRUCache<string, Promise<boolean>>({ max: maxEntries, ttl, ttlResolution: 0, perf: { now } });

  function check(file: string): Promise<boolean> {
    const hit = cache.get(file);
    if (hit) return hit;
    // A "no" (or a failed probe) is kept for `negativeTtl` only, from when it was known.
    const missing = () => {
      if (cache.peek(file) === ok) cache.set(file, ok, { ttl: negativeTtl });
      return false;
    };
    const ok: Promise<boolean> = options.probe(file).then((found) => found || missing(), missing);
    cache.set(file, ok);
    return ok;
  }

  return {
    async resolve(file, kind) {
      const name = file?.trim() ?? '';
      if (!name || !isSafeMediaPath(name) || !hasAcceptedImageExtension(name)) return defaultPicture(kind);
      return (await check(name)) ? { src: mediaUrl(name, options.mediaBase), isDefault: false } : defaultPicture(kind);
    },
    clear() {
      cache.clear();
    },
  };
}

import { createReadStream } from 'node:fs';
import fs from 'node:fs/promises';
import path from 'node:path';

import { createReadableStreamFromReadable } from '@remix-run/node';

import {
  createContentImageResolver,
  isSafeMediaPath,
  statProbe,
  type ContentImageResolver,
} from './content-image.server';
import { env } from './env.server';

/**
 * Stored media (`/mediafiles/{file}`): content pictures, gallery photos and attachments. In the
 * embedded store they live in `DATA_DIR/mediafiles` (ADR 011).
 */
export function mediaDir(dataDir: string = env().dataDir): string {
  return path.join(dataDir, 'mediafiles');
}

/** File types served from the media store; anything else (SVG, HTML, scripts…) is not found. */
export const MEDIA_TYPES: Readonly<Record<string, { type: string; download: boolean }>> = {
  png: { type: 'image/png', download: false },
  jpg: { type: 'image/jpeg', download: false },
  jpeg: { type: 'image/jpeg', download: false },
  gif: { type: 'image/gif', download: false },
  bmp: { type: 'image/bmp', download: false },
  webp: { type: 'image/webp', download: false },
  pdf: { type: 'application/pdf', download: true },
  doc: { type: 'application/msword', download: true },
  docx: { type: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document', download: true },
  xls: { type: 'application/vnd.ms-excel', download: true },
  xlsx: { type: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet', download: true },
  ppt: { type: 'application/vnd.ms-powerpoint', download: true },
  pptx: { type: 'application/vnd.openxmlformats-officedocument.presentationml.presentation', download: true },
  zip: { type: 'application/zip', download: true },
};

/** Stored files keep their names; a month in shared caches is long but an edit shows up eventually. */
const MEDIA_CACHE_CONTROL = 'public, max-age=2592000';

function notFound(): Response {
  return new Response('Not found', {
    status: 404,
    headers: { 'Content-Type': 'text/plain; charset=utf-8', 'Cache-Control': 'no-store' },
  });
}

/** `attachment; filename="…"; filename*=UTF-8''…` for any (Thai) file name. */
export function contentDisposition(name: string): string {
  const ascii = name.replace(/[^\x20-\x7e]|["\\]/g, '_');
  return `attachment; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(name)}`;
}

/**
 * Answer a GET/HEAD for a stored file: only known types, only regular files inside the media
 * directory (symbolic links out of it are refused), with validators for conditional requests.
 */
export async function serveMedia(request: Request, file: string, dir: string = mediaDir()): Promise<Response> {
  if (!isSafeMediaPath(file)) return notFound();
  const ext = /\.([a-z0-9]+)$/i.exec(file)?.[1]?.toLowerCase() ?? '';
  const kind = MEDIA_TYPES[ext];
  if (!kind) return notFound();

  let target: string;
  let stat: Awaited<ReturnType<typeof fs.stat>>;
  try {
    const root = await fs.realpath(dir);
    target = await fs.realpath(path.join(root, ...file.split('/')));
    if (!target.startsWith(root + path.sep)) return notFound();
    stat = await fs.stat(target);
    if (!stat.isFile()) return notFound();
  } catch {
    return notFound();
  }

  const etag = `W/"${stat.size.toString(16)}-${Math.floor(stat.mtimeMs).toString(16)}"`;
  const lastModified = new Date(Math.floor(stat.mtimeMs / 1000) * 1000);
  const headers = new Headers({
    'Content-Type': kind.type,
    'Cache-Control': MEDIA_CACHE_CONTROL,
    ETag: etag,
    'Last-Modified': lastModified.toUTCString(),
  });
  if (kind.download) headers.set('Content-Disposition', contentDisposition(path.posix.basename(file)));

  const ifNoneMatch = request.headers.get('if-none-match');
  const ifModifiedSince = Date.parse(request.headers.get('if-modified-since') ?? '');
  if (
    (ifNoneMatch && ifNoneMatch.split(',').some((tag) => tag.trim() === etag)) ||
    (!ifNoneMatch && Number.isFinite(ifModifiedSince) && lastModified.getTime() <= ifModifiedSince)
  ) {
    return new Response(null, { status: 304, headers });
  }

  headers.set('Content-Length', String(stat.size));
  if (request.method === 'HEAD') return new Response(null, { status: 200, headers });
  return new Response(createReadableStreamFromReadable(createReadStream(target)), { status: 200, headers });
}

let resolver: ContentImageResolver | undefined;

/** The content picture check of this process (embedded store: a stat of the stored file). */
export function contentImages(): ContentImageResolver {
  resolver ??= createContentImageResolver({ probe: statProbe(mediaDir()) });
  return resolver;
}

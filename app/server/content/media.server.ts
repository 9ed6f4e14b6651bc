import { createReadStream } from 'node:fs';
import fs from 'node:fs/promises';
import path from 'node:path';

import { createReadableStreamFromReadable } from '@remix-run/node';

import {
  coreMediaBase,
  createContentImageResolver,
  isSafeMediaPath,
  mediaUrl,
  PICTURE_HEAD_BYTES,
  sniffImageType,
  type ContentImageResolver,
} from './content-image.server';
import { app } from '../app.server';
import { env } from '../env.server';

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
  const kind = mediaKind(file);
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

/** The served type of a stored file's path, or null when it is not one we serve (or not a safe path). */
function mediaKind(file: string): { type: string; download: boolean } | null {
  if (!isSafeMediaPath(file)) return null;
  const ext = /\.([a-z0-9]+)$/i.exec(file)?.[1]?.toLowerCase() ?? '';
  return MEDIA_TYPES[ext] ?? null;
}

/** Validators and the body's length pass from the core to the visitor; nothing else of its headers. */
const PASSED_ON = ['etag', 'last-modified', 'content-length'] as const;

/**
 * http mode (ADR 024): `/mediafiles/{file}` comes from the core system's `mediafiles/` below
 * `COOP_API_URL`, streamed, with the same rules as the embedded store — only known types, sent with
 * our content type (never the core's), conditional requests passed on. A core that does not answer
 * in time is a 503; anything but 200/304 from it is not found.
 */
export async function proxyMedia(
  request: Request,
  file: string,
  core: { base: string; timeoutMs: number; fetch?: typeof fetch },
): Promise<Response> {
  const kind = mediaKind(file);
  if (!kind) return notFound();
  const forward = new Headers();
  for (const name of ['if-none-match', 'if-modified-since']) {
    const value = request.headers.get(name);
    if (value) forward.set(name, value);
  }
  let upstream: Response;
  try {
    upstream = await (core.fetch ?? fetch)(mediaUrl(file, coreMediaBase(core.base)), {
      method: request.method === 'HEAD' ? 'HEAD' : 'GET',
      headers: forward,
      redirect: 'manual',
      signal: AbortSignal.timeout(core.timeoutMs),
    });
  } catch {
    return unavailable();
  }
  if (upstream.status !== 200 && upstream.status !== 304) {
    await upstream.body?.cancel();
    return notFound();
  }
  // A glitch must not be kept for a month in every cache (ADR 042): no bytes is the core failing (503);
  // a picture that does not start as its type does (the core site's HTML page) is not there (404).
  let streamed: ReadableStream<Uint8Array> | null = null;
  if (upstream.status === 200) {
    if (upstream.headers.get('content-length')?.trim() === '0') {
      await upstream.body?.cancel();
      return unavailable();
    }
    if (request.method !== 'HEAD') {
      let peeked: Awaited<ReturnType<typeof peek>>;
      try {
        peeked = await peek(upstream.body, PICTURE_HEAD_BYTES);
      } catch {
        return unavailable();
      }
      if (!peeked.head.byteLength) return unavailable();
      // A picture's bytes must show its own type (`image/png` → `png`); attachments are not looked at.
      const picture = kind.type.startsWith('image/') ? kind.type.slice('image/'.length) : null;
      if (picture && sniffImageType(peeked.head) !== picture) {
        await peeked.stream.cancel();
        return notFound();
      }
      streamed = peeked.stream;
    }
  }
  const headers = new Headers({ 'Content-Type': kind.type, 'Cache-Control': MEDIA_CACHE_CONTROL });
  for (const name of PASSED_ON) {
    const value = upstream.headers.get(name);
    if (value && !(name === 'content-length' && upstream.status === 304)) headers.set(name, value);
  }
  if (kind.download) headers.set('Content-Disposition', contentDisposition(path.posix.basename(file)));
  if (!streamed) await upstream.body?.cancel();
  return new Response(streamed, { status: upstream.status, headers });
}

function unavailable(): Response {
  return new Response('Service unavailable', {
    status: 503,
    headers: { 'Content-Type': 'text/plain; charset=utf-8', 'Cache-Control': 'no-store', 'Retry-After': '30' },
  });
}

/**
 * The first `need` bytes of a body (fewer when it is shorter), and a stream of the whole body that
 * still starts with them.
 */
async function peek(
  body: ReadableStream<Uint8Array> | null,
  need: number,
): Promise<{ head: Uint8Array; stream: ReadableStream<Uint8Array> }> {
  const reader = body?.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  let done = !reader;
  while (reader && size < need) {
    const next = await reader.read();
    if (next.done) {
      done = true;
      break;
    }
    chunks.push(next.value);
    size += next.value.byteLength;
  }
  const head = Buffer.concat(chunks);
  const stream = new ReadableStream<Uint8Array>({
    start(controller) {
      if (head.byteLength) controller.enqueue(head);
      if (done) controller.close();
    },
    async pull(controller) {
      const next = await reader?.read();
      if (!next || next.done) controller.close();
      else controller.enqueue(next.value);
    },
    cancel: (reason) => reader?.cancel(reason),
  });
  return { head, stream };
}

let resolver: ContentImageResolver | undefined;

/**
 * The content picture check of this process: whether the backend has the stored file (a stat in the
 * embedded store, a HEAD request to the core in http mode), the answers cached by the resolver.
 */
export function contentImages(): ContentImageResolver {
  resolver ??= createContentImageResolver({ probe: async (file) => (await app()).backend.hasMedia(file) });
  return resolver;
}

import fs from 'node:fs';
import path from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';

/**
 * Response compression with node:zlib (no dependency): rendered documents are compressed in
 * entry.server (the whole body is in hand there), text assets by `compressedAssets` in server.js
 * (compressed once, kept in memory). Public pages must weigh ≤ 25 KiB on the wire (ADR 011).
 */

export type Encoding = 'br' | 'gzip';

/** Bodies smaller than this are sent as they are (the headers would cost more than is saved). */
const MIN_SIZE = 1024;

/** The best encoding the client accepts (`q=0` refuses), preferring brotli. */
export function negotiateEncoding(acceptEncoding: string | null | undefined): Encoding | null {
  if (!acceptEncoding) return null;
  const accepted = new Map<string, number>();
  for (const part of acceptEncoding.split(',')) {
    const [name = '', ...params] = part.trim().toLowerCase().split(';');
    const q = params.map((p) => /^\s*q=([\d.]+)\s*$/.exec(p)?.[1]).find(Boolean);
    accepted.set(name.trim(), q === undefined ? 1 : Number(q));
  }
  const quality = (name: Encoding) => accepted.get(name) ?? (accepted.has('*') ? (accepted.get('*') ?? 0) : 0);
  if (quality('br') > 0) return 'br';
  if (quality('gzip') > 0) return 'gzip';
  return null;
}

/**
 * How hard to compress: `max` for text assets (once per file version), `shared` for documents that may
 * be kept (public pages: the page cache compresses each render once and serves it many times), `private`
 * for documents rendered for one member on every request, where the compression is paid per response
 * and the server's CPU is the budget (≤ 5 ms a member page, docs/performance.md, ADR 023): the fastest
 * levels, about 10 % larger than `shared` on the wire (a 53 KiB page: 5.8 KiB instead of 4.4 KiB).
 */
export type Effort = 'max' | 'shared' | 'private';

const BROTLI_QUALITY: Readonly<Record<Effort, number>> = { max: 11, shared: 5, private: 1 };
const GZIP_LEVEL: Readonly<Record<Effort, number>> = { max: 9, shared: 6, private: 1 };

export function compress(body: Buffer, encoding: Encoding, effort: Effort = 'shared'): Buffer<ArrayBuffer> {
  if (encoding === 'br') {
    return brotliCompressSync(body, {
      params: {
        [constants.BROTLI_PARAM_QUALITY]: BROTLI_QUALITY[effort],
        [constants.BROTLI_PARAM_SIZE_HINT]: body.length,
        [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
      },
    });
  }
  return gzipSync(body, { level: GZIP_LEVEL[effort] });
}

function addVary(headers: Headers): void {
  const vary = headers.get('Vary');
  if (!vary) headers.set('Vary', 'Accept-Encoding');
  else if (!/\baccept-encoding\b/i.test(vary)) headers.set('Vary', `${vary}, Accept-Encoding`);
}

/**
 * Compress a rendered document for this request when it is worth it; sets Content-Encoding and
 * Vary on `headers`. Returns the body to send. A document that may be kept (`Cache-Control: public…`)
 * is compressed harder than a private one (see `Effort`).
 */
export function encodeDocument(request: Request, body: Buffer<ArrayBuffer>, headers: Headers): Buffer<ArrayBuffer> {
  // HEAD gets the headers a GET would (Node sends no body for it anyway).
  if (headers.has('Content-Encoding') || body.length < MIN_SIZE) return body;
  addVary(headers);
  const encoding = negotiateEncoding(request.headers.get('accept-encoding'));
  if (!encoding) return body;
  headers.set('Content-Encoding', encoding);
  return compress(body, encoding, headers.get('Cache-Control')?.startsWith('public') ? 'shared' : 'private');
}

const ASSET_TYPES: Readonly<Record<string, string>> = {
  '.css': 'text/css; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.json': 'application/json; charset=utf-8',
  '.txt': 'text/plain; charset=utf-8',
  '.map': 'application/json; charset=utf-8',
};

interface Compressed {
  mtimeMs: number;
  size: number;
  variants: Partial<Record<Encoding, Buffer>>;
}

interface ReqLike {
  method: string;
  path: string;
  get(name: string): string | undefined;
}
interface ResLike {
  set(headers: Record<string, string>): unknown;
  getHeader(name: string): number | string | string[] | undefined;
  status(code: number): ResLike;
  end(body?: Buffer): unknown;
}

/**
 * Express middleware for text assets under `root` (public/): answers GET/HEAD for .css/.js/.svg/
 * .json/.txt with a brotli or gzip body when the client accepts one, compressed at the highest level
 * once per file version. Anything else goes on to express.static. Fingerprinted `/build/` files are
 * immutable; others may be cached for an hour (as express.static is set up).
 */
export function compressedAssets(root: string) {
  const base = path.resolve(root);
  const cache = new Map<string, Compressed>();
  return (req: ReqLike, res: ResLike, next: () => void) => {
    if (req.method !== 'GET' && req.method !== 'HEAD') return next();
    const type = ASSET_TYPES[path.extname(req.path).toLowerCase()];
    const encoding = negotiateEncoding(req.get('accept-encoding'));
    if (!type || !encoding) return next();
    let file: string;
    try {
      file = path.resolve(base, `.${decodeURIComponent(req.path)}`);
    } catch {
      return next();
    }
    if (!file.startsWith(base + path.sep)) return next();
    let stat: fs.Stats;
    try {
      stat = fs.statSync(file);
    } catch {
      return next();
    }
    if (!stat.isFile() || stat.size < MIN_SIZE) return next();
    let entry = cache.get(file);
    if (!entry || entry.mtimeMs !== stat.mtimeMs || entry.size !== stat.size) {
      entry = { mtimeMs: stat.mtimeMs, size: stat.size, variants: {} };
      cache.set(file, entry);
    }
    const body = (entry.variants[encoding] ??= compress(fs.readFileSync(file), encoding, 'max'));
    const etag = `W/"${stat.size.toString(16)}-${Math.floor(stat.mtimeMs).toString(16)}-${encoding}"`;
    res.set({
      'Content-Type': type,
      'Content-Encoding': encoding,
      Vary: 'Accept-Encoding',
      // An earlier middleware may have said more (the versioned enhancement script is immutable).
      'Cache-Control':
        (res.getHeader('Cache-Control') as string | undefined) ??
        (req.path.startsWith('/build/') ? 'public, max-age=31536000, immutable' : 'public, max-age=3600'),
      ETag: etag,
      'Last-Modified': stat.mtime.toUTCString(),
      'Content-Length': String(body.length),
    });
    if (req.get('if-none-match') === etag) return res.status(304).end();
    return req.method === 'HEAD' ? res.status(200).end() : res.status(200).end(body);
  };
}

// In-memory cache of public pages for anonymous visitors (ADR 014).
//
// A public page (the app answered `Cache-Control: public…`, 200, no Set-Cookie) is kept for a few
// seconds and served again without running Remix, byte for byte as the app sent it (compressed for the
// client's encoding: the encoding is part of the key). A page that carries its request's CSP nonce is
// never kept, so a nonce is never sent twice; public pages link their one script by URL and have none.
// Requests with a session or a flash notice always reach the app; the cookie-consent choice is part of
// the key because it changes the page.
import { brotliDecompressSync, gunzipSync } from 'node:zlib';

/** Cookies that make a page personal: such requests bypass the cache. */
const PERSONAL_COOKIE = /(?:^|;\s*)(?:__Host-)?sahakorn_(?:sid|flash)=/;
const CONSENT_COOKIE = /(?:^|;\s*)acceptCookie=([^;]*)/;
const KEPT_HEADERS = ['content-type', 'content-encoding', 'cache-control', 'vary', 'etag', 'content-language'];

function plain(body, encoding) {
  if (encoding === 'br') return brotliDecompressSync(body);
  if (encoding === 'gzip') return gunzipSync(body);
  return body;
}

/**
 * Express middleware. `ttlMs` 0 turns it off; `etagMatches` compares `If-None-Match` with a tag and
 * `encodingFor` picks the encoding the app will use for an `Accept-Encoding` (both from the app's
 * build); `now` is injectable for tests.
 * @param {{ ttlMs: number, etagMatches: (header: string | undefined, etag: string | undefined) => boolean, encodingFor?: (acceptEncoding: string | undefined) => string | null, maxEntries?: number, now?: () => number }} options
 */
export function createPageCache({ ttlMs, etagMatches, encodingFor = () => null, maxEntries = 500, now = Date.now }) {
  /** @type {Map<string, {expires: number, headers: Record<string, string>, body: Buffer}>} */
  const entries = new Map();

  function remember(key, entry) {
    entries.delete(key);
    if (entries.size >= maxEntries) entries.delete(entries.keys().next().value);
    entries.set(key, entry);
  }

  function middleware(req, res, next) {
    if (ttlMs <= 0 || (req.method !== 'GET' && req.method !== 'HEAD')) return next();
    const cookies = req.headers.cookie ?? '';
    if (PERSONAL_COOKIE.test(cookies)) return next();
    const consent = CONSENT_COOKIE.exec(cookies)?.[1] ?? '';
    const key = `${req.originalUrl}\u0000${consent}\u0000${encodingFor(req.headers['accept-encoding']) ?? ''}`;

    const hit = entries.get(key);
    if (hit && hit.expires > now()) {
      res.status(200).set(hit.headers).set('X-Page-Cache', 'hit');
      if (etagMatches(req.headers['if-none-match'], hit.headers.etag)) return res.status(304).end();
      res.set('Content-Length', String(hit.body.length));
      return req.method === 'HEAD' ? res.end() : res.end(hit.body);
    }
    if (hit) entries.delete(key);
    if (req.method === 'HEAD') return next();

    // A miss: let the app answer and keep a copy if the answer may be shared.
    const nonce = res.locals.cspNonce;
    const chunks = [];
    const write = res.write.bind(res);
    const end = res.end.bind(res);
    res.write = (chunk, ...rest) => {
      if (chunk) chunks.push(Buffer.from(chunk));
      return write(chunk, ...rest);
    };
    res.end = (chunk, ...rest) => {
      if (chunk && typeof chunk !== 'function') chunks.push(Buffer.from(chunk));
      try {
        keep(key, res, Buffer.concat(chunks), nonce);
      } catch {
        // An answer that cannot be read back (e.g. a broken encoding) is simply not kept.
      }
      return end(chunk, ...rest);
    };
    res.setHeader('X-Page-Cache', 'miss');
    return next();
  }

  function keep(key, res, body, nonce) {
    if (
      res.statusCode !== 200 ||
      !String(res.getHeader('cache-control') ?? '').startsWith('public') ||
      res.getHeader('set-cookie') ||
      !String(res.getHeader('content-type') ?? '').startsWith('text/html')
    ) {
      return;
    }
    if (nonce && plain(body, res.getHeader('content-encoding')).includes(nonce)) return;
    const headers = {};
    for (const name of KEPT_HEADERS) {
      const value = res.getHeader(name);
      if (value !== undefined) headers[name] = String(value);
    }
    remember(key, { expires: now() + ttlMs, headers, body });
  }

  middleware.clear = () => entries.clear();
  middleware.size = () => entries.size;
  return middleware;
}

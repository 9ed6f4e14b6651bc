// In-memory cache of public pages for anonymous visitors (ADR 014).
//
// A public page (the app answered `Cache-Control: public…`, 200, no Set-Cookie) is kept for a few
// seconds and served again without running Remix. A page carries the CSP nonce of the request that
// rendered it: a cached copy gets this request's nonce instead, so a nonce is never reused. Requests
// with a session or a flash notice always reach the app; the cookie-consent choice is part of the key
// because it changes the page.
/** Cookies that make a page personal: such requests bypass the cache. */
const PERSONAL_COOKIE = /(?:^|;\s*)(?:__Host-)?sahakorn_(?:sid|flash)=/;
const CONSENT_COOKIE = /(?:^|;\s*)acceptCookie=([^;]*)/;
const KEPT_HEADERS = ['content-type', 'cache-control', 'vary', 'etag', 'content-language'];

/**
 * Express middleware. `ttlMs` 0 turns it off; `etagMatches` compares `If-None-Match` with a tag (the
 * app's, app/server/etag.server.ts); `now` is injectable for tests.
 * @param {{ ttlMs: number, etagMatches: (header: string | undefined, etag: string | undefined) => boolean, maxEntries?: number, now?: () => number }} options
 */
export function createPageCache({ ttlMs, etagMatches, maxEntries = 500, now = Date.now }) {
  /** @type {Map<string, {expires: number, status: number, headers: Record<string, string>, body: Buffer, nonce: string}>} */
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
    const key = `${req.originalUrl}\u0000${CONSENT_COOKIE.exec(cookies)?.[1] ?? ''}`;
    const nonce = res.locals.cspNonce ?? '';

    const hit = entries.get(key);
    if (hit && hit.expires > now()) {
      res.status(hit.status).set(hit.headers).set('X-Page-Cache', 'hit');
      if (etagMatches(req.headers['if-none-match'], hit.headers.etag)) return res.status(304).end();
      const body = hit.nonce ? Buffer.from(hit.body.toString('utf8').replaceAll(hit.nonce, nonce)) : hit.body;
      res.set('Content-Length', String(body.length));
      return req.method === 'HEAD' ? res.end() : res.end(body);
    }
    if (hit) entries.delete(key);
    if (req.method === 'HEAD') return next();

    // A miss: let the app answer and keep a copy if the answer may be shared.
    const chunks = [];
    const write = res.write.bind(res);
    const end = res.end.bind(res);
    res.write = (chunk, ...rest) => {
      if (chunk) chunks.push(Buffer.from(chunk));
      return write(chunk, ...rest);
    };
    res.end = (chunk, ...rest) => {
      if (chunk && typeof chunk !== 'function') chunks.push(Buffer.from(chunk));
      const cacheControl = String(res.getHeader('cache-control') ?? '');
      if (
        res.statusCode === 200 &&
        cacheControl.startsWith('public') &&
        !res.getHeader('set-cookie') &&
        String(res.getHeader('content-type') ?? '').startsWith('text/html')
      ) {
        const headers = {};
        for (const name of KEPT_HEADERS) {
          const value = res.getHeader(name);
          if (value !== undefined) headers[name] = String(value);
        }
        remember(key, { expires: now() + ttlMs, status: 200, headers, body: Buffer.concat(chunks), nonce });
      }
      return end(chunk, ...rest);
    };
    res.setHeader('X-Page-Cache', 'miss');
    return next();
  }

  middleware.clear = () => entries.clear();
  middleware.size = () => entries.size;
  return middleware;
}

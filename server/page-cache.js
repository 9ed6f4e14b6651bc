// In-memory cache of whole public pages for anonymous visitors (ADR 014, ADR 053).
//
// A GET without a session or flash cookie is looked up by its URL and cookie-consent choice (which
// changes the page). On a miss the request goes on to Remix with an offer in its load context
// (`keepPage`): entry.server hands back a document that is public (`Cache-Control: public…`, 200, no
// Set-Cookie) and carries no CSP nonce, as the HTML string it rendered with its headers. A hit is
// sent with `res.send`, so Express answers `If-None-Match` with a 304 and HEAD without a body; each
// encoding a client asks for is compressed once per kept page, off the event loop, and then sent as
// it is (compression leaves an encoded body alone).
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';

import { LRUCache } from 'lru-cache';

/** Cookies that make a page personal: such requests bypass the cache. */
const PERSONAL_COOKIE = /(?:^|;\s*)(?:__Host-)?sahakorn_(?:sid|flash)=/;
const CONSENT_COOKIE = /(?:^|;\s*)acceptCookie=([^;]*)/;
/** The headers of a kept page that are sent again (no Set-Cookie can be among them). */
const KEPT_HEADERS = ['content-type', 'cache-control', 'vary', 'etag', 'content-language'];

const ENCODERS = {
  br: (html) =>
    promisify(brotliCompress)(html, {
      params: { [constants.BROTLI_PARAM_QUALITY]: 6, [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT },
    }),
  gzip: (html) => promisify(gzip)(html, { level: 6 }),
};

/**
 * Express middleware. `ttlMs` 0 turns it off; at most `maxEntries` pages are kept (the least recently
 * used goes first); `now` is injectable for tests.
 * @param {{ ttlMs: number, maxEntries?: number, now?: () => number }} options
 */
export function createPageCache({ ttlMs, maxEntries = 500, now = Date.now }) {
  /** @type {LRUCache<string, { headers: Record<string, string>, bodies: Record<string, Promise<Buffer>> }>} */
  const pages = new LRUCache({ max: maxEntries, ttl: Math.max(1, ttlMs), ttlResolution: 0, perf: { now } });

  async function middleware(req, res, next) {
    if (ttlMs <= 0 || (req.method !== 'GET' && req.method !== 'HEAD')) return next();
    const cookies = req.headers.cookie ?? '';
    if (PERSONAL_COOKIE.test(cookies)) return next();
    const key = `${req.originalUrl}\u0000${CONSENT_COOKIE.exec(cookies)?.[1] ?? ''}`;

    const page = pages.get(key);
    if (!page) {
      res.setHeader('X-Page-Cache', 'miss');
      if (req.method === 'GET') {
        res.locals.keepPage = ({ headers, html }) => {
          const kept = {};
          for (const name of KEPT_HEADERS) if (headers[name] !== undefined) kept[name] = headers[name];
          pages.set(key, {
            headers: kept,
            bodies: { identity: Promise.resolve(Buffer.from(html)) },
          });
        };
      }
      return next();
    }

    const encoding = req.acceptsEncodings('br', 'gzip', 'identity') || 'identity';
    let body;
    try {
      body = await (page.bodies[encoding] ??= page.bodies.identity.then(ENCODERS[encoding] ?? ((b) => b)));
    } catch (error) {
      return next(error);
    }
    res.set(page.headers).set('X-Page-Cache', 'hit');
    res.vary('Accept-Encoding');
    if (encoding !== 'identity') res.set('Content-Encoding', encoding);
    return res.status(200).send(body);
  }

  middleware.clear = () => pages.clear();
  middleware.size = () => pages.size;
  return middleware;
}

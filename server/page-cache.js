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

/** The better compression a kept page is worth (server.js uses it for the response that keeps it). */
export const KEPT_PAGE_COMPRESSION = {
  level: 6,
  brotli: {
    params: { [constants.BROTLI_PARAM_QUALITY]: 6, [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT },
  },
};

const ENCODERS = {
  br: (html) =>
    promisify(brotliCompress)(html, {
      params: KEPT_PAGE_COMPRESSION.brotli.params,
    }),
  gzip: (html) => promisify(gzip)(html, { level: KEPT_PAGE_COMPRESSION.level }),
};

/** Query parameters that only tell analytics where a visitor came from: never part of a page's key. */
const TRACKING_PARAMETER = /^(?:utm_.*|fbclid|gclid)$/i;

/**
 * The URL without its tracking parameters (`utm_*`, `fbclid`, `gclid`); the other parameters keep
 * their order and spelling. A URL without any is returned as it is.
 * @param {string} url a request target, path and query
 */
export function withoutTrackingParameters(url) {
  const at = url.indexOf('?');
  if (at < 0) return url;
  const kept = url
    .slice(at + 1)
    .split('&')
    .filter((part) => {
      const name = part.split('=', 1)[0] ?? '';
      let decoded = name;
      try {
        decoded = decodeURIComponent(name.replace(/\+/g, ' '));
      } catch {
        // A malformed name is kept as it is (it is not a tracking parameter).
      }
      return !TRACKING_PARAMETER.test(decoded);
    });
  const path = url.slice(0, at);
  return kept.length ? `${path}?${kept.join('&')}` : path;
}

/**
 * Express middleware. `ttlMs` 0 turns it off; at most `maxEntries` pages are kept (the least recently
 * used goes first); `now` is injectable for tests.
 * @param {{ ttlMs: number, maxEntries?: number, now?: () => number }} options
 */
export function createPageCache({ ttlMs, maxEntries = 500, now = Date.now }) {
  /** @type {LRUCache<string, { headers: Record<string, string>, bodies: Record<string, Promise<Buffer>> }>} */
  const pages = new LRUCache({ max: maxEntries, ttl: Math.max(1, ttlMs), ttlResolution: 0, perf: { now } });
  // Bumped by `clear()`: a page rendered from content that changed meanwhile is not kept.
  let generation = 0;

  async function middleware(req, res, next) {
    if (ttlMs <= 0 || (req.method !== 'GET' && req.method !== 'HEAD')) return next();
    const cookies = req.headers.cookie ?? '';
    if (PERSONAL_COOKIE.test(cookies)) return next();
    // Tracking parameters mean nothing to the server: a link shared with `?utm_source=…` is the same
    // page, so it is looked up, and on a miss rendered, as the URL without them.
    const url = withoutTrackingParameters(req.originalUrl);
    if (url !== req.originalUrl) {
      req.url = withoutTrackingParameters(req.url);
      req.originalUrl = url;
    }
    const key = `${url}\u0000${CONSENT_COOKIE.exec(cookies)?.[1] ?? ''}`;

    const page = pages.get(key);
    if (!page) {
      res.setHeader('X-Page-Cache', 'miss');
      if (req.method === 'GET') {
        const renderedIn = generation;
        res.locals.keepPage = ({ headers, html }) => {
          if (renderedIn !== generation) return;
          // server.js compresses a page that is kept at the better level, as the copies are.
          res.locals.pageKept = true;
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

    // Brotli whenever the client takes it (browsers list gzip first; brotli is about a tenth smaller).
    const encoding = req.acceptsEncodings('br') ? 'br' : req.acceptsEncodings('gzip', 'identity') || 'identity';
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

  middleware.clear = () => {
    generation += 1;
    pages.clear();
  };
  middleware.size = () => pages.size;
  return middleware;
}

// In-memory cache of whole public pages for anonymous visitors (ADR 014, ADR 053).
//
// A GET without a session or flash cookie is looked up by its URL and cookie-consent choice (which
// changes the page), early in server.js (`serve`). On a miss the request goes on through the security
// headers to Remix with an offer in its load context (`offer` → `keepPage`): entry.server hands back
// a document that is public (`Cache-Control: public…`, 200, no Set-Cookie) and carries no CSP nonce,
// as the bytes it sends with its headers; the cache keeps it with the headers the response
// has by then (the security headers among them). A hit is sent with those headers, a fresh nonce in
// its CSP, through `res.send`, so Express answers `If-None-Match` with a 304 and HEAD without a body;
// each encoding a client asks for is compressed once per kept page, off the event loop, and then
// sent as it is.
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
 * Headers of the response that kept a page which are not the page's: they are made per request.
 * (`Set-Cookie` never reaches here: a response that sets one is not kept.)
 */
const PER_REQUEST_HEADERS = new Set(['x-request-id', 'x-page-cache', 'connection', 'content-length', 'date']);

/**
 * The page cache: `serve` answers from a kept copy as early as server.js can (before the security
 * headers, the CSP nonce and the response compression are made), `offer` goes in front of Remix and
 * lets it keep a page. `ttlMs` 0 turns it off; at most `maxEntries` pages are kept (the least
 * recently used goes first); `freshNonce` makes the CSP nonce of a kept copy's answer; `now` is
 * injectable for tests.
 * @param {{ ttlMs: number, freshNonce: () => string, maxEntries?: number, now?: () => number }} options
 */
export function createPageCache({ ttlMs, freshNonce, maxEntries = 500, now = Date.now }) {
  /**
   * A kept page: its headers as they went out (the security headers among them), its CSP in two
   * halves around the nonce, and its body per encoding.
   * @type {LRUCache<string, { headers: Record<string, string | number | string[]>, csp: [string, string], bodies: Record<string, Promise<Buffer>> }>}
   */
  const pages = new LRUCache({ max: maxEntries, ttl: Math.max(1, ttlMs), ttlResolution: 0, perf: { now } });
  // Bumped by `clear()`: a page rendered from content that changed meanwhile is not kept.
  let generation = 0;

  /** The request's key in the cache, or null when it may not be served from it. */
  function keyOf(req) {
    if (ttlMs <= 0 || (req.method !== 'GET' && req.method !== 'HEAD')) return null;
    const cookies = req.headers.cookie ?? '';
    if (PERSONAL_COOKIE.test(cookies)) return null;
    // Tracking parameters mean nothing to the server: a link shared with `?utm_source=…` is the same
    // page, so it is looked up, and on a miss rendered, as the URL without them.
    const url = withoutTrackingParameters(req.originalUrl);
    if (url !== req.originalUrl) {
      req.url = withoutTrackingParameters(req.url);
      req.originalUrl = url;
    }
    return `${url}\u0000${CONSENT_COOKIE.exec(cookies)?.[1] ?? ''}`;
  }

  async function serve(req, res, next) {
    const key = keyOf(req);
    if (key === null) return next();
    const page = pages.get(key);
    if (!page) {
      res.locals.pageKey = key;
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
    // Every answer has a nonce of its own, though a kept page uses none.
    res.set('Content-Security-Policy', page.csp[0] + freshNonce() + page.csp[1]);
    res.vary('Accept-Encoding');
    if (encoding !== 'identity') res.set('Content-Encoding', encoding);
    return res.status(200).send(body);
  }

  /** After the security headers: offers Remix to keep the page (`res.locals.keepPage`). */
  function offer(req, res, next) {
    const key = res.locals.pageKey;
    if (key === undefined) return next();
    res.setHeader('X-Page-Cache', 'miss');
    if (req.method !== 'GET') return next();
    const renderedIn = generation;
    res.locals.keepPage = ({ headers, body }) => {
      if (renderedIn !== generation || res.hasHeader('set-cookie')) return;
      // The CSP is kept in two halves around this response's nonce; without one it is not kept.
      const csp = String(res.getHeader('content-security-policy') ?? '');
      const nonce = res.locals.cspNonce;
      const at = nonce ? csp.indexOf(`'nonce-${nonce}'`) : -1;
      if (at < 0) return;
      // server.js compresses a page that is kept at the better level, as the copies are.
      res.locals.pageKept = true;
      const kept = {};
      for (const [name, value] of Object.entries(res.getHeaders())) {
        if (!PER_REQUEST_HEADERS.has(name) && value !== undefined) kept[name] = value;
      }
      for (const name of KEPT_HEADERS) if (headers[name] !== undefined) kept[name] = headers[name];
      delete kept['content-security-policy'];
      pages.set(key, {
        headers: kept,
        csp: [csp.slice(0, at + "'nonce-".length), csp.slice(at + "'nonce-".length + nonce.length)],
        bodies: { identity: Promise.resolve(Buffer.from(body.buffer, body.byteOffset, body.byteLength)) },
      });
    };
    next();
  }

  return {
    serve,
    offer,
    clear() {
      generation += 1;
      pages.clear();
    },
    size: () => pages.size,
  };
}

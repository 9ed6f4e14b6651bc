// Who may change state (the Origin check, ADR 006) and which other sites may call the vendor API
// from a browser (CORS, `API_ALLOWED_ORIGINS`, ADR 035).
import type { Request, RequestHandler } from 'express';

/** Our session cookie, under either of its names (`__Host-` when cookies are secure). */
const SESSION_COOKIE = /(?:^|;\s*)(?:__Host-)?sahakorn_sid=/;
const BEARER = /^Bearer\s+\S+\s*$/i;
const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/**
 * Headers a cross-origin API call may send (the vendor's clients send these; its web client adds
 * Laravel's `X-CSRF-TOKEN`, which the API does not read).
 */
export const CORS_ALLOWED_HEADERS = 'Authorization, Content-Type, Accept, Idempotency-Key, X-Requested-With, X-CSRF-TOKEN';
/** Methods a cross-origin API call may use. */
export const CORS_ALLOWED_METHODS = 'GET, HEAD, POST, OPTIONS';
/** How long a browser may keep a preflight's answer, in seconds. */
export const CORS_MAX_AGE = 600;

export const isApiPath = (pathname: string): boolean => pathname === '/api' || pathname.startsWith('/api/');

export const carriesSessionCookie = (req: Request): boolean => SESSION_COOKIE.test(req.headers.cookie ?? '');

/**
 * An API call authenticated only by a bearer token: `Authorization: Bearer …` and no session cookie.
 * A page of another site cannot make a browser send one without a CORS preflight, which only
 * `API_ALLOWED_ORIGINS` pass, and the API's routes read the token, never a cookie: such a call is
 * no cross-site request forgery, whatever its body or Content-Type.
 */
export function bearerOnly(req: Request): boolean {
  return isApiPath(req.path) && BEARER.test(req.headers.authorization ?? '') && !carriesSessionCookie(req);
}

/**
 * A JSON POST below /api/ without our session cookie: a browser cannot send a cross-site
 * `application/json` POST without a preflight either (the vendor API's login has no token yet).
 */
export function apiJsonCall(req: Request): boolean {
  return isApiPath(req.path) && req.is('application/json') === 'application/json' && !carriesSessionCookie(req);
}

/**
 * Whether a request comes from a page of this site: its Origin names this host (behind a trusted
 * proxy, the host the proxy was asked for), or, without an Origin, the browser says same-origin.
 * An opaque origin (`null`: a sandboxed frame, a page that sends no referrer, a cross-site redirect)
 * is never one of our pages, whatever Sec-Fetch-Site claims.
 */
export function fromThisSite(req: Request, trustProxy: boolean): boolean {
  const origin = req.get('origin');
  if (origin === 'null') return false;
  const siteHost = (trustProxy && req.get('x-forwarded-host')) || req.get('host');
  if (origin) {
    try {
      return new URL(origin).host === siteHost;
    } catch {
      return false;
    }
  }
  return req.get('sec-fetch-site') === 'same-origin';
}

const REFUSED_API = 'คำขอนี้ไม่ได้ส่งมาจากหน้าเว็บไซต์ของสหกรณ์';
const REFUSED_PAGE =
  '<!doctype html><html lang="th"><meta charset="utf-8"><title>คำขอถูกปฏิเสธ</title>' +
  '<h1>คำขอถูกปฏิเสธ</h1><p>คำขอนี้ไม่ได้ส่งมาจากหน้าเว็บไซต์ของสหกรณ์ กรุณากลับไปที่ <a href="/home">หน้าแรก</a> แล้วลองใหม่อีกครั้ง</p></html>';

/**
 * Express middleware refusing (403, a Thai page) a state-changing request that does not come from a
 * page of this site (CSRF defence, ADR 006). The vendor-compatible API (ADR 019) is called by
 * machines and by the vendor's own clients, which send no Origin or another one: a call that
 * authenticates only with its bearer token, or a JSON POST, without our session cookie, is let
 * through; a request that carries our session cookie is checked, unless it goes to the API from a
 * page of an origin in `API_ALLOWED_ORIGINS` (the vendor's web client sends its calls with
 * credentials, so a sibling host's page brings our cookie along; the API reads only its token, ADR 146).
 */
export function createOriginCheck({
  trustProxy,
  apiOrigins = new Set(),
}: {
  trustProxy: boolean;
  apiOrigins?: ReadonlySet<string>;
}): RequestHandler {
  return (req, res, next) => {
    if (SAFE_METHODS.has(req.method) || fromThisSite(req, trustProxy)) return next();
    if (isApiPath(req.path) && apiOrigins.has(req.get('origin') ?? '')) return next();
    if (!carriesSessionCookie(req) && (bearerOnly(req) || apiJsonCall(req))) return next();
    res.status(403).set('Cache-Control', 'no-store');
    // Below /api/ a refusal is JSON in the API's shape (ADR 035), elsewhere the Thai page.
    if (isApiPath(req.path)) res.json({ error: REFUSED_API });
    else res.type('html').send(REFUSED_PAGE);
  };
}

/**
 * Express middleware for CORS on /api/*. A preflight (`OPTIONS` with
 * `Access-Control-Request-Method`) from an allowed origin is answered 204 with the methods and
 * headers allowed; from any other origin 403. Answers to an allowed origin carry
 * `Access-Control-Allow-Origin` (that origin, never `*`) and `Access-Control-Allow-Credentials`: the
 * vendor's web client sends every call with credentials and a browser shows it no answer without
 * them. The API authenticates by the bearer token alone, so a cookie sent along gives nothing (ADR 146).
 */
export function createApiCors(allowedOrigins: ReadonlySet<string>): RequestHandler {
  return (req, res, next) => {
    if (!isApiPath(req.path)) return next();
    const origin = req.headers.origin;
    const allowed = typeof origin === 'string' && allowedOrigins.has(origin);
    res.vary('Origin');
    if (req.method === 'OPTIONS') {
      res.set('Cache-Control', 'no-store');
      if (!req.headers['access-control-request-method']) {
        res.status(204).set('Allow', CORS_ALLOWED_METHODS).end();
        return;
      }
      if (!allowed) {
        res.status(403).json({ error: 'origin not allowed' });
        return;
      }
      res
        .status(204)
        .set({
          'Access-Control-Allow-Origin': origin,
          'Access-Control-Allow-Credentials': 'true',
          'Access-Control-Allow-Methods': CORS_ALLOWED_METHODS,
          'Access-Control-Allow-Headers': CORS_ALLOWED_HEADERS,
          'Access-Control-Max-Age': String(CORS_MAX_AGE),
        })
        .end();
      return;
    }
    if (allowed) res.set({ 'Access-Control-Allow-Origin': origin, 'Access-Control-Allow-Credentials': 'true' });
    next();
  };
}

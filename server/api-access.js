// Who may change state (the Origin check, ADR 006) and which other sites may call the vendor API
// from a browser (CORS, `API_ALLOWED_ORIGINS`).

/** Our session cookie, under either of its names (`__Host-` when cookies are secure). */
const SESSION_COOKIE = /(?:^|;\s*)(?:__Host-)?sahakorn_sid=/;
const BEARER = /^Bearer\s+\S+\s*$/i;

/** Headers a cross-origin API call may send (the vendor's clients send these). */
export const CORS_ALLOWED_HEADERS = 'Authorization, Content-Type, Accept, Idempotency-Key, X-Requested-With';
/** Methods a cross-origin API call may use. */
export const CORS_ALLOWED_METHODS = 'GET, HEAD, POST, OPTIONS';
/** How long a browser may keep a preflight's answer, in seconds. */
export const CORS_MAX_AGE = 600;

export const isApiPath = (pathname) => pathname === '/api' || pathname.startsWith('/api/');

export const carriesSessionCookie = (req) => SESSION_COOKIE.test(req.headers.cookie ?? '');

/**
 * An API call authenticated only by a bearer token: `Authorization: Bearer …` and no session cookie.
 * A page of another site cannot make a browser send one without a CORS preflight, which only
 * `API_ALLOWED_ORIGINS` pass, and the API's routes read the token, never a cookie: such a call is
 * no cross-site request forgery, whatever its body or Content-Type.
 */
export function bearerOnly(req) {
  return isApiPath(req.path) && BEARER.test(req.headers.authorization ?? '') && !carriesSessionCookie(req);
}

/**
 * A JSON POST below /api/ without our session cookie: a browser cannot send a cross-site
 * `application/json` POST without a preflight either (the vendor API's login has no token yet).
 */
export function apiJsonCall(req) {
  return isApiPath(req.path) && req.is('application/json') === 'application/json' && !carriesSessionCookie(req);
}

/**
 * Express middleware for CORS on /api/*. A preflight (`OPTIONS` with
 * `Access-Control-Request-Method`) from an allowed origin is answered 204 with the methods and
 * headers allowed; from any other origin 403. Actual calls from an allowed origin get
 * `Access-Control-Allow-Origin`. Never credentials: cross-origin calls authenticate with their
 * bearer token, and a browser does not send our cookie along.
 */
export function createApiCors(allowedOrigins) {
  return function apiCors(req, res, next) {
    if (!isApiPath(req.path)) return next();
    const origin = req.headers.origin;
    const allowed = typeof origin === 'string' && allowedOrigins.has(origin);
    res.vary('Origin');
    if (req.method === 'OPTIONS') {
      res.set('Cache-Control', 'no-store');
      if (!req.headers['access-control-request-method']) {
        return res.status(204).set('Allow', CORS_ALLOWED_METHODS).end();
      }
      if (!allowed) return res.status(403).json({ error: 'origin not allowed' });
      return res
        .status(204)
        .set({
          'Access-Control-Allow-Origin': origin,
          'Access-Control-Allow-Methods': CORS_ALLOWED_METHODS,
          'Access-Control-Allow-Headers': CORS_ALLOWED_HEADERS,
          'Access-Control-Max-Age': String(CORS_MAX_AGE),
        })
        .end();
    }
    if (allowed) res.set('Access-Control-Allow-Origin', origin);
    next();
  };
}

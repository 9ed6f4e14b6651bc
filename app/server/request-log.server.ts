import type { IncomingMessage, ServerResponse } from 'node:http';
import { performance } from 'node:perf_hooks';

import { matchRoutes } from '@remix-run/react';

import { log, logEnabled, type LogLevel } from './log.server';
import { randomText } from './random.server';
import { withRequestId } from './request-context.server';

type RouteObject = Parameters<typeof matchRoutes>[0][number];

export const REQUEST_ID_HEADER = 'X-Request-Id';

/**
 * A request id taken from a proxy: 8–128 characters of letters, digits and `._:-` (nginx's
 * `$request_id` is 32 hex digits, a UUID fits too), with at least one letter so that a membership
 * or national id number can never become a log key.
 */
const SAFE_REQUEST_ID = /^(?=.*[A-Za-z])[A-Za-z0-9._:-]{8,128}$/;

/**
 * The id of a request: the proxy's `X-Request-Id` when the proxy is trusted (TRUST_PROXY) and the
 * value is safe; otherwise a new random one. A client's own header is never trusted.
 */
export function requestIdFor(incoming: string | string[] | undefined, trustProxy: boolean): string {
  if (trustProxy && typeof incoming === 'string' && SAFE_REQUEST_ID.test(incoming)) return incoming;
  return randomText(16, 'hex');
}

/** What the Remix server build says about a route (`build.routes`). */
export interface RouteEntry {
  id: string;
  parentId?: string;
  path?: string;
  index?: boolean;
  caseSensitive?: boolean;
}

const PATTERN_CACHE_SIZE = 1000;

/**
 * Turns a request path into the pattern of the Remix route that answers it
 * (`/member/loan_statement/12345` → `/member/loan_statement/:statement`), matched the way Remix
 * matches, so logs name the route and never carry the values in the URL. `null` when nothing matches.
 */
export function routePatterns(
  routes: Readonly<Record<string, RouteEntry | undefined>>,
): (pathname: string) => string | null {
  const children = new Map<string | undefined, RouteEntry[]>();
  for (const route of Object.values(routes)) {
    if (!route) continue;
    children.set(route.parentId, [...(children.get(route.parentId) ?? []), route]);
  }
  const tree = (parentId: string | undefined): RouteObject[] =>
    (children.get(parentId) ?? []).map((r) =>
      r.index
        ? { id: r.id, path: r.path, index: true, caseSensitive: r.caseSensitive }
        : { id: r.id, path: r.path, caseSensitive: r.caseSensitive, children: tree(r.id) },
    );
  const roots = tree(undefined);
  // Matching ranks every route on each call: remember recent answers (paths only, in memory).
  const seen = new Map<string, string | null>();

  return (pathname) => {
    const known = seen.get(pathname);
    if (known !== undefined) return known;
    const matches = matchRoutes(roots, pathname);
    const pattern = matches
      ? '/' +
        matches
          .map((m) => m.route.path ?? '')
          .filter(Boolean)
          .join('/')
          .replace(/\/{2,}/g, '/')
          .replace(/^\//, '')
      : null;
    if (seen.size >= PATTERN_CACHE_SIZE) seen.clear();
    seen.set(pathname, pattern);
    return pattern;
  };
}

/** One request's log line (`msg: "request"`). Nothing from the query string, headers or body. */
export interface RequestLine {
  requestId: string;
  method: string;
  /** Route pattern, `static` for public files, `unmatched` when no route matches. */
  route: string;
  status: number;
  ms: number;
  /** `hit` or `miss` when the public page cache saw the request (ADR 014). */
  pageCache?: string;
  /** The client went away before the answer was complete. */
  aborted?: true;
}

type Next = (error?: unknown) => void;
type Middleware = (req: IncomingMessage, res: ServerResponse, next: Next) => void;

const SAFE_METHODS = new Set(['GET', 'HEAD']);
/** Health probes come every few seconds from every checker: logged at debug unless they fail. */
const PROBES = new Set(['/healthz', '/readyz']);

export interface RequestLogOptions {
  /** The Remix build's route manifest (`build.routes`). */
  routes: Readonly<Record<string, RouteEntry | undefined>>;
  trustProxy: boolean;
  /** Where lines go (tests); default the app's logger. */
  write?: (level: LogLevel, line: RequestLine) => void;
  enabled?: (level: LogLevel) => boolean;
  now?: () => number;
}

/**
 * Express middleware for server.js (ADR 016). `begin` goes first: it gives the request its id (also
 * sent back as `X-Request-Id`), runs the rest of the request inside it so every log line carries it,
 * and writes one line when the response is done. `routed` goes in front of the page cache and
 * Remix: a GET that never reaches it was a public file and is logged at debug only, like health
 * probes that pass.
 */
export function createRequestLog({
  routes,
  trustProxy,
  write = (level, line) => log[level]('request', { ...line }),
  enabled = logEnabled,
  now = () => performance.now(),
}: RequestLogOptions): { begin: Middleware; routed: Middleware } {
  const patternOf = routePatterns(routes);
  const reachedApp = new WeakSet<ServerResponse>();

  const begin: Middleware = (req, res, next) => {
    const started = now();
    const requestId = requestIdFor(req.headers['x-request-id'], trustProxy);
    const method = req.method ?? 'GET';
    const pathname = (req.url ?? '/').split('?', 1)[0] ?? '/';
    res.setHeader(REQUEST_ID_HEADER, requestId);
    res.once('close', () => {
      const isStatic = SAFE_METHODS.has(method) && !reachedApp.has(res);
      const quiet = isStatic || (PROBES.has(pathname) && res.statusCode < 400);
      const level: LogLevel = quiet ? 'debug' : 'info';
      if (!enabled(level)) return;
      const pageCache = res.getHeader('x-page-cache');
      write(level, {
        requestId,
        method,
        route: isStatic ? 'static' : (patternOf(pathname) ?? 'unmatched'),
        status: res.statusCode,
        ms: Math.round((now() - started) * 10) / 10,
        ...(typeof pageCache === 'string' && { pageCache }),
        ...(!res.writableFinished && { aborted: true as const }),
      });
    });
    const userAgent = req.headers['user-agent'];
    withRequestId(requestId, next, typeof userAgent === 'string' ? userAgent : undefined);
  };

  const routed: Middleware = (_req, res, next) => {
    reachedApp.add(res);
    next();
  };

  return { begin, routed };
}

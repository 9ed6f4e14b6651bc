import type { IncomingMessage, ServerResponse } from 'node:http';

import { matchRoutes } from '@remix-run/react';
import { LRUCache } from 'lru-cache';
import type { Logger } from 'pino';
import { pinoHttp } from 'pino-http';

import { matchVendorPath } from '../coop/vendor/paths.server';
import { appLogger } from '../log.server';
import { requestId } from '../random.server';
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
  return requestId();
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

/** The route that serves the whole vendor API and finds the endpoint by the path itself (ADR 079). */
const VENDOR_API_ROUTE = '/api/*';

/**
 * Turns a request path into the pattern of the Remix route that answers it
 * (`/member/loan_statement/12345` → `/member/loan_statement/:statement`), matched the way Remix
 * matches, so logs name the route and never carry the values in the URL; below `/api/`, the vendor
 * endpoint's (`/api/member/member_dep_statement/:no`). `null` when nothing matches.
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
  // A path no route matches is kept as '' (the cache holds no null).
  const seen = new LRUCache<string, string>({ max: PATTERN_CACHE_SIZE });

  return (pathname) => {
    const known = seen.get(pathname);
    if (known !== undefined) return known || null;
    // A path that does not decode names no route (the edge refuses it with 400); the router would
    // write a plain-text warning about it to the console, outside the JSON log.
    if (!decodes(pathname)) return null;
    const matches = matchRoutes(roots, pathname);
    const routePattern = matches
      ? '/' +
        matches
          .map((m) => m.route.path ?? '')
          .filter(Boolean)
          .join('/')
          .replace(/\/{2,}/g, '/')
          .replace(/^\//, '')
      : null;
    // A vendor API call is named by its endpoint's path (`/api/info/show/:no`), as a route of its own
    // would be; a path the API does not serve stays `/api/*`.
    const pattern =
      routePattern === VENDOR_API_ROUTE ? (matchVendorPath(pathname)?.pattern ?? routePattern) : routePattern;
    seen.set(pathname, pattern ?? '');
    return pattern;
  };
}

function decodes(pathname: string): boolean {
  try {
    decodeURIComponent(pathname);
    return true;
  } catch {
    return false;
  }
}

/** One request's log line (`msg: "request"`). Nothing from the query string, headers or body. */
export interface RequestLine {
  requestId: string;
  method: string;
  /** Route pattern, `static` for public files, `unmatched` when no route matches. */
  route: string;
  status: number;
  /** Milliseconds until the answer was sent (pino-http's response time). */
  ms: number;
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
  /** The pino logger lines go to (tests); default the app's. */
  logger?: Logger;
}

/** Responses that reached the pages and resource routes (`routed`): the others were public files. */
const reachedApp = new WeakSet<ServerResponse>();

/**
 * Express middleware for the server (ADR 016), built on pino-http. `begin` goes first: it gives the
 * request its id (also sent back as `X-Request-Id`), runs the rest of the request inside it so every
 * log line carries it, and writes one line when the response is done: id, method, route pattern
 * (never the path's values or the query string), status, time. `routed` goes in
 * front of Remix: a GET that never reaches it was a public file and is logged at
 * debug only, like health probes that pass.
 */
export function createRequestLog({ routes, trustProxy, logger = appLogger() }: RequestLogOptions): {
  begin: Middleware;
  routed: Middleware;
} {
  const patternOf = routePatterns(routes);
  const pathOf = (req: IncomingMessage) => (req.url ?? '/').split('?', 1)[0] ?? '/';
  const isStatic = (req: IncomingMessage, res: ServerResponse) =>
    SAFE_METHODS.has(req.method ?? 'GET') && !reachedApp.has(res);

  // The request id comes with pino-http's child logger (`requestId`).
  const line = (req: IncomingMessage, res: ServerResponse, ms: number): Omit<RequestLine, 'requestId'> => {
    return {
      method: req.method ?? 'GET',
      route: isStatic(req, res) ? 'static' : (patternOf(pathOf(req)) ?? 'unmatched'),
      status: res.statusCode,
      ms,
      ...(!res.writableFinished && { aborted: true as const }),
    };
  };

  const httpLog = pinoHttp({
    logger,
    genReqId: (req, res) => {
      const requestId = requestIdFor(req.headers['x-request-id'], trustProxy);
      res.setHeader(REQUEST_ID_HEADER, requestId);
      return requestId;
    },
    // The line is ours alone (`line`): no request or response objects, so no headers, cookies or URLs.
    quietReqLogger: true,
    quietResLogger: true,
    // pino-http still binds the request to a child logger nobody writes with: bind nothing.
    wrapSerializers: false,
    serializers: { req: () => undefined, res: () => undefined },
    customAttributeKeys: { reqId: 'requestId', responseTime: 'ms' },
    customLogLevel: (req, res) =>
      isStatic(req, res) || (PROBES.has(pathOf(req)) && res.statusCode < 400) ? 'debug' : 'info',
    customSuccessMessage: () => 'request',
    customErrorMessage: () => 'request',
    customSuccessObject: (req, res, fields: { ms: number }) => line(req, res, fields.ms),
    customErrorObject: (req, res, _error, fields: { ms: number }) => line(req, res, fields.ms),
  });

  const inContext = (req: IncomingMessage, id: string, next: Next) => {
    const userAgent = req.headers['user-agent'];
    withRequestId(id, next, typeof userAgent === 'string' ? userAgent : undefined);
  };
  const begin: Middleware = (req, res, next) => {
    // Below info (LOG_LEVEL warn, error or silent) no request line is ever written: the request
    // still gets its id (in its header and on every other log line), without pino-http's logger.
    if (!logger.isLevelEnabled('info')) {
      const id = requestIdFor(req.headers['x-request-id'], trustProxy);
      res.setHeader(REQUEST_ID_HEADER, id);
      return inContext(req, id, next);
    }
    httpLog(req, res, () => inContext(req, String(req.id), next));
  };

  const routed: Middleware = (_req, res, next) => {
    reachedApp.add(res);
    next();
  };

  return { begin, routed };
}

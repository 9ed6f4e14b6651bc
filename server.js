// Production server: Express in front of the Remix build. Per request it gives an id and writes one
// log line, makes the CSP nonce and the client address (the load context), refuses cross-origin state
// changes, and serves assets. On SIGTERM it stops gracefully (ADR 016). With WEB_CONCURRENCY above 1
// (the default on several cores) this process prepares the store and then runs that many workers,
// each of them this server (server/cluster.js, ADR 071).
import { AsyncResource } from 'node:async_hooks';
import cluster from 'node:cluster';
import http from 'node:http';
import path from 'node:path';
import { Readable } from 'node:stream';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { constants as zlib } from 'node:zlib';

import { createRequestHandler } from '@remix-run/express';
import { broadcastDevReady } from '@remix-run/node';
import compression from 'compression';
import express from 'express';
import helmet from 'helmet';

import { apiJsonCall, bearerOnly, carriesSessionCookie, createApiCors } from './server/api-access.js';
import {
  MAX_HEADER_SIZE,
  createBodyReader,
  createClientErrorHandler,
  createErrorHandler,
  createRequestLineCheck,
  refuse,
} from './server/edge.js';
import { createAdmission } from './server/admission.js';
import { runPrimary } from './server/cluster.js';
import { KEPT_PAGE_COMPRESSION, createPageCache } from './server/page-cache.js';
import { createRouteAreas } from './server/route-areas.js';

// This server serves the production build; `npm run dev` starts it in development mode (remix dev
// restarts it after every rebuild).
process.env.NODE_ENV ??= 'production';

// The native modules (SQLite, argon2, sharp) are installed for Node 24, which `npm ci` brings in:
// started by another Node they would crash, so say how to start it instead.
if (process.versions.node.split('.')[0] !== '24') {
  console.error(
    `Sahakorn runs on Node 24, not ${process.version}: start it with \`npm start\` or \`npm run serve\` ` +
      '(npm uses the Node 24 that `npm ci` installs).',
  );
  process.exit(1);
}

const root = path.dirname(fileURLToPath(import.meta.url));
const build = await import(pathToFileURL(path.join(root, 'build/index.js')).href);
// What this server takes from the app (app/server/http/host.server.ts).
const { host } = build.entry.module;

// A worker told to stop before it serves has nothing to finish.
const stopBeforeServing = (message) => {
  if (message?.sahakorn === 'stop' || message?.sahakorn === 'stop-now') process.exit(0);
};
if (cluster.isWorker) process.on('message', stopBeforeServing);

let config;
try {
  config = host.settings();
  // One process does everything; with several workers the primary prepares the store once and each
  // worker only opens it (ADR 071).
  await host.start(root, cluster.isWorker ? 'worker' : config.workers > 1 ? 'primary' : 'whole');
} catch (error) {
  // A bad setting, a full data disk or an unreachable database is said in one line, not as a stack.
  console.error(error instanceof Error && error.name === 'StartupError' ? error.message : error);
  process.exit(1);
}

const { log } = host;
if (cluster.isPrimary && config.workers > 1) {
  const exitCode = await runPrimary({
    workers: config.workers,
    log,
    shutdownTimeoutMs: config.SHUTDOWN_TIMEOUT_SECONDS * 1000,
    onListening: announce,
  });
  process.exit(exitCode);
}
const app = express();
app.disable('x-powered-by');
app.set('trust proxy', config.TRUST_PROXY);

// Responses not yet sent: on shutdown they go out with `Connection: close`.
const inFlight = new Set();
let closing = false;

const requestLog = host.createRequestLog({ routes: build.routes, trustProxy: config.TRUST_PROXY });
app.use(requestLog.begin);
app.use((req, res, next) => {
  if (closing) res.set('Connection', 'close');
  inFlight.add(res);
  res.once('close', () => inFlight.delete(res));
  next();
});
// Security headers on every response, the edge's refusals, kept pages, redirects and files included
// (ADR 006, ADR 034): a fresh CSP nonce per response, the rest as helmet sets them.
const hstsMaxAge = host.security.hstsMaxAge();
/** helmet's options with the given CSP directives: the pages' policy, or the refusals' below. */
const helmetOptions = (directives) => ({
  contentSecurityPolicy: { useDefaults: false, directives },
  strictTransportSecurity: hstsMaxAge === null ? false : { maxAge: hstsMaxAge, includeSubDomains: true },
  xFrameOptions: { action: 'deny' },
  referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
  crossOriginOpenerPolicy: { policy: 'same-origin' },
});
app.use((req, res, next) => {
  res.locals.cspNonce = host.security.cspNonce();
  res.set('Permissions-Policy', host.security.permissionsPolicy);
  next();
});
app.use(helmet(helmetOptions(host.security.cspDirectives((req, res) => `'nonce-${res.locals.cspNonce}'`))));

// A request target that is not a decodable path of ours, a method we do not answer, or a declared
// body over its limit: a Thai 4xx before anything else looks at it (ADR 035).
app.use(createRequestLineCheck({ photoMaxBytes: config.PHOTO_MAX_BYTES, routed: requestLog.routed }));

// A public page kept by the page cache goes out from here, with the headers it was kept with and a
// fresh CSP nonce (server/page-cache.js, ADR 081); a miss goes on and may be kept below.
const pageCache = createPageCache({ ttlMs: config.PAGE_CACHE_SECONDS * 1000, freshNonce: host.security.cspNonce });
host.onPublicContentChanged(() => pageCache.clear());
app.use(pageCache.serve);

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/** A state-changing request must come from a page of this site (CSRF defence, ADR 005). */
function fromThisSite(req) {
  const origin = req.get('origin');
  // An opaque origin (a sandboxed frame, a page that sends no referrer, a cross-site redirect) is never
  // one of our pages, whatever Sec-Fetch-Site claims.
  if (origin === 'null') return false;
  const siteHost = (config.TRUST_PROXY && req.get('x-forwarded-host')) || req.get('host');
  if (origin) {
    try {
      return new URL(origin).host === siteHost;
    } catch {
      return false;
    }
  }
  const site = req.get('sec-fetch-site');
  return site === 'same-origin';
}

// Other sites named in API_ALLOWED_ORIGINS may call /api/* from a browser (CORS, with preflight).
app.use(createApiCors(new Set(config.API_ALLOWED_ORIGINS)));

/**
 * The vendor-compatible API (ADR 019) is called by machines and by the vendor's own clients, which
 * send no Origin or another one. A call that authenticates only with its bearer token, or a JSON
 * POST, without our session cookie, is let through (server/api-access.js says why); a request that
 * carries our session cookie is always checked.
 */
app.use((req, res, next) => {
  if (SAFE_METHODS.has(req.method) || fromThisSite(req)) return next();
  if (!carriesSessionCookie(req) && (bearerOnly(req) || apiJsonCall(req))) return next();
  res
    .status(403)
    .set({ 'Content-Type': 'text/html; charset=utf-8', 'Cache-Control': 'no-store' })
    .send(
      '<!doctype html><html lang="th"><meta charset="utf-8"><title>คำขอถูกปฏิเสธ</title>' +
        '<h1>คำขอถูกปฏิเสธ</h1><p>คำขอนี้ไม่ได้ส่งมาจากหน้าเว็บไซต์ของสหกรณ์ กรุณากลับไปที่ <a href="/home">หน้าแรก</a> แล้วลองใหม่อีกครั้ง</p></html>',
    );
});

// Responses of 1 KiB or more go out compressed (brotli or gzip) at a cheap level: documents are made
// per request, and a public page kept by the page cache comes compressed already (the response that
// keeps it is compressed below, at the kept copies' level).
app.use(
  compression({
    level: 1,
    brotli: { params: { [zlib.BROTLI_PARAM_QUALITY]: 1, [zlib.BROTLI_PARAM_MODE]: zlib.BROTLI_MODE_TEXT } },
  }),
);
// The pages' scripts are bundles with content-hashed names under /build/client/ (ADR 103), served below.
// Desktop notifications (ADR 020): pusher-js's browser build from node_modules, served from this
// origin (script-src 'self') under a versioned URL, fetched only by the push bundle.
app.get('/vendor/pusher.min.js', (req, res) => {
  const current = req.query.v && req.query.v === host.scripts.pusherVersion();
  res.sendFile(host.scripts.pusherFile(), {
    headers: { 'Content-Type': 'text/javascript; charset=utf-8' },
    maxAge: current ? '1y' : '1h',
    immutable: Boolean(current),
  });
});
// Fingerprinted build assets never change; other public files may.
app.use('/build', express.static(path.join(root, 'public/build'), { immutable: true, maxAge: '1y', index: false }));
// Other public files all have an extension: page paths skip the file-system lookup.
const publicFiles = express.static(path.join(root, 'public'), { maxAge: '1h', index: false });
app.use((req, res, next) => (path.extname(req.path) ? publicFiles(req, res, next) : next()));

// From here on requests are pages and resource routes (logged at info), not public files.
app.use(requestLog.routed);
app.use(pageCache.offer);
// A page the cache keeps goes out at the better level its kept copies use; every other response keeps
// the cheap level above (this one encodes first, so the one above leaves the body alone).
app.use(
  compression({
    ...KEPT_PAGE_COMPRESSION,
    filter: (req, res) => res.locals.pageKept === true && compression.filter(req, res),
  }),
);
// Bodies are bounded before anything parses them; small ones are read here (ADR 035).
app.use(createBodyReader({ photoMaxBytes: config.PHOTO_MAX_BYTES }));

// Requests take turns, one per turn of the event loop, sign-ins first (server/admission.js, ADR 072);
// past a thousand waiting, a page is refused at once with a Thai 503.
app.use(createAdmission({ onFull: (req, res) => refuse(req, res, 503, { retryAfter: 10 }) }));

// Remix, through its Express adapter. The load context is made once per request (host.loadContext).
// A handler for each choice of the routes a URL's first two segments leave it able to match
// (server/route-areas.js, ADR 086).
const remixFor = (areaBuild) =>
  createRequestHandler({
    build: areaBuild,
    mode: build.mode,
    getLoadContext: (req, res) =>
      host.loadContext({ cspNonce: res.locals.cspNonce, clientAddress: req.ip ?? null, keepPage: res.locals.keepPage }),
  });
const remixAreas = createRouteAreas(build, remixFor);
app.all('*', (req, res, next) =>
  remixAreas.for(req.originalUrl)(res.locals.body ? withBody(req, res.locals.body) : req, res, next),
);

/**
 * The request as the adapter reads it, for a body the edge has already read (at most 64 KiB): the
 * same method, URL, headers and addresses, and a stream of those bytes in place of the consumed one.
 */
function withBody(req, body) {
  return Object.assign(Readable.from([body]), {
    method: req.method,
    headers: req.headers,
    originalUrl: req.originalUrl,
    protocol: req.protocol,
    hostname: req.hostname,
    ip: req.ip,
    get: (name) => req.get(name),
  });
}

// Last: whatever a middleware passed on as an error gets a Thai page and one log line, no stack.
app.use(createErrorHandler(log));

const server = http.createServer({ maxHeaderSize: MAX_HEADER_SIZE }, app);
// Node answers a malformed request line or an over-long head itself, before Express: a Thai page too,
// with the same security headers as every other answer (a page that loads nothing: CSP `default-src 'none'`).
const refusalHeaders = {
  ...headersSetBy(helmet(helmetOptions({ defaultSrc: ["'none'"], frameAncestors: ["'none'"] }))),
  'Permissions-Policy': host.security.permissionsPolicy,
};
server.on('clientError', createClientErrorHandler(log, refusalHeaders));
// A worker's listening is the primary's to announce, once all of them listen.
server.listen(config.PORT, config.HOST, () => (cluster.isWorker ? undefined : announce()));

/** The headers an Express middleware that only sets headers (helmet) sets on a response. */
function headersSetBy(middleware) {
  const headers = {};
  const res = {
    setHeader: (name, value) => (headers[name] = String(value)),
    removeHeader: (name) => delete headers[name],
    getHeader: (name) => headers[name],
  };
  middleware({ headers: {} }, res, () => undefined);
  return headers;
}

/** The server is serving: one log line and one line for whoever started it. */
function announce() {
  const shown = config.HOST === '0.0.0.0' ? 'localhost' : config.HOST;
  const url = `http://${shown}:${config.PORT}`;
  log.info('listening', { url, store: config.store, demo: config.demo, workers: config.workers });
  console.log(`Sahakorn is running at ${url}/home`);
  // `npm run dev`: tell remix dev this build is being served (it restarts this server on each rebuild).
  if (process.env.NODE_ENV === 'development') void broadcastDevReady(build);
}

/**
 * Graceful stop (ADR 016): stop accepting connections, close idle keep-alive ones, let requests in
 * flight finish (their responses close their connections), then close the database and exit 0.
 * After SHUTDOWN_TIMEOUT_SECONDS, or on a second signal, whatever is left is cut off: exit 1.
 */
function close(signal) {
  if (closing) {
    log.warn('stopping at once', { signal, inFlight: inFlight.size });
    process.exit(1);
  }
  closing = true;
  host.stopping();
  // Bound here, outside any request: the last connection to close must not lend its request id.
  server.close(
    AsyncResource.bind(async () => {
      try {
        await host.stop();
      } catch (error) {
        log.error('closing the database failed', { error: error instanceof Error ? error.message : String(error) });
        process.exit(1);
      }
      log.info('stopped', { signal });
      process.exit(0);
    }),
  );
  // Said once new connections are refused: whoever reads this line meets a closed port.
  log.info('shutting down', { signal, inFlight: inFlight.size, timeoutSeconds: config.SHUTDOWN_TIMEOUT_SECONDS });
  server.closeIdleConnections();
  for (const res of inFlight) if (!res.headersSent) res.set('Connection', 'close');
  setTimeout(() => {
    log.warn('shutdown timed out: cutting off requests in flight', { inFlight: inFlight.size });
    server.closeAllConnections();
    process.exit(1);
  }, config.SHUTDOWN_TIMEOUT_SECONDS * 1000).unref();
}
process.on('SIGTERM', () => close('SIGTERM'));
process.on('SIGINT', () => close('SIGINT'));
// A worker stops when the primary says so (ADR 071), or on its own signal (a terminal's Ctrl-C reaches
// every process): the first of the two starts the graceful stop; `stop-now` is a second signal.
if (cluster.isWorker) {
  process.off('message', stopBeforeServing);
  process.on('message', (message) => {
    if (message?.sahakorn === 'stop' && !closing) close(message.signal);
    else if (message?.sahakorn === 'stop-now') {
      closing = true;
      close(message.signal);
    }
  });
}

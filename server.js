// Production server: Express in front of the Remix build. Per request it gives an id and writes one
// log line, makes the CSP nonce and the client address (the load context), refuses cross-origin state
// changes, and serves assets. On SIGTERM it stops gracefully (ADR 016).
import { AsyncResource } from 'node:async_hooks';
import http from 'node:http';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

import { createRequestHandler, writeReadableStreamToWritable } from '@remix-run/node';
// The adapter's own Request builder (host, port and protocol as `trust proxy` sees them, the abort
// signal): its package exports only the whole handler, which this server replaces below.
import remixExpress from '@remix-run/express/dist/server.js';
import express from 'express';

import { apiJsonCall, bearerOnly, carriesSessionCookie, createApiCors } from './server/api-access.js';
import {
  MAX_HEADER_SIZE,
  createBodyReader,
  createClientErrorHandler,
  createErrorHandler,
  createRequestLineCheck,
} from './server/edge.js';
import { createPageCache } from './server/page-cache.js';

// This server only ever serves the production build (React's production mode too).
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
const entry = build.entry.module;
// The build reads its inline stylesheet and scripts from here, not from the working directory.
entry.setAppRoot(root);

let config;
try {
  config = entry.serverEnv();
  await entry.startup();
} catch (error) {
  // A bad setting, a full data disk or an unreachable database is said in one line, not as a stack.
  const said = error instanceof Error && error.name === 'EnvError' ? error.message : null;
  const dataDir = config?.dataDir ?? path.resolve(process.env.DATA_DIR || './data');
  console.error(said ?? entry.startupFailureMessage(error, dataDir) ?? error);
  process.exit(1);
}

const { log } = entry;
const app = express();
app.disable('x-powered-by');
app.set('trust proxy', config.TRUST_PROXY);

// Responses not yet sent: on shutdown they go out with `Connection: close`.
const inFlight = new Set();
let closing = false;

const requestLog = entry.createRequestLog({ routes: build.routes, trustProxy: config.TRUST_PROXY });
app.use(requestLog.begin);
app.use((req, res, next) => {
  if (closing) res.set('Connection', 'close');
  inFlight.add(res);
  res.once('close', () => inFlight.delete(res));
  next();
});
// A request target that is not a decodable path of ours, a method we do not answer, or a declared
// body over its limit: a Thai 4xx before anything else looks at it (ADR 035).
app.use(createRequestLineCheck({ photoMaxBytes: config.PHOTO_MAX_BYTES, routed: requestLog.routed }));

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/** A state-changing request must come from a page of this site (CSRF defence, ADR 005). */
function fromThisSite(req) {
  const origin = req.get('origin');
  const host = (config.TRUST_PROXY && req.get('x-forwarded-host')) || req.get('host');
  if (origin && origin !== 'null') {
    try {
      return new URL(origin).host === host;
    } catch {
      return false;
    }
  }
  const site = req.get('sec-fetch-site');
  return site === 'same-origin';
}

app.use((req, res, next) => {
  res.locals.cspNonce = entry.cspNonce();
  res.set(entry.securityHeaders(res.locals.cspNonce));
  next();
});

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

// The enhancement script is linked as /enhance.js?v=<content hash>: only the current version is immutable.
app.use('/enhance.js', (req, res, next) => {
  if (req.query.v && req.query.v === entry.enhanceScriptVersion()) {
    res.set('Cache-Control', 'public, max-age=31536000, immutable');
  }
  next();
});
// Desktop notifications (ADR 020): push.js likewise; pusher-js's browser build from node_modules,
// served from this origin (script-src 'self') under a versioned URL, fetched only by push.js.
app.use('/push.js', (req, res, next) => {
  if (req.query.v && req.query.v === entry.pushScriptVersion()) {
    res.set('Cache-Control', 'public, max-age=31536000, immutable');
  }
  next();
});
app.get('/vendor/pusher.min.js', (req, res) => {
  const current = req.query.v && req.query.v === entry.pusherScriptVersion();
  res.sendFile(entry.pusherScriptFile(), {
    headers: { 'Content-Type': 'text/javascript; charset=utf-8' },
    maxAge: current ? '1y' : '1h',
    immutable: Boolean(current),
  });
});
// Text assets go out compressed (brotli or gzip, made once); the rest as they are.
app.use(entry.compressedAssets(path.join(root, 'public')));
// Fingerprinted build assets never change; other public files may.
app.use('/build', express.static(path.join(root, 'public/build'), { immutable: true, maxAge: '1y', index: false }));
// Other public files all have an extension: page paths skip the file-system lookup.
const publicFiles = express.static(path.join(root, 'public'), { maxAge: '1h', index: false });
app.use((req, res, next) => (path.extname(req.path) ? publicFiles(req, res, next) : next()));

const pageCache = createPageCache({
  ttlMs: config.PAGE_CACHE_SECONDS * 1000,
  etagMatches: entry.etagMatches,
  encodingFor: entry.negotiateEncoding,
});
entry.onPublicContentChanged(() => pageCache.clear());
// From here on requests are pages and resource routes (logged at info), not public files.
app.use(requestLog.routed);
app.use(pageCache);
// Bodies are bounded before anything parses them; small ones are read here (ADR 035).
app.use(createBodyReader({ photoMaxBytes: config.PHOTO_MAX_BYTES }));

// Remix, as @remix-run/express's handler runs it, except that a rendered document goes out in one
// `res.end(bytes)` instead of being read back through its Response's stream (document-body.server).
const handleRemix = createRequestHandler(build, build.mode);
app.all('*', async (req, res, next) => {
  try {
    const request = remixRequest(req, res);
    const response = await handleRemix(request, { cspNonce: res.locals.cspNonce, clientAddress: req.ip ?? null });
    // The edge may have answered already (a body that broke off); nothing more to send then.
    if (res.headersSent) return;
    res.statusMessage = response.statusText;
    res.status(response.status);
    for (const [name, value] of response.headers.entries()) res.append(name, value);
    if (/text\/event-stream/i.test(response.headers.get('Content-Type') ?? '')) res.flushHeaders();
    const whole = entry.wholeBody(response);
    if (whole) res.end(whole);
    else if (response.body) await writeReadableStreamToWritable(response.body, res);
    else res.end();
  } catch (error) {
    next(error);
  }
});

/**
 * The Request Remix sees. A body the edge has read (res.locals.body, at most 64 KiB) is handed over
 * as bytes: the adapter's own builder would read the request stream, which is already consumed.
 */
function remixRequest(req, res) {
  const body = res.locals.body;
  if (!body) return remixExpress.createRemixRequest(req, res);
  // URL, headers and the abort signal as the adapter makes them, from a body-less view of req.
  const head = remixExpress.createRemixRequest(
    new Proxy(req, { get: (target, key, receiver) => (key === 'method' ? 'GET' : Reflect.get(target, key, receiver)) }),
    res,
  );
  return new Request(head, { method: req.method, body, duplex: 'half' });
}

// Last: whatever a middleware passed on as an error gets a Thai page and one log line, no stack.
app.use(createErrorHandler(log));

const server = http.createServer({ maxHeaderSize: MAX_HEADER_SIZE }, app);
// Node answers a malformed request line or an over-long head itself, before Express: a Thai page too.
server.on('clientError', createClientErrorHandler(log));
server.listen(config.PORT, config.HOST, () => {
  const shown = config.HOST === '0.0.0.0' ? 'localhost' : config.HOST;
  log.info('listening', { url: `http://${shown}:${config.PORT}`, store: config.store, demo: config.demo });
  console.log(`Sahakorn is running at http://${shown}:${config.PORT}/home`);
});

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
  entry.markShuttingDown();
  log.info('shutting down', { signal, inFlight: inFlight.size, timeoutSeconds: config.SHUTDOWN_TIMEOUT_SECONDS });
  // Bound here, outside any request: the last connection to close must not lend its request id.
  server.close(
    AsyncResource.bind(async () => {
      try {
        await entry.shutdown();
      } catch (error) {
        log.error('closing the database failed', { error: error instanceof Error ? error.message : String(error) });
        process.exit(1);
      }
      log.info('stopped', { signal });
      process.exit(0);
    }),
  );
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

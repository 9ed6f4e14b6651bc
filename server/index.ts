// The server (ADR 107): Express in front of the Remix build, compiled with the app into one bundle
// (remix.config.js `server`), so it imports the app's modules as the app does. One middleware a
// concern, in order: the request log, the graceful-stop count, the security headers, the request line
// (ADR 035), CORS and the Origin check, compression, static files, the body limit, then Remix, which
// routes every request (ADR 105). With WEB_CONCURRENCY above 1 this process prepares the store and
// runs that many workers, each of them this server (server/cluster.ts, ADR 071). `server.js` starts it.
import cluster from 'node:cluster';
import http from 'node:http';
import path from 'node:path';
import { Readable } from 'node:stream';
import { fileURLToPath } from 'node:url';
import { constants as zlib } from 'node:zlib';

import * as build from '@remix-run/dev/server-build';
import { createRequestHandler } from '@remix-run/express';
import { broadcastDevReady, type ServerBuild } from '@remix-run/node';
import compression from 'compression';
import express, { type Request } from 'express';

import { host } from '../app/server/http/host.server';
import type { Env } from '../app/server/env.server';
import { runPrimary } from './cluster';
import {
  MAX_HEADER_SIZE,
  createBodyReader,
  createClientErrorHandler,
  createErrorHandler,
  createRequestLineCheck,
} from './edge';
import { createApiCors, createOriginCheck } from './origin-check';
import { refusalHeaders, securityHeaders } from './security';
import { gracefulStop } from './shutdown';
import { staticRoutes } from './static-files';

const serverBuild = build as unknown as ServerBuild;
/** The app's folder (the bundle is build/index.js), whatever the working directory. */
const root = path.dirname(path.dirname(fileURLToPath(import.meta.url)));

interface StopMessage {
  sahakorn?: 'stop' | 'stop-now';
  signal?: string;
}

// A worker told to stop before it serves has nothing to finish.
const stopBeforeServing = (message: StopMessage) => {
  if (message?.sahakorn === 'stop' || message?.sahakorn === 'stop-now') process.exit(0);
};
if (cluster.isWorker) process.on('message', stopBeforeServing);

let config: Env;
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

/** The server is serving: one log line and one line for whoever started it. */
function announce() {
  const shown = config.HOST === '0.0.0.0' ? 'localhost' : config.HOST;
  const url = `http://${shown}:${config.PORT}`;
  log.info('listening', { url, store: config.store, demo: config.demo, workers: config.workers });
  console.log(`Sahakorn is running at ${url}/home`);
  // `npm run dev`: tell remix dev this build is being served (it restarts this server on each rebuild).
  if (process.env.NODE_ENV === 'development') void broadcastDevReady(serverBuild);
}

if (cluster.isPrimary && config.workers > 1) {
  const exitCode = await runPrimary({
    workers: config.workers,
    log,
    shutdownTimeoutMs: config.SHUTDOWN_TIMEOUT_SECONDS * 1000,
    onListening: announce,
  });
  process.exit(exitCode);
}

const stop = gracefulStop({
  log,
  timeoutSeconds: config.SHUTDOWN_TIMEOUT_SECONDS,
  stopping: host.stopping,
  stop: host.stop,
});

const app = express();
app.disable('x-powered-by');
// Behind our proxy (TRUST_PROXY), trust its one hop: the client is the address it saw, the last one in
// X-Forwarded-For, never an earlier one a client wrote there itself.
app.set('trust proxy', config.TRUST_PROXY ? 1 : false);

const requestLog = host.createRequestLog({ routes: serverBuild.routes, trustProxy: config.TRUST_PROXY });
app.use(requestLog.begin);
app.use(stop.track);
app.use(securityHeaders());
// A request target that is not a decodable path of ours, a method we do not answer, or a declared
// body over its limit: a Thai 4xx before anything else looks at it (ADR 035).
app.use(createRequestLineCheck({ photoMaxBytes: config.PHOTO_MAX_BYTES, routed: requestLog.routed }));
// Other sites named in API_ALLOWED_ORIGINS may call /api/* from a browser (CORS, with preflight).
const apiOrigins = new Set(config.API_ALLOWED_ORIGINS);
app.use(createApiCors(apiOrigins));
app.use(createOriginCheck({ trustProxy: config.TRUST_PROXY, apiOrigins }));
// Documents are made per request, and the app keeps no copy of them: compressed at levels that cost
// well under a millisecond for a page and save a phone a fifth of its bytes over the cheapest (brotli
// 4, gzip 6; ADR 107). Static files go out as compressed at build time, which compression leaves as
// they are.
app.use(
  compression({
    level: 6,
    brotli: { params: { [zlib.BROTLI_PARAM_QUALITY]: 4, [zlib.BROTLI_PARAM_MODE]: zlib.BROTLI_MODE_TEXT } },
  }),
);
app.use(staticRoutes(root));
// From here on requests are pages and resource routes (logged at info), not public files.
app.use(requestLog.routed);
// Bodies are bounded before anything parses them; small ones are read here (ADR 035).
app.use(createBodyReader({ photoMaxBytes: config.PHOTO_MAX_BYTES }));

// Remix, through its Express adapter, routes every request. The load context is made once per
// request (host.loadContext).
const remix = createRequestHandler({
  build: serverBuild,
  mode: serverBuild.mode,
  getLoadContext: (req, res) => host.loadContext({ cspNonce: res.locals.cspNonce, clientAddress: req.ip ?? null }),
});
app.all('*', (req, res, next) => remix(res.locals.body ? withBody(req, res.locals.body) : req, res, next));

/**
 * The request as the adapter reads it, for a body the edge has already read (at most 64 KiB): the
 * same method, URL, headers and addresses, and a stream of those bytes in place of the consumed one.
 */
function withBody(req: Request, body: Buffer): Request {
  return Object.assign(Readable.from([body]), {
    method: req.method,
    headers: req.headers,
    originalUrl: req.originalUrl,
    protocol: req.protocol,
    hostname: req.hostname,
    ip: req.ip,
    get: (name: string) => req.get(name),
  }) as unknown as Request;
}

// Last: whatever a middleware passed on as an error gets a Thai page and one log line, no stack.
app.use(createErrorHandler(log));

const server = http.createServer({ maxHeaderSize: MAX_HEADER_SIZE }, app);
// Node answers a malformed request line or an over-long head itself, before Express: a Thai page too,
// with the same security headers as every other answer.
server.on('clientError', createClientErrorHandler(log, refusalHeaders()));
// A worker's listening is the primary's to announce, once all of them listen.
server.listen(config.PORT, config.HOST, () => (cluster.isWorker ? undefined : announce()));

process.on('SIGTERM', () => stop.close(server, 'SIGTERM'));
process.on('SIGINT', () => stop.close(server, 'SIGINT'));
// A worker stops when the primary says so (ADR 071), or on its own signal (a terminal's Ctrl-C reaches
// every process): the first of the two starts the graceful stop; `stop-now` is a second signal.
if (cluster.isWorker) {
  process.off('message', stopBeforeServing);
  process.on('message', (message: StopMessage) => {
    if (message?.sahakorn === 'stop' && !stop.isClosing()) stop.close(server, message.signal ?? 'stop');
    else if (message?.sahakorn === 'stop-now') stop.close(server, message.signal ?? 'stop-now', { now: true });
  });
}

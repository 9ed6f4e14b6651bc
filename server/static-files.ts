// Static files (ADR 106): the fingerprinted build under /build, kept for a year; the other files of
// public/ for an hour; each as the copy the browser accepts of those `npm run build` compressed ahead
// (brotli 11, gzip 9: scripts/precompress.mjs), which `compression` leaves as they are. Under
// `npm run dev` files change between builds and are sent as they are.
import path from 'node:path';

import express, { type RequestHandler, type Router } from 'express';
import expressStaticGzip from 'express-static-gzip';
import type { ServeStaticOptions } from 'serve-static';

import { host } from '../app/server/http/host.server';

function staticFiles(dir: string, options: ServeStaticOptions): RequestHandler {
  if (process.env.NODE_ENV === 'development') return express.static(dir, { ...options, index: false });
  return expressStaticGzip(dir, {
    enableBrotli: true,
    orderPreference: ['br', 'gz'],
    index: false,
    serveStatic: options,
  });
}

/** Express router for the files under `root`/public and pusher-js's browser build. */
export function staticRoutes(root: string): Router {
  const router = express.Router();
  // The pages' scripts are bundles with content-hashed names under /build/client/ (ADR 103), served
  // below. Desktop notifications (ADR 020): pusher-js's browser build from node_modules, served from
  // this origin (script-src 'self') under a versioned URL, fetched only by the push bundle.
  router.get('/vendor/pusher.min.js', (req, res) => {
    const current = Boolean(req.query.v && req.query.v === host.scripts.pusherVersion());
    res.sendFile(host.scripts.pusherFile(), {
      headers: { 'Content-Type': 'text/javascript; charset=utf-8' },
      maxAge: current ? '1y' : '1h',
      immutable: current,
    });
  });
  // Fingerprinted build assets never change; other public files may.
  router.use('/build', staticFiles(path.join(root, 'public/build'), { immutable: true, maxAge: '1y' }));
  // Other public files all have an extension: page paths skip the file-system lookup.
  const publicFiles = staticFiles(path.join(root, 'public'), { maxAge: '1h' });
  router.use((req, res, next) => (path.extname(req.path) ? publicFiles(req, res, next) : next()));
  return router;
}

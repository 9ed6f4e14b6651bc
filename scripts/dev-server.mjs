// `npm run dev`: remix dev starts this after each build (it empties public/build/ first), so the
// pages' script bundles (scripts/build-client.mjs, ADR 103) are built again before server.js starts
// and reads their manifest. Workers (server/cluster.ts) run this file too: the primary alone builds.
import cluster from 'node:cluster';

import { buildClient } from './build-client.mjs';

if (cluster.isPrimary) await buildClient();
await import('../server.js');

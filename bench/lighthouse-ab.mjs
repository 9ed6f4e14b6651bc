// Lighthouse, two (or more) builds side by side: single runs alternating between them, so that each
// round sees the same load on the machine. On these shared 2-core machines a run's performance score
// moves by several points with the load, so builds a point apart are compared this way, not by two
// separate runs of bench/lighthouse.mjs (docs/performance.md).
//
//   npm run build && node bench/ab.mjs --save before     # keeps the build in .cache/ab/before
//   (change something) npm run build && node bench/ab.mjs --save after
//   BENCH_RUNS=5 BENCH_PAGES=/home node bench/lighthouse-ab.mjs before after
//
// Starts each saved build on a fresh demo store (ports BENCH_PORT, +1, …, or BENCH_PORTS), then for each page runs
// BENCH_RUNS rounds of one Lighthouse run per build, the order turning each round, and prints every
// run's performance score and TBT and the medians per build (FCP and LCP too). Member pages (/member/…) are run logged
// in as the demo member, with a session of each server.
import path from 'node:path';

import { demoMemberCookie, startServer } from './server.mjs';
import { LIGHTHOUSE, lighthouse, median } from './lighthouse-run.mjs';

const PORT = Number(process.env.BENCH_PORT ?? 3920);
/** BENCH_PORTS (comma-separated) gives each build its port; otherwise BENCH_PORT, +1, … */
const PORTS = (process.env.BENCH_PORTS ?? '').split(',').filter(Boolean).map(Number);
const RUNS = Number(process.env.BENCH_RUNS ?? 5);
const PAGES = (process.env.BENCH_PAGES ?? '/home,/list/news,/show/1246,/board').split(',');
const builds = process.argv.slice(2);
if (builds.length < 2) throw new Error('usage: node bench/lighthouse-ab.mjs A B [C …]  (after bench/ab.mjs --save)');

const servers = [];
try {
  for (const [i, name] of builds.entries())
    servers.push(await startServer(PORTS[i] ?? PORT + i, {}, [], path.join('.cache/ab', name, 'server.js')));
  console.log(`Lighthouse (${LIGHTHOUSE}, mobile), ${RUNS} alternating rounds per page:`);
  const cookies = [];
  for (const server of servers) cookies.push(await demoMemberCookie(server.base));
  for (const page of PAGES) {
    const headers = (i) => (page.startsWith('/member/') ? { Cookie: cookies[i] } : null);
    const runs = builds.map(() => []);
    for (let round = 0; round < RUNS; round += 1) {
      const order = builds.map((_, i) => (i + round) % builds.length);
      for (const i of order) runs[i].push(lighthouse(servers[i].base + page, headers(i)));
    }
    console.log(`  ${page}`);
    for (const [i, name] of builds.entries()) {
      const perf = runs[i].map((r) => `${r.scores.performance} (${Math.round(r.tbt)})`).join(', ');
      console.log(
        `    ${name.padEnd(12)} median ${median(runs[i].map((r) => r.scores.performance))}, ` +
          `FCP ${Math.round(median(runs[i].map((r) => r.fcp)))} ms, LCP ${Math.round(median(runs[i].map((r) => r.lcp)))} ms, ` +
          `TBT ${Math.round(median(runs[i].map((r) => r.tbt)))} ms; runs: ${perf}`,
      );
    }
  }
} finally {
  for (const server of servers) server.stop();
}

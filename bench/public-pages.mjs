// Public-page cost against WordPress: pages/s and server CPU per page for the public pages, every page
// rendered (the app keeps no page copies, ADR 107; nginx does in deployment).
//
//   npm run build && node bench/public-pages.mjs        (needs wrk: apt-get install -y wrk)
//
// Starts a server on a fresh demo store, then runs wrk against each page for BENCH_SECONDS with 50
// connections on 127.0.0.1 and reads the server's CPU time from /proc. The bar (what visitors and the
// cooperative's machine feel): at least 20 × less server CPU per page than the WordPress peer's 62 ms
// (ENVIRONMENT.md), i.e. at most 3.1 ms a page, and no errors.
import { execFileSync } from 'node:child_process';
import os from 'node:os';

import { cpuMs, startServer } from './server.mjs';

const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const PAGES = (process.env.BENCH_PAGES ?? '/home,/list/news,/board').split(',');
/** A stock WordPress 6.1 cooperative site on the same machine: 62–71 ms of server CPU a page (ENVIRONMENT.md). */
const WORDPRESS_CPU_MS = 62;
const TIMES_LESS = 20;

function wrk(url) {
  const out = execFileSync('wrk', ['-t2', '-c50', `-d${SECONDS}s`, '--latency', url], { encoding: 'utf8' });
  const rps = Number(/Requests\/sec:\s+([\d.]+)/.exec(out)?.[1] ?? 0);
  const errors = /Non-2xx or 3xx responses: (\d+)/.exec(out)?.[1] ?? '0';
  const p99 = /99%\s+([\d.]+\w+)/.exec(out)?.[1] ?? '?';
  return { rps, errors: Number(errors), p99 };
}

/** A GET read to its end; once more if a kept-alive connection the server had closed was reused. */
async function get(url) {
  try {
    await (await fetch(url)).arrayBuffer();
  } catch {
    await (await fetch(url, { headers: { Connection: 'close' } })).arrayBuffer();
  }
}

async function measure(server, page) {
  for (let i = 0; i < 50; i += 1) await get(server.base + page);
  const before = cpuMs(server.child.pid);
  const result = wrk(server.base + page);
  const used = cpuMs(server.child.pid) - before;
  return { ...result, cpuPerPage: used / (result.rps * SECONDS) };
}

const server = await startServer(3911, { SEED_MEMBERS: '200', WEB_CONCURRENCY: '1' });
try {
  console.log(
    `wrk -c50 -d${SECONDS}s on 127.0.0.1 (the 2 cores are shared with wrk); load average ${os.loadavg()[0].toFixed(1)}`,
  );
  let ok = true;
  for (const page of PAGES) {
    const m = await measure(server, page);
    const times = WORDPRESS_CPU_MS / m.cpuPerPage;
    if (times < TIMES_LESS || m.errors) ok = false;
    console.log(
      `${page.padEnd(12)} ${m.rps.toFixed(0).padStart(5)} pages/s, ${m.cpuPerPage.toFixed(2)} ms CPU/page, p99 ${m.p99}` +
        ` | ${times.toFixed(0)} × less CPU than WordPress` +
        (m.errors ? ` | ERRORS ${m.errors}` : ''),
    );
  }
  console.log(
    `every page ≥ ${TIMES_LESS} × less CPU than WordPress (${WORDPRESS_CPU_MS} ms), no errors → ${ok ? 'within' : 'OVER'}`,
  );
  process.exitCode = ok ? 0 : 1;
} finally {
  server.stop();
}

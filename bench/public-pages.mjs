// Public-page throughput: pages/s and server CPU per page for /home, side by side.
//
//   npm run build && node bench/public-pages.mjs        (needs wrk: apt-get install -y wrk)
//
// Starts two servers on fresh demo stores — one as configured (page cache on) and one with
// PAGE_CACHE_SECONDS=0 (every page rendered) — then runs wrk against each for BENCH_SECONDS with 50
// connections on 127.0.0.1, one after the other, and reads each server's CPU time from /proc. The
// issue's bar: ≥ 60 × the WordPress peer's 30 pages/s (ENVIRONMENT.md), i.e. ≥ 1,800 pages/s.
import { execFileSync } from 'node:child_process';
import os from 'node:os';

import { cpuMs, startServer } from './server.mjs';

const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const PAGES = (process.env.BENCH_PAGES ?? '/home,/list/news,/board').split(',');
const WORDPRESS_PAGES_PER_SECOND = 30;
function wrk(url) {
  const out = execFileSync('wrk', ['-t2', '-c50', `-d${SECONDS}s`, '--latency', url], { encoding: 'utf8' });
  const rps = Number(/Requests\/sec:\s+([\d.]+)/.exec(out)?.[1] ?? 0);
  const errors = /Non-2xx or 3xx responses: (\d+)/.exec(out)?.[1] ?? '0';
  const p99 = /99%\s+([\d.]+\w+)/.exec(out)?.[1] ?? '?';
  return { rps, errors: Number(errors), p99 };
}

async function measure(server, page) {
  for (let i = 0; i < 50; i += 1) await (await fetch(server.base + page)).arrayBuffer();
  const before = cpuMs(server.child.pid);
  const result = wrk(server.base + page);
  const used = cpuMs(server.child.pid) - before;
  return { ...result, cpuPerPage: used / (result.rps * SECONDS) };
}

const cached = await startServer(3910, { SEED_MEMBERS: '200' });
const uncached = await startServer(3911, { SEED_MEMBERS: '200', PAGE_CACHE_SECONDS: '0' });
try {
  console.log(
    `wrk -c50 -d${SECONDS}s on 127.0.0.1 (the 2 cores are shared with wrk); load average ${os.loadavg()[0].toFixed(1)}`,
  );
  let ok = true;
  for (const page of PAGES) {
    const a = await measure(cached, page);
    const b = await measure(uncached, page);
    const times = a.rps / WORDPRESS_PAGES_PER_SECOND;
    if (page === '/home' && times < 60) ok = false;
    if (a.errors || b.errors) ok = false;
    console.log(
      `${page.padEnd(12)} cached ${a.rps.toFixed(0).padStart(6)} pages/s, ${a.cpuPerPage.toFixed(2)} ms CPU/page, p99 ${a.p99}` +
        ` | rendered ${b.rps.toFixed(0).padStart(5)} pages/s, ${b.cpuPerPage.toFixed(2)} ms CPU/page, p99 ${b.p99}` +
        ` | ×${(a.rps / b.rps).toFixed(1)} by the cache, ×${times.toFixed(0)} WordPress` +
        (a.errors || b.errors ? ` | ERRORS ${a.errors}/${b.errors}` : ''),
    );
  }
  console.log(
    `/home ≥ 60 × WordPress (${60 * WORDPRESS_PAGES_PER_SECOND} pages/s), no errors → ${ok ? 'within' : 'OVER'}`,
  );
  process.exitCode = ok ? 0 : 1;
} finally {
  cached.stop();
  uncached.stop();
}

// Two builds side by side: server CPU per warm member page, A against B, in one run.
//
//   npm run build && node bench/ab.mjs --save before     # keeps server.js + build/ + public/ in .cache/ab/before
//   (change something) npm run build && node bench/ab.mjs --save after
//   node bench/ab.mjs before after [/member/kep …]
//
// Starts both copies at once (each on a fresh demo store), logs in to each as the demo member, warms
// them up, then in BENCH_ROUNDS rounds sends BENCH_REQUESTS sequential requests per page to one server,
// then the other (the order alternates each round), reading each server's CPU time from /proc around
// its own requests. Load from elsewhere on the machine thus falls on both alike; the ratio B/A is the
// figure to trust. Prints the mean per page for each and the ratio, and the spread of the per-round
// ratios.
import fs from 'node:fs';
import path from 'node:path';

import { cpuMs, startServer } from './server.mjs';

const AB_DIR = '.cache/ab';
const PORT = Number(process.env.BENCH_PORT ?? 3900);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 6);
// /proc counts CPU in 10 ms ticks, so a round of one page should take several hundred ms of CPU
// (50 requests of a 2 ms page are 100 ms: ±10 % from the ticks alone).
const N = Number(process.env.BENCH_REQUESTS ?? 300);
const DEFAULT_PAGES = ['/load', '/member/status', '/member/share', '/member/loan', '/member/kep'];
/**
 * What the requests accept (fetch asks for gzip and deflate): BENCH_ENCODING=identity measures
 * pages uncompressed, as `bench:public`'s wrk asks for them.
 */
const ENCODING = process.env.BENCH_ENCODING;

const args = process.argv.slice(2);
if (args[0] === '--save') {
  const to = path.join(AB_DIR, args[1] ?? 'a');
  fs.rmSync(to, { recursive: true, force: true });
  for (const part of ['server.js', 'server', 'build', 'public'])
    fs.cpSync(part, path.join(to, part), { recursive: true });
  console.log(`saved the current build as ${to}`);
  process.exit(0);
}
const [a, b, ...rest] = args;
if (!a || !b) throw new Error('usage: node bench/ab.mjs A B [pages…]  (after --save A and --save B)');
const pages = rest.length ? rest : DEFAULT_PAGES;

async function start(name, port) {
  const server = await startServer(port, {}, [], path.join(AB_DIR, name, 'server.js'));
  const res = await fetch(`${server.base}/member/logon`, {
    method: 'POST',
    body: new URLSearchParams({ membershipNo: '012345', password: 'sahakorn-demo' }),
    redirect: 'manual',
    headers: { Origin: server.base },
  });
  const cookie = res.headers
    .getSetCookie()
    .map((c) => c.split(';')[0])
    .find((c) => c.includes('sahakorn_sid='));
  if (!cookie) throw new Error(`login failed on ${name} (${res.status})`);
  const headers = { Cookie: cookie, ...(ENCODING ? { 'Accept-Encoding': ENCODING } : {}) };
  const get = (page) => fetch(`${server.base}${page}`, { headers }).then((r) => r.arrayBuffer());
  return { name, server, get, cpu: Object.fromEntries(pages.map((p) => [p, []])) };
}

// One after the other: two demo seeds at once on a busy machine may not finish in time.
// Interrupted (Ctrl+C, SIGTERM), bench/server.mjs still stops both servers.
const servers = [await start(a, PORT), await start(b, PORT + 1)];
try {
  for (const s of servers) for (const page of pages) for (let i = 0; i < 30; i += 1) await s.get(page);
  for (let round = 0; round < ROUNDS; round += 1) {
    const order = round % 2 === 0 ? servers : [...servers].reverse();
    for (const page of pages) {
      for (const s of order) {
        const before = cpuMs(s.server.child.pid);
        for (let i = 0; i < N; i += 1) await s.get(page);
        s.cpu[page].push((cpuMs(s.server.child.pid) - before) / N);
      }
    }
    console.error(`round ${round + 1} of ${ROUNDS} done`);
  }
} finally {
  for (const s of servers) s.server.stop();
}

const mean = (xs) => xs.reduce((x, y) => x + y, 0) / xs.length;
const [A, B] = servers;
console.log(`server CPU per request, ms (${ROUNDS} rounds × ${N} requests per page and server):`);
console.log(`  ${'page'.padEnd(18)} ${a.padStart(10)} ${b.padStart(10)}   B/A   (per-round B/A)`);
for (const page of pages) {
  const ratios = A.cpu[page].map((x, i) => B.cpu[page][i] / x);
  console.log(
    `  ${page.padEnd(18)} ${mean(A.cpu[page]).toFixed(2).padStart(10)} ${mean(B.cpu[page]).toFixed(2).padStart(10)}  ${(mean(B.cpu[page]) / mean(A.cpu[page])).toFixed(2)}  (${Math.min(...ratios).toFixed(2)}–${Math.max(...ratios).toFixed(2)})`,
  );
}

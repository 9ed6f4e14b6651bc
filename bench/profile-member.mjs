// Where a member page's server CPU goes: a V8 CPU profile of the server answering warm requests.
//
//   npm run build && node bench/profile-member.mjs [/member/kep …]
//
// Starts the server with `--cpu-prof` on a fresh demo store, logs in as the demo member, warms each
// page up, sends BENCH_REQUESTS (500) sequential requests per page, stops the server (the profile is
// written on exit) and prints the functions with the most self time and the most total time (callees
// included, each counted once per sample) while the measured requests ran. The profile stays in the folder
// printed at the end for Chrome DevTools / speedscope.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

import { demoMemberCookie, startServer } from './server.mjs';

const PORT = Number(process.env.BENCH_PORT ?? 3900);
const N = Number(process.env.BENCH_REQUESTS ?? 500);
const TOP = Number(process.env.PROFILE_TOP ?? 30);
const pages = process.argv.slice(2).length ? process.argv.slice(2) : ['/member/kep'];

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'sahakorn-profile-'));
// The window of the measured requests, in µs of the monotonic clock (V8's profile uses the same one).
let from = 0n;
let to = 0n;
const server = await startServer(PORT, {}, ['--cpu-prof', '--cpu-prof-dir', dir]);
const BASE = server.base;
try {
  const cookie = await demoMemberCookie(BASE);
  const get = (page) => fetch(`${BASE}${page}`, { headers: { Cookie: cookie } }).then((r) => r.arrayBuffer());
  for (const page of pages) for (let i = 0; i < 30; i += 1) await get(page);
  from = process.hrtime.bigint() / 1000n;
  for (const page of pages) for (let i = 0; i < N; i += 1) await get(page);
  to = process.hrtime.bigint() / 1000n;
} finally {
  const exited = new Promise((resolve) => server.child.once('exit', resolve));
  server.child.kill('SIGTERM');
  await exited;
  fs.rmSync(server.dataDir, { recursive: true, force: true });
}

const file = fs.readdirSync(dir).find((f) => f.endsWith('.cpuprofile'));
if (!file) throw new Error(`no profile in ${dir}`);
const profile = JSON.parse(fs.readFileSync(path.join(dir, file), 'utf8'));
const byId = new Map(profile.nodes.map((n) => [n.id, n]));
const parent = new Map();
for (const n of profile.nodes) for (const c of n.children ?? []) parent.set(c, n.id);
const label = (n) => {
  const { functionName, url, lineNumber } = n.callFrame;
  const where = url ? `${url.replace(/^.*\/(node_modules\/)?/, (m, nm) => (nm ? 'nm/' : ''))}:${lineNumber + 1}` : '';
  return `${functionName || '(anonymous)'} ${where}`.trim();
};
const self = new Map();
const total = new Map();
const counts = new Map();
let at = BigInt(profile.startTime);
let busyUs = 0;
profile.samples.forEach((id, i) => {
  at += BigInt(profile.timeDeltas[i]);
  if (at < from || at > to) return;
  counts.set(id, (counts.get(id) ?? 0) + 1);
  if (byId.get(id).callFrame.functionName !== '(idle)') busyUs += profile.timeDeltas[i + 1] ?? 0;
});
let samples = 0;
let idle = 0;
for (const [id, count] of counts) {
  const n = byId.get(id);
  samples += count;
  if (n.callFrame.functionName === '(idle)') idle += count;
  self.set(label(n), (self.get(label(n)) ?? 0) + count);
  const seen = new Set();
  for (let cur = id; cur !== undefined; cur = parent.get(cur)) {
    const l = label(byId.get(cur));
    if (seen.has(l)) continue;
    seen.add(l);
    total.set(l, (total.get(l) ?? 0) + count);
  }
}
const busy = samples - idle;
const show = (title, map) => {
  console.log(`${title} (% of ${busy} busy samples):`);
  for (const [l, c] of [...map]
    .filter(([l]) => !l.startsWith('(idle)'))
    .sort((a, b) => b[1] - a[1])
    .slice(0, TOP)) {
    console.log(`  ${((100 * c) / busy).toFixed(1).padStart(5)} %  ${l}`);
  }
};
// Self time by where the code lives: a package, our build, or Node itself.
const owner = (n) => {
  const { url, functionName } = n.callFrame;
  const pkg = url.match(/node_modules\/((?:@[^/]+\/)?[^/]+)/);
  if (pkg) return pkg[1];
  if (url.startsWith('node:')) return `node:${url.slice(5).split('/')[0]}`;
  if (url.includes('/build/')) return 'our build';
  return url ? 'our code' : functionName;
};
const byOwner = new Map();
for (const [id, count] of counts) {
  const o = owner(byId.get(id));
  byOwner.set(o, (byOwner.get(o) ?? 0) + count);
}
show('self time', self);
show('total time', total);
show('self time by package', byOwner);
// PROFILE_CALLERS=name: where the time of the functions called `name` comes from (callers' chains).
if (process.env.PROFILE_CALLERS) {
  const chains = new Map();
  for (const [id, count] of counts) {
    const stack = [];
    for (let cur = id; cur !== undefined; cur = parent.get(cur)) stack.push(byId.get(cur));
    const at = stack.findIndex((n) => n.callFrame.functionName === process.env.PROFILE_CALLERS);
    if (at < 0) continue;
    const chain = stack
      .slice(at, at + 6)
      .map(label)
      .join(' ← ');
    chains.set(chain, (chains.get(chain) ?? 0) + count);
  }
  show(`callers of ${process.env.PROFILE_CALLERS}`, chains);
}
console.log(
  `${N * pages.length} requests; ${(busyUs / 1000 / (N * pages.length)).toFixed(2)} ms busy per request (with the profiler's overhead)`,
);
console.log(`profile: ${path.join(dir, file)}`);

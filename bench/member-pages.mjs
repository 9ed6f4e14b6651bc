// Member pages: server CPU per warm request, and first-load JavaScript against its budgets.
//
//   npm run build && node bench/member-pages.mjs
//
// Starts its own server on a fresh demo store, logs in as the demo member, warms up, then reads the
// server process's CPU time (/proc/<pid>/stat, user+system) around N sequential requests per page.
// CPU time is reported absolutely and as a ratio to /load (a static page without data) measured in the
// same run, side by side, so the machine's speed cancels out. JavaScript is what a page asks for on a
// first visit (module preloads, the entry module, `<script src>`), gzip -9: at most 100 KiB on a page
// that hydrates, 30 KiB on one that does not (ADR 085). The image cropper must be in none of the
// first-load files of /member/status or /member/photo: it is fetched only once a file is chosen.
import { gzipSync } from 'node:zlib';

import { cpuMs, startServer } from './server.mjs';

const PORT = Number(process.env.BENCH_PORT ?? 3900);
const N = Number(process.env.BENCH_REQUESTS ?? 200);
const PAGES = ['/member/status', '/member/share', '/member/loan', '/member/deposit', '/member/kep', '/member/dividend'];
/**
 * First-load JavaScript (gzip): a page that hydrates, and one that does not (ADR 085). Server CPU has
 * no absolute budget: it is a ratio to another build, measured side by side by bench/ab.mjs.
 */
const BUDGET = { hydratingKiB: 100, plainKiB: 30 };
/** First-load JavaScript is weighed on the lightest page, the form pages and the photo page. */
const JS_PAGES = ['/member/status', '/member/share', '/member/password', '/member/photo'];

async function login() {
  const body = new URLSearchParams({ membershipNo: '012345', password: 'sahakorn-demo' });
  const res = await fetch(`${BASE}/member/logon`, {
    method: 'POST',
    body,
    redirect: 'manual',
    headers: { Origin: BASE },
  });
  const cookies = res.headers.getSetCookie().map((c) => c.split(';')[0]);
  const sid = cookies.find((c) => c.includes('sahakorn_sid='));
  if (!sid) throw new Error(`login failed (${res.status})`);
  return sid;
}

async function cpuPerRequest(pathname, cookie) {
  const get = () => fetch(`${BASE}${pathname}`, { headers: { Cookie: cookie } }).then((r) => r.arrayBuffer());
  for (let i = 0; i < 30; i += 1) await get();
  const before = cpuMs(server.child.pid);
  for (let i = 0; i < N; i += 1) await get();
  return (cpuMs(server.child.pid) - before) / N;
}

async function firstLoadJs(cookie, pathname = '/member/status') {
  const html = await (await fetch(`${BASE}${pathname}`, { headers: { Cookie: cookie } })).text();
  const urls = new Set([...html.matchAll(/<link rel="modulepreload" href="([^"]+)"/g)].map((m) => m[1]));
  for (const m of html.matchAll(/import\s*(?:\*\s*as\s*\w+\s*from\s*)?"([^"]+\.js)"/g)) urls.add(m[1]);
  // A page that does not hydrate loads the member area's one script (ADR 085).
  for (const m of html.matchAll(/<script\b[^>]*\ssrc="([^"]+)"/g)) urls.add(m[1].replace(/&amp;/g, '&'));
  let gz = 0;
  let raw = 0;
  let cropper = false;
  for (const url of urls) {
    const body = Buffer.from(await (await fetch(new URL(url, BASE))).arrayBuffer());
    raw += body.length;
    gz += gzipSync(body, { level: 9 }).length;
    cropper ||= /cropper/i.test(url) || body.includes('reactEasyCrop');
  }
  const hydrates = html.includes('rel="modulepreload"');
  return { files: urls.size, rawKiB: raw / 1024, gzipKiB: gz / 1024, cropper, hydrates };
}

const server = await startServer(PORT);
const BASE = server.base;
try {
  const cookie = await login();
  const baseline = await cpuPerRequest('/load', cookie);
  const rows = [];
  for (const page of PAGES) rows.push({ page, cpuMs: await cpuPerRequest(page, cookie) });
  const weights = [];
  for (const page of JS_PAGES) weights.push({ page, ...(await firstLoadJs(cookie, page)) });
  console.log(`server CPU per request (mean of ${N}, warm; /load baseline ${baseline.toFixed(2)} ms):`);
  for (const r of rows) {
    console.log(
      `  ${r.page.padEnd(18)} ${r.cpuMs.toFixed(2).padStart(6)} ms  ×${(r.cpuMs / baseline).toFixed(2)} of /load`,
    );
  }
  for (const w of weights) {
    console.log(
      `first-load JavaScript of ${w.page.padEnd(16)} ${String(w.files).padStart(2)} files, ${w.rawKiB.toFixed(1)} KiB raw, ${w.gzipKiB.toFixed(1)} KiB gzip`,
    );
  }
  const cropperEarly = weights.some((w) => w.cropper);
  console.log(`image cropper in first-load JavaScript: ${cropperEarly ? 'YES (must be lazy)' : 'no'}`);
  const over = weights.filter((w) => w.gzipKiB > (w.hydrates ? BUDGET.hydratingKiB : BUDGET.plainKiB));
  const ok = !over.length && !cropperEarly;
  console.log(
    `budgets: JS ≤ ${BUDGET.hydratingKiB} KiB gzip on a page that hydrates, ≤ ${BUDGET.plainKiB} KiB on one that does not → ${ok ? 'within' : `OVER (${over.map((w) => w.page).join(', ')})`}`,
  );
  process.exitCode = ok ? 0 : 1;
} finally {
  server.stop();
}

// Lighthouse on the public pages and on the member area, logged in: mobile scores for performance,
// accessibility, best practices and SEO; the bar is 100 in each on /home, /list/news, /show/1246 and
// /board, and on the member's status page, shares, loans, deposits, a deposit and a loan statement and
// a month of the printable kep.
//
//   npm run build && npm run bench:lighthouse
//
// Starts the server on a fresh demo store, logs in as the demo member (012345, the demo password in the
// README) and hands the session cookie to Lighthouse as an extra header for the member pages.
// Runs Lighthouse (fetched with `npx -y`, not a dependency of the project: it is large and only needed
// here) BENCH_RUNS times per page with Debian's Chromium, one run at a time, and prints each page's
// median scores and timings, and every audit that cost points in any run (render-blocking requests
// among them). Lighthouse's simulated throttling makes the performance score sensitive to other load
// on the machine: run it on a quiet machine and read the median, not one run.
//
// BENCH_PAGES: the public pages (comma-separated; empty for none). BENCH_MEMBER_PAGES: the member
// pages (empty for none); by default the statement and the month are the first the demo member's
// deposit and kep pages link to.
import { demoMemberCookie, startServer } from './server.mjs';
import { CATEGORIES, LIGHTHOUSE, lighthouse, median } from './lighthouse-run.mjs';

const PORT = Number(process.env.BENCH_PORT ?? 3902);
const RUNS = Number(process.env.BENCH_RUNS ?? 3);
const list = (value) => value.split(',').filter(Boolean);
const PAGES = list(process.env.BENCH_PAGES ?? '/home,/list/news,/show/1246,/board');

const server = await startServer(PORT);
const BASE = server.base;

/** The first link on `page` whose path starts with `prefix`. */
async function firstLink(cookie, page, prefix) {
  const html = await (await fetch(BASE + page, { headers: { Cookie: cookie } })).text();
  const href = [...html.matchAll(/href="([^"]+)"/g)].map((m) => m[1]).find((h) => h.startsWith(prefix));
  if (!href) throw new Error(`${page} links to no ${prefix}…`);
  return href;
}

async function memberPages(cookie) {
  if (process.env.BENCH_MEMBER_PAGES !== undefined) return list(process.env.BENCH_MEMBER_PAGES);
  return [
    '/member/status',
    '/member/share',
    '/member/loan',
    '/member/deposit',
    await firstLink(cookie, '/member/deposit', '/member/dep_statement/'),
    await firstLink(cookie, '/member/loan', '/member/loan_statement/'),
    await firstLink(cookie, '/member/kep', '/member/kep/'),
  ];
}

function report(page, runs) {
  const scores = CATEGORIES.map((c) => median(runs.map((r) => r.scores[c])));
  const perf = runs.map((r) => r.scores.performance).join('/');
  console.log(
    `  ${decodeURI(page).padEnd(32)} ${CATEGORIES.map((c, i) => `${c} ${scores[i]}`).join(', ')} (performance runs ${perf}); ` +
      `FCP ${Math.round(median(runs.map((r) => r.fcp)))} ms, LCP ${Math.round(median(runs.map((r) => r.lcp)))} ms, ` +
      `TBT ${Math.round(median(runs.map((r) => r.tbt)))} ms, CLS ${median(runs.map((r) => r.cls)).toFixed(3)}, ` +
      `SI ${Math.round(median(runs.map((r) => r.si)))} ms`,
  );
  const losses = [...new Set(runs.flatMap((r) => r.losses))];
  if (losses.length > 0) console.log(`    cost points in some run: ${losses.join(', ')}`);
  return scores.every((s) => s === 100);
}

try {
  let allPerfect = true;
  console.log(`Lighthouse (${LIGHTHOUSE}, mobile), median of ${RUNS} runs per page:`);
  for (const page of PAGES) {
    const runs = [];
    for (let i = 0; i < RUNS; i += 1) runs.push(lighthouse(BASE + page));
    allPerfect = report(page, runs) && allPerfect;
  }
  const cookie = await demoMemberCookie(BASE);
  const pages = await memberPages(cookie);
  if (pages.length > 0) console.log('member pages, logged in as the demo member:');
  for (const page of pages) {
    const runs = [];
    for (let i = 0; i < RUNS; i += 1) runs.push(lighthouse(BASE + page, { Cookie: cookie }));
    allPerfect = report(page, runs) && allPerfect;
  }
  console.log(allPerfect ? 'all 100' : 'below 100 somewhere');
  process.exitCode = allPerfect ? 0 : 1;
} finally {
  server.stop();
}

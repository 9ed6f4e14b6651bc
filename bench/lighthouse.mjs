// Lighthouse on the public pages: mobile scores for performance, accessibility, best
// practices and SEO; the bar is 100 in each on /home, /list/news, /show/1246 and /board.
//
//   npm run build && npm run bench:lighthouse
//
// Starts the server on a fresh demo store, then runs Lighthouse (fetched with `npx -y`, not a
// dependency of the project: it is large and only needed here) BENCH_RUNS times per page with
// Debian's Chromium, one run at a time, and prints each page's median scores and timings. Lighthouse's
// simulated throttling makes the performance score sensitive to other load on the machine: run it on
// a quiet machine and read the median, not one run.
import { startServer } from './server.mjs';
import { CATEGORIES, LIGHTHOUSE, lighthouse, median } from './lighthouse-run.mjs';

const PORT = Number(process.env.BENCH_PORT ?? 3902);
const RUNS = Number(process.env.BENCH_RUNS ?? 3);
const PAGES = (process.env.BENCH_PAGES ?? '/home,/list/news,/show/1246,/board').split(',');

const server = await startServer(PORT);
const BASE = server.base;
try {
  let allPerfect = true;
  console.log(`Lighthouse (${LIGHTHOUSE}, mobile), median of ${RUNS} runs per page:`);
  for (const page of PAGES) {
    const runs = [];
    for (let i = 0; i < RUNS; i += 1) runs.push(lighthouse(BASE + page));
    const scores = CATEGORIES.map((c) => median(runs.map((r) => r.scores[c])));
    allPerfect &&= scores.every((s) => s === 100);
    const perf = runs.map((r) => r.scores.performance).join('/');
    console.log(
      `  ${page.padEnd(12)} ${CATEGORIES.map((c, i) => `${c} ${scores[i]}`).join(', ')} (performance runs ${perf}); ` +
        `FCP ${Math.round(median(runs.map((r) => r.fcp)))} ms, LCP ${Math.round(median(runs.map((r) => r.lcp)))} ms, ` +
        `TBT ${Math.round(median(runs.map((r) => r.tbt)))} ms, CLS ${median(runs.map((r) => r.cls)).toFixed(3)}, ` +
        `SI ${Math.round(median(runs.map((r) => r.si)))} ms`,
    );
  }
  console.log(allPerfect ? 'all 100' : 'below 100 somewhere');
  process.exitCode = allPerfect ? 0 : 1;
} finally {
  server.stop();
}

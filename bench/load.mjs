// Load with many members at once, and logins while they browse: server.js with one worker against
// several, on SQLite and on PostgreSQL, optionally against a saved earlier build, all in one run.
//
//   npm run build && TEST_DATABASE_URL=postgres://… npm run bench:load
//   node bench/ab.mjs --save before   (on the earlier build; then) BENCH_BEFORE=.cache/ab/before npm run bench:load
//
// For each setup it starts a fresh server.js with the demo cooperative, then BENCH_MEMBERS (200)
// simulated members, arriving evenly over the first BENCH_RAMP_SECONDS (10) and then all active at
// once, each over its own keep-alive connection: log in as a member of its own (the demo store's
// registered members who accepted the terms, all with the demo password, in turn; argon2id check,
// a new session row), then read /member/status, share, loan, deposit and kep in a loop, one request after
// the other with BENCH_THINK_MS (0: without pause; else ±50 %) between them, until BENCH_SECONDS (60)
// have passed. Meanwhile, once every member browses, another member logs in every
// BENCH_LOGIN_EVERY_MS (250) on a new connection: those logins are the login figures. Every answer
// must be 200 with the member's own page (its membership number in the page's header), every login a 302 with a
// session; anything else, a network error or a 30 s timeout is an error. Reported per setup:
// requests, errors, pages/s, p50/p95/p99 of the pages and p95/p99 of the logins, and CPU time per request of the
// server's processes (the primary and its workers) and PostgreSQL (from /proc); then each
// setup's pages/s and login p99 as ratios to the first setup of its store.
//
// Setups: BENCH_SETUPS (`sqlite,postgres`) × BENCH_WORKERS (`1,2`: WEB_CONCURRENCY). With
// BENCH_BEFORE=<folder of a saved build>, that build runs each setup too, right next to this one
// (a server.js older than ADR 071 ignores WEB_CONCURRENCY), and with BENCH_ROUNDS (1) above one the
// pair runs that many times, the order turned each round (before, now; now, before; …), so that load
// from elsewhere on a shared machine falls on both alike. Each run says whether the setup held its
// members (page p95 under 500 ms, no errors); the summary gives each pair's ratios, now ÷ before.
// PostgreSQL uses a fresh database `<TEST_DATABASE_URL's database>_bench<BENCH_PORT>` per setup. The
// load generator runs on the same cores as the servers and PostgreSQL: compare the ratios, not the
// absolute figures. Port: BENCH_PORT (3900).
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';

import Sqlite from 'better-sqlite3';
import pg from 'pg';

import { dropDatabase, freshDatabase, waitForPort } from '../scripts/instances.mjs';
import { stopAtEnd } from './server.mjs';

const SECONDS = Number(process.env.BENCH_SECONDS ?? 60);
const MEMBERS = Number(process.env.BENCH_MEMBERS ?? 200);
const PORT = Number(process.env.BENCH_PORT ?? 3900);
const SEED_MEMBERS = process.env.BENCH_SEED_MEMBERS ?? '1000';
/** Members arrive (log in) evenly over this many seconds at the start, as people do, not in one instant. */
const RAMP_SECONDS = Number(process.env.BENCH_RAMP_SECONDS ?? 10);
/** A member reads each page for this long on average (±50 %) before asking for the next; 0 = none. */
const THINK_MS = Number(process.env.BENCH_THINK_MS ?? 0);
/** While every member browses, one more login this often. */
const LOGIN_EVERY_MS = Number(process.env.BENCH_LOGIN_EVERY_MS ?? 250);
const WORKERS = (process.env.BENCH_WORKERS ?? '1,2').split(',').map(Number);
const BEFORE = process.env.BENCH_BEFORE;
const SETUPS = (process.env.BENCH_SETUPS ?? 'sqlite,postgres').split(',');
/** How many times each setup runs (with BENCH_BEFORE: each before-and-now pair, the order turned each time). */
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 1);
/** What a payday morning must hold: page p95 under this, and no errors. */
const HELD_P95_MS = 500;
/** The scratch PostgreSQL database's suffix: one per port, so that two benches on one machine do not meet. */
const DB_SUFFIX = `bench${PORT}`;
const PG_BASE = process.env.BENCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL;
const DEMO_PASSWORD = 'sahakorn-demo';
/** The membership number in a member page's header (the first one on the page). */
const headerNumber = (html) => /เลขทะเบียนสมาชิก <span class="nowrap">(\d{6})<\/span>/.exec(html)?.[1];

/**
 * The members who can sign in and see their pages on a fresh demo store: registered (the demo
 * password) and past the terms. Read from the store itself (SQLite file or PostgreSQL).
 */
async function membersOf(env) {
  const sql = `select distinct c.membership_no as no from member_credentials c
    join terms_acceptances t on t.membership_no = c.membership_no order by 1`;
  if (env.DATABASE_URL) {
    const client = new pg.Client({ connectionString: env.DATABASE_URL });
    await client.connect();
    try {
      return (await client.query(sql)).rows.map((row) => row.no);
    } finally {
      await client.end();
    }
  }
  const db = new Sqlite(path.join(env.DATA_DIR, 'sahakorn.db'), { readonly: true });
  try {
    return db.prepare(sql).pluck().all();
  } finally {
    db.close();
  }
}
const PAGES = ['/member/status', '/member/share', '/member/loan', '/member/deposit', '/member/kep'];
const TIMEOUT_MS = 30_000;
const SESSION_SECRET = 'bench-load-session-secret-not-for-production';

if (!Number.isFinite(SECONDS) || SECONDS <= 0 || SECONDS > 600) throw new Error('BENCH_SECONDS must be 1–600');
if (SETUPS.includes('postgres') && !PG_BASE) {
  console.error(
    'bench:load needs TEST_DATABASE_URL (or BENCH_DATABASE_URL) for the PostgreSQL setup, or BENCH_SETUPS=sqlite',
  );
  process.exit(2);
}

const TICK_MS = 1000 / 100; // USER_HZ

/** CPU time (user + system, ms, all threads) of the given processes, or of every process named one of `names`. */
function cpuByPid({ pids = null, names = [] }) {
  const cpu = new Map();
  for (const pid of pids ?? fs.readdirSync('/proc').filter((entry) => /^\d+$/.test(entry))) {
    try {
      const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
      const name = stat.slice(stat.indexOf('(') + 1, stat.lastIndexOf(')'));
      if (!pids && !names.includes(name)) continue;
      const fields = stat.slice(stat.lastIndexOf(') ') + 2).split(' ');
      cpu.set(pid, (Number(fields[11]) + Number(fields[12])) * TICK_MS);
    } catch {
      // gone meanwhile
    }
  }
  return cpu;
}

/** CPU used between two `cpuByPid` snapshots (processes that ended meanwhile are not counted). */
function cpuBetween(before, after) {
  let ms = 0;
  for (const [pid, total] of after) ms += total - (before.get(pid) ?? 0);
  return ms;
}

/** Every process whose parent chain leads to `root` (a server's workers), and `root` itself. */
function processTree(root) {
  const parents = new Map();
  for (const pid of fs.readdirSync('/proc').filter((entry) => /^\d+$/.test(entry))) {
    try {
      const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
      parents.set(pid, stat.slice(stat.lastIndexOf(') ') + 2).split(' ')[1]);
    } catch {
      // gone meanwhile
    }
  }
  const tree = new Set([root]);
  for (let grew = true; grew;) {
    grew = false;
    for (const [pid, parent] of parents) {
      if (tree.has(parent) && !tree.has(pid)) {
        tree.add(pid);
        grew = true;
      }
    }
  }
  return [...tree];
}

/** Stops of everything started so far: run in `finally`, whatever failed (a server that never came up too). */
const stops = [];

/**
 * Starts server.js (from `dir`: this build, or a saved one) and resolves once all its workers
 * listen (it prints its "running at" line). Its stop is registered at once, before it is up.
 */
async function startServer(port, env, dir = '.') {
  const child = spawn(process.execPath, [path.resolve(dir, 'server.js')], {
    cwd: path.resolve(dir),
    env: {
      PATH: process.env.PATH ?? '',
      NODE_ENV: 'production',
      PORT: String(port),
      HOST: '127.0.0.1',
      LOG_LEVEL: 'error',
      SEED_DEMO: '1',
      SEED_MEMBERS,
      SESSION_SECRET,
      // Every simulated member signs in from 127.0.0.1 (and with fewer members in the store than
      // BENCH_MEMBERS, some members twice): the sign-in limits, which count an attempt until its check
      // has ended, would refuse the sixth login in flight at once.
      LOGIN_MAX_FAILURES_PER_MEMBER: '1000000',
      LOGIN_MAX_FAILURES_PER_ADDRESS: '1000000',
      LOGIN_MEMBER_BACKOFF_FAILURES: '1000000',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  let gone = false;
  const exited = new Promise((resolve) => child.once('exit', resolve));
  void exited.then(() => (gone = true));
  // Also when the bench is interrupted (Ctrl+C, SIGTERM), so that no server is left behind.
  const kill = stopAtEnd(() => {
    if (!gone) child.kill('SIGTERM');
  });
  const stop = async () => {
    kill();
    await exited;
  };
  stops.push(stop);
  await new Promise((resolve, reject) => {
    let out = '';
    const timer = setTimeout(() => reject(new Error(`server on ${port} did not start in 300 s`)), 300_000);
    child.stdout.on('data', (chunk) => {
      out += chunk;
      if (out.includes('is running at')) {
        clearTimeout(timer);
        resolve(undefined);
      }
    });
    void exited.then(() => {
      clearTimeout(timer);
      reject(new Error(`server on ${port} exited before it served`));
    });
  });
  child.stdout.resume();
  await waitForPort(port, 10_000, () => gone);
  return { pid: String(child.pid), pids: () => processTree(String(child.pid)), stop };
}

/**
 * One HTTP exchange on the member's own keep-alive connection. A GET sent on a kept-alive connection
 * that the server closed meanwhile (its keep-alive timeout is 5 s, a member reads a page for 2.5–7.5 s)
 * is sent once more on a new one, as browsers do (Node's documented `reusedSocket` check).
 */
function request(agent, base, method, pathname, headers, body, retried = false) {
  const url = new URL(pathname, base);
  return new Promise((resolve, reject) => {
    const req = http.request(
      { host: url.hostname, port: url.port, path: url.pathname, method, headers, agent, timeout: TIMEOUT_MS },
      (res) => {
        const chunks = [];
        res.on('data', (chunk) => chunks.push(chunk));
        res.on('end', () =>
          resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }),
        );
        res.on('error', reject);
      },
    );
    req.on('timeout', () => req.destroy(new Error('timeout')));
    req.on('error', (error) => {
      if (method === 'GET' && !retried && req.reusedSocket && error.code === 'ECONNRESET') {
        resolve(request(agent, base, method, pathname, headers, body, true));
      } else reject(error);
    });
    req.end(body);
  });
}

/** Logs in as member `membershipNo` over `agent`; answers the session cookie (its time goes to `stats`). */
async function login(agent, base, membershipNo, stats) {
  const form = new URLSearchParams({ membershipNo, password: DEMO_PASSWORD }).toString();
  const started = performance.now();
  const res = await request(
    agent,
    base,
    'POST',
    '/member/logon',
    { Origin: base, 'Content-Type': 'application/x-www-form-urlencoded', 'Content-Length': Buffer.byteLength(form) },
    form,
  );
  const sid = (res.headers['set-cookie'] ?? []).map((c) => c.split(';')[0]).find((c) => c.startsWith('sahakorn_sid='));
  if (res.status !== 302 || !sid) throw new Error(`login answered ${res.status}`);
  stats?.push(performance.now() - started);
  return sid;
}

/** One simulated member: logs in as `membershipNo`, then reads the member pages in turn until `deadline`. */
async function member(base, membershipNo, deadline, stats, delayMs = 0) {
  if (delayMs) await new Promise((resolve) => setTimeout(resolve, delayMs));
  // Its own connection, as a browser has.
  const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
  try {
    let cookie;
    try {
      cookie = await login(agent, base, membershipNo, stats.arrivals);
    } catch (error) {
      stats.errors.push(`login: ${error.message}`);
      return;
    }
    for (let i = 0; Date.now() < deadline; i += 1) {
      const page = PAGES[i % PAGES.length];
      const t0 = performance.now();
      try {
        const res = await request(agent, base, 'GET', page, { Cookie: cookie });
        if (res.status !== 200) throw new Error(`${page} answered ${res.status}`);
        const shown = headerNumber(res.body.toString('utf8'));
        if (shown !== membershipNo) throw new Error(`${page} of ${membershipNo} showed member ${shown}`);
        if (t0 >= stats.measuredFrom) stats.pages.push(performance.now() - t0);
      } catch (error) {
        stats.errors.push(error.message);
      }
      if (THINK_MS) await new Promise((resolve) => setTimeout(resolve, THINK_MS * (0.5 + Math.random())));
    }
  } finally {
    agent.destroy();
  }
}

/** From `from` until `deadline`, one login every LOGIN_EVERY_MS, each on a new connection, members in turn. */
async function arrivingLogins(base, members, from, deadline, stats) {
  await new Promise((resolve) => setTimeout(resolve, Math.max(0, from - Date.now())));
  const pending = [];
  for (let i = 0; Date.now() < deadline; i += 1) {
    const agent = new http.Agent({ keepAlive: false });
    pending.push(
      login(agent, base, members[i % members.length], stats.logins)
        .catch((error) => stats.errors.push(`login: ${error.message}`))
        .finally(() => agent.destroy()),
    );
    await new Promise((resolve) => setTimeout(resolve, LOGIN_EVERY_MS));
  }
  await Promise.all(pending);
}

function percentile(sorted, p) {
  if (!sorted.length) return NaN;
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];
}

async function load(name, base, serverPids, members) {
  if (members.length < 2) throw new Error(`the store has ${members.length} member(s) who can sign in`);
  // Warm-up: a few members for a few seconds (code paths compiled, caches filled), not measured.
  const warm = { arrivals: [], logins: [], pages: [], errors: [], measuredFrom: 0 };
  await Promise.all(
    Array.from({ length: 5 }, (_, i) => member(base, members[i % members.length], Date.now() + 3000, warm)),
  );
  const snapshot = () => ({
    servers: cpuByPid({ pids: serverPids() }),
    postgres: cpuByPid({ names: ['postgres'] }),
  });
  const started = Date.now();
  const deadline = started + SECONDS * 1000;
  const rampMs = Math.min(RAMP_SECONDS, SECONDS / 2) * 1000;
  // Pages and logins count from the moment every member browses.
  const stats = { arrivals: [], logins: [], pages: [], errors: [], measuredFrom: performance.now() + rampMs };
  let cpuBefore;
  let clientBefore;
  let measuredAt = 0;
  setTimeout(() => {
    cpuBefore = snapshot();
    clientBefore = process.cpuUsage();
    measuredAt = Date.now();
  }, rampMs);
  await Promise.all([
    ...Array.from({ length: MEMBERS }, (_, i) =>
      member(base, members[i % members.length], deadline, stats, (i * rampMs) / MEMBERS),
    ),
    // Those who log in meanwhile are other members than the browsing ones, where the store has enough.
    arrivingLogins(base, [...members.slice(MEMBERS), ...members.slice(0, MEMBERS)], started + rampMs, deadline, stats),
  ]);
  const elapsed = (Date.now() - measuredAt) / 1000;
  const client = process.cpuUsage(clientBefore);
  const cpuAfter = snapshot();
  const answered = Math.max(1, stats.pages.length + stats.logins.length);
  // CPU per request answered, by role (PostgreSQL: every process of that name on the machine).
  const cpu = {
    servers: cpuBetween(cpuBefore.servers, cpuAfter.servers) / answered,
    postgres: cpuBetween(cpuBefore.postgres, cpuAfter.postgres) / answered,
    client: (client.user + client.system) / 1000 / answered,
  };
  const pages = [...stats.pages].sort((x, y) => x - y);
  const logins = [...stats.logins].sort((x, y) => x - y);
  const result = {
    name,
    requests: stats.pages.length + stats.logins.length + stats.errors.length,
    errors: stats.errors.length + warm.errors.length,
    pagesPerSecond: stats.pages.length / elapsed,
    p50: percentile(pages, 50),
    p95: percentile(pages, 95),
    p99: percentile(pages, 99),
    logins: logins.length,
    loginP50: percentile(logins, 50),
    loginP95: percentile(logins, 95),
    loginP99: percentile(logins, 99),
    firstErrors: [...new Set([...warm.errors, ...stats.errors])].slice(0, 5),
    cpu,
  };
  console.log(
    `${name}: ${result.requests} requests in ${elapsed.toFixed(1)} s, ${result.errors} errors, ` +
      `${result.pagesPerSecond.toFixed(1)} pages/s, pages p50 ${result.p50.toFixed(0)} ms p95 ${result.p95.toFixed(0)} ms p99 ${result.p99.toFixed(0)} ms, ` +
      `${result.logins} logins p50 ${result.loginP50.toFixed(0)} ms p99 ${result.loginP99.toFixed(0)} ms`,
  );
  console.log(
    `  CPU per request: server processes ${cpu.servers.toFixed(1)} ms, PostgreSQL ${cpu.postgres.toFixed(1)} ms, ` +
      `load generator ${cpu.client.toFixed(1)} ms`,
  );
  for (const error of result.firstErrors) console.log(`  error: ${error}`);
  return result;
}

const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'sahakorn-load-'));
const removeTmp = stopAtEnd(() => fs.rmSync(tmp, { recursive: true, force: true }));
const results = [];
const builds = [...(BEFORE ? [{ label: 'before', dir: BEFORE }] : []), { label: 'now', dir: '.' }];
/** Page p95 under HELD_P95_MS and no errors. */
const held = (r) => r.p95 < HELD_P95_MS && r.errors === 0;
try {
  console.log(
    `bench:load — ${MEMBERS} members (arriving over ${Math.min(RAMP_SECONDS, SECONDS / 2)} s, ${THINK_MS} ms ` +
      `between pages) for ${SECONDS} s per setup, a login every ${LOGIN_EVERY_MS} ms meanwhile, ${SEED_MEMBERS} demo members`,
  );
  for (const store of SETUPS) {
    for (const workers of WORKERS) {
      for (let round = 0; round < ROUNDS; round += 1) {
        for (const build of round % 2 === 0 ? builds : [...builds].reverse()) {
          const name = `${store}, ${build.label}, ${workers} worker${workers > 1 ? 's' : ''}`;
          const dataDir = fs.mkdtempSync(path.join(tmp, 'data-'));
          const env = { DATA_DIR: dataDir, WEB_CONCURRENCY: String(workers) };
          if (store === 'postgres') env.DATABASE_URL = await freshDatabase(PG_BASE, DB_SUFFIX);
          const server = await startServer(PORT, env, build.dir);
          const result = await load(name, `http://127.0.0.1:${PORT}`, server.pids, await membersOf(env));
          console.log(
            `  ${held(result) ? 'held' : 'NOT held'} (page p95 under ${HELD_P95_MS} ms, no errors); load average ${os.loadavg()[0].toFixed(1)}`,
          );
          results.push({ store, workers, build: build.label, round, ...result });
          await server.stop();
          if (store === 'postgres') await dropDatabase(PG_BASE, DB_SUFFIX);
          fs.rmSync(dataDir, { recursive: true, force: true });
        }
      }
    }
  }
  const ratio = (x, y) => (x / y).toFixed(2);
  console.log(
    '\n| setup | requests | errors | pages/s | page p50 | page p95 | page p99 | logins | login p95 | login p99 | pages/s ÷ first | CPU/request | held |',
  );
  console.log('| --- | --: | --: | --: | --: | --: | --: | --: | --: | --: | --: | --: | --- |');
  for (const r of results) {
    const first = results.find((x) => x.store === r.store);
    console.log(
      `| ${r.name} | ${r.requests} | ${r.errors} | ${r.pagesPerSecond.toFixed(1)} | ${r.p50.toFixed(0)} ms | ` +
        `${r.p95.toFixed(0)} ms | ${r.p99.toFixed(0)} ms | ${r.logins} | ${r.loginP95.toFixed(0)} ms | ${r.loginP99.toFixed(0)} ms | ` +
        `× ${ratio(r.pagesPerSecond, first.pagesPerSecond)} | ${(r.cpu.servers + r.cpu.postgres).toFixed(1)} ms | ${held(r) ? 'yes' : 'no'} |`,
    );
  }
  if (BEFORE) {
    // Each pair of one round: now ÷ before, and the mean of the rounds' ratios.
    console.log(
      '\n| setup | rounds | pages/s now ÷ before | page p95 now ÷ before | CPU/request now ÷ before | held (before / now) |',
    );
    console.log('| --- | --: | --: | --: | --: | --- |');
    const mean = (xs) => xs.reduce((x, y) => x + y, 0) / xs.length;
    for (const store of SETUPS) {
      for (const workers of WORKERS) {
        const pairs = [];
        for (let round = 0; round < ROUNDS; round += 1) {
          const of = (label) =>
            results.find((r) => r.store === store && r.workers === workers && r.round === round && r.build === label);
          const [b, n] = [of('before'), of('now')];
          if (b && n) pairs.push({ b, n });
        }
        if (!pairs.length) continue;
        const cpu = (r) => r.cpu.servers + r.cpu.postgres;
        const spread = (f) => {
          const xs = pairs.map(f);
          return `${mean(xs).toFixed(2)} (${Math.min(...xs).toFixed(2)}–${Math.max(...xs).toFixed(2)})`;
        };
        console.log(
          `| ${store}, ${workers} worker${workers > 1 ? 's' : ''} | ${pairs.length} | ` +
            `${spread(({ b, n }) => n.pagesPerSecond / b.pagesPerSecond)} | ${spread(({ b, n }) => n.p95 / b.p95)} | ` +
            `${spread(({ b, n }) => cpu(n) / cpu(b))} | ` +
            `${pairs.map(({ b, n }) => `${held(b) ? 'yes' : 'no'} / ${held(n) ? 'yes' : 'no'}`).join(', ')} |`,
        );
      }
    }
  }
  const errors = results.reduce((n, r) => n + r.errors, 0);
  console.log(`\nerrors: ${errors}${errors ? ' — must be 0' : ''}`);
  process.exitCode = errors ? 1 : 0;
} finally {
  for (const stop of stops) await stop().catch(() => undefined);
  if (SETUPS.includes('postgres')) await dropDatabase(PG_BASE, DB_SUFFIX).catch(() => undefined);
  removeTmp();
}

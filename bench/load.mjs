// Load with many members at once: one instance on SQLite against two on PostgreSQL behind nginx.
//
//   npm run build && TEST_DATABASE_URL=postgres://… npm run bench:load     (needs nginx and PostgreSQL)
//
// For each setup it starts fresh servers with the demo cooperative, then BENCH_MEMBERS (200) simulated
// members, arriving evenly over the first BENCH_RAMP_SECONDS (10) and then all active at once, each over
// its own keep-alive connection: log in as the demo member (argon2id check, a new session row), then
// read /member/status, share, loan, deposit and kep in a loop, one request after the other with
// BENCH_THINK_MS (1000, ±50 %) of reading between them, until BENCH_SECONDS (60) have passed. Every answer must be 200 with the member's
// own page (the membership number in it); anything else, a network error or a 30 s timeout is an
// error. Reported: requests, errors, pages/s, p50/p99 latency of the pages and of the logins, CPU time
// per request of the servers, PostgreSQL and nginx (from /proc), and the PostgreSQL setup's figures as
// ratios to the SQLite one measured in the same run.
//
// Setups: (a) `sqlite` — one server.js, the default store; (b) `postgres` — two server.js on a fresh
// database `<TEST_DATABASE_URL's database>_bench`, started together, nginx round robin in front
// (scripts/instances.mjs). The load generator runs on the same 2 cores as the servers, PostgreSQL and
// nginx: compare the ratios, not the absolute figures. Ports: BENCH_PORT (3900) for (a), the next two
// for (b)'s instances, BENCH_PORT + 10 for nginx.
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';

import { dropDatabase, findNginx, freshDatabase, startNginx, waitForPort } from '../scripts/instances.mjs';

const SECONDS = Number(process.env.BENCH_SECONDS ?? 60);
const MEMBERS = Number(process.env.BENCH_MEMBERS ?? 200);
const PORT = Number(process.env.BENCH_PORT ?? 3900);
const SEED_MEMBERS = process.env.BENCH_SEED_MEMBERS ?? '1000';
/** Members arrive (log in) evenly over this many seconds at the start, as people do, not in one instant. */
const RAMP_SECONDS = Number(process.env.BENCH_RAMP_SECONDS ?? 10);
/** A member reads each page for this long on average (±50 %) before asking for the next; 0 = none. */
const THINK_MS = Number(process.env.BENCH_THINK_MS ?? 1000);
const SETUPS = (process.env.BENCH_SETUPS ?? 'sqlite,postgres').split(',');
const PG_BASE = process.env.BENCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL;
const DEMO = { membershipNo: '012345', password: 'sahakorn-demo' };
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
if (SETUPS.includes('postgres') && !findNginx()) {
  console.error(
    'bench:load needs nginx for the PostgreSQL setup (apt-get install nginx-light), or BENCH_SETUPS=sqlite',
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

/** Starts server.js and resolves once it accepts connections. */
async function startServer(port, env) {
  const child = spawn(process.execPath, ['server.js'], {
    env: {
      PATH: process.env.PATH ?? '',
      NODE_ENV: 'production',
      PORT: String(port),
      HOST: '127.0.0.1',
      LOG_LEVEL: 'error',
      SEED_DEMO: '1',
      SEED_MEMBERS,
      SESSION_SECRET,
      ...env,
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  let gone = false;
  const exited = new Promise((resolve) => child.once('exit', resolve));
  void exited.then(() => (gone = true));
  await waitForPort(port, 300_000, () => gone);
  return {
    pid: String(child.pid),
    stop: async () => {
      if (!gone) child.kill('SIGTERM');
      await exited;
    },
  };
}

/** One HTTP exchange on the member's own keep-alive connection. */
function request(agent, base, method, pathname, headers, body) {
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
    req.on('error', reject);
    req.end(body);
  });
}

/** One simulated member: logs in, then reads the member pages in turn until `deadline`. */
async function member(base, deadline, stats, delayMs = 0) {
  if (delayMs) await new Promise((resolve) => setTimeout(resolve, delayMs));
  // Its own connection, as a browser has: the instance behind nginx may change per request.
  const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
  try {
    const form = new URLSearchParams(DEMO).toString();
    const started = performance.now();
    let cookie;
    try {
      const res = await request(
        agent,
        base,
        'POST',
        '/member/logon',
        {
          Origin: base,
          'Content-Type': 'application/x-www-form-urlencoded',
          'Content-Length': Buffer.byteLength(form),
        },
        form,
      );
      const sid = (res.headers['set-cookie'] ?? [])
        .map((c) => c.split(';')[0])
        .find((c) => c.startsWith('sahakorn_sid='));
      if (res.status !== 302 || !sid) throw new Error(`login answered ${res.status}`);
      cookie = sid;
      stats.logins.push(performance.now() - started);
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
        if (!res.body.includes(DEMO.membershipNo)) throw new Error(`${page} is not the member's page`);
        stats.pages.push(performance.now() - t0);
      } catch (error) {
        stats.errors.push(error.message);
      }
      if (THINK_MS) await new Promise((resolve) => setTimeout(resolve, THINK_MS * (0.5 + Math.random())));
    }
  } finally {
    agent.destroy();
  }
}

function percentile(sorted, p) {
  if (!sorted.length) return NaN;
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];
}

async function load(name, base, serverPids) {
  // Warm-up: a few members for a few seconds (code paths compiled, caches filled), not measured.
  const warm = { logins: [], pages: [], errors: [] };
  await Promise.all(Array.from({ length: 5 }, () => member(base, Date.now() + 3000, warm)));
  const stats = { logins: [], pages: [], errors: [] };
  const snapshot = () => ({
    servers: cpuByPid({ pids: serverPids }),
    postgres: cpuByPid({ names: ['postgres'] }),
    nginx: cpuByPid({ names: ['nginx'] }),
  });
  const cpuBefore = snapshot();
  const clientBefore = process.cpuUsage();
  const started = Date.now();
  const deadline = started + SECONDS * 1000;
  const rampMs = Math.min(RAMP_SECONDS, SECONDS / 2) * 1000;
  await Promise.all(Array.from({ length: MEMBERS }, (_, i) => member(base, deadline, stats, (i * rampMs) / MEMBERS)));
  const elapsed = (Date.now() - started) / 1000;
  const client = process.cpuUsage(clientBefore);
  const cpuAfter = snapshot();
  const answered = Math.max(1, stats.pages.length + stats.logins.length);
  // CPU per request answered, by role (PostgreSQL and nginx: every process of that name on the machine).
  const cpu = {
    servers: cpuBetween(cpuBefore.servers, cpuAfter.servers) / answered,
    postgres: cpuBetween(cpuBefore.postgres, cpuAfter.postgres) / answered,
    nginx: cpuBetween(cpuBefore.nginx, cpuAfter.nginx) / answered,
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
    p99: percentile(pages, 99),
    loginP50: percentile(logins, 50),
    loginP99: percentile(logins, 99),
    firstErrors: [...new Set([...warm.errors, ...stats.errors])].slice(0, 5),
    cpu,
  };
  console.log(
    `${name}: ${result.requests} requests in ${elapsed.toFixed(1)} s, ${result.errors} errors, ` +
      `${result.pagesPerSecond.toFixed(1)} pages/s, pages p50 ${result.p50.toFixed(0)} ms p99 ${result.p99.toFixed(0)} ms, ` +
      `logins p50 ${result.loginP50.toFixed(0)} ms p99 ${result.loginP99.toFixed(0)} ms`,
  );
  console.log(
    `  CPU per request: servers ${cpu.servers.toFixed(1)} ms, PostgreSQL ${cpu.postgres.toFixed(1)} ms, ` +
      `nginx ${cpu.nginx.toFixed(1)} ms, load generator ${cpu.client.toFixed(1)} ms`,
  );
  for (const error of result.firstErrors) console.log(`  error: ${error}`);
  return result;
}

const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'sahakorn-load-'));
const results = [];
const stops = [];
try {
  console.log(
    `bench:load — ${MEMBERS} members (arriving over ${Math.min(RAMP_SECONDS, SECONDS / 2)} s, ${THINK_MS} ms ` +
      `between pages) for ${SECONDS} s per setup, ${SEED_MEMBERS} demo members`,
  );
  if (SETUPS.includes('sqlite')) {
    const server = await startServer(PORT, { DATA_DIR: path.join(tmp, 'sqlite') });
    stops.push(server.stop);
    results.push(await load('(a) 1 instance, SQLite', `http://127.0.0.1:${PORT}`, [server.pid]));
    await server.stop();
  }
  if (SETUPS.includes('postgres')) {
    const databaseUrl = await freshDatabase(PG_BASE, 'bench');
    const env = { DATABASE_URL: databaseUrl, DATA_DIR: path.join(tmp, 'postgres'), TRUST_PROXY: '1' };
    const servers = await Promise.all([startServer(PORT + 1, env), startServer(PORT + 2, env)]);
    stops.push(...servers.map((s) => s.stop));
    const nginx = await startNginx({ dir: path.join(tmp, 'nginx'), port: PORT + 10, upstreams: [PORT + 1, PORT + 2] });
    stops.push(nginx.stop);
    results.push(
      await load(
        '(b) 2 instances, PostgreSQL, nginx',
        `http://127.0.0.1:${PORT + 10}`,
        servers.map((s) => s.pid),
      ),
    );
    await nginx.stop();
    await Promise.all(servers.map((s) => s.stop()));
    await dropDatabase(PG_BASE, 'bench');
  }
  const [a, b] = results;
  if (a && b) {
    const ratio = (x, y) => (x / y).toFixed(2);
    console.log('\n| setup | requests | errors | pages/s | page p50 | page p99 | login p50 | login p99 |');
    console.log('| --- | --: | --: | --: | --: | --: | --: | --: |');
    for (const r of results) {
      console.log(
        `| ${r.name} | ${r.requests} | ${r.errors} | ${r.pagesPerSecond.toFixed(1)} | ${r.p50.toFixed(0)} ms | ` +
          `${r.p99.toFixed(0)} ms | ${r.loginP50.toFixed(0)} ms | ${r.loginP99.toFixed(0)} ms |`,
      );
    }
    console.log(
      `| (b) ÷ (a) | | | ${ratio(b.pagesPerSecond, a.pagesPerSecond)} | ${ratio(b.p50, a.p50)} | ${ratio(b.p99, a.p99)} | ` +
        `${ratio(b.loginP50, a.loginP50)} | ${ratio(b.loginP99, a.loginP99)} |`,
    );
    const total = (r) => r.cpu.servers + r.cpu.postgres + r.cpu.nginx;
    console.log(
      `\nCPU per request (servers + PostgreSQL + nginx): (a) ${total(a).toFixed(1)} ms, (b) ${total(b).toFixed(1)} ms, ` +
        `× ${ratio(total(b), total(a))}`,
    );
  }
  const errors = results.reduce((n, r) => n + r.errors, 0);
  console.log(`\nerrors: ${errors}${errors ? ' — must be 0' : ''}`);
  process.exitCode = errors ? 1 : 0;
} finally {
  for (const stop of stops) await stop().catch(() => undefined);
  fs.rmSync(tmp, { recursive: true, force: true });
}

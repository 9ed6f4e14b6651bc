// /home side by side: two builds of the server, and nginx serving the same bytes from disk, in one run.
//
//   npm run build && node bench/home-vs-nginx.mjs [<other build folder>]    (needs wrk and nginx)
//
// <other build folder> holds another server.js with its build/, public/ and node_modules (an older
// commit, built): it is measured the same way, so the two are compared under the same load. For each
// server: cached /home throughput (wrk, 50 connections, brotli accepted) with the page cache on, and
// server CPU per uncached /home (PAGE_CACHE_SECONDS=0, wrk with 4 connections). nginx serves the
// brotli bytes of this build's /home from a file, as the ceiling. Ports BENCH_PORT (4160) and up.
import { execFileSync, spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

import { findNginx } from '../scripts/instances.mjs';
import { cpuMs, startServer, stopAtEnd } from './server.mjs';

const SECONDS = Number(process.env.BENCH_SECONDS ?? 8);
const PORT = Number(process.env.BENCH_PORT ?? 4160);
const builds = [['this', 'server.js'], ...process.argv.slice(2).map((dir) => [dir, path.join(dir, 'server.js')])];

function wrk(url, connections) {
  const out = execFileSync(
    'wrk',
    ['-t2', `-c${connections}`, `-d${SECONDS}s`, '-H', 'Accept-Encoding: br, gzip', url],
    { encoding: 'utf8' },
  );
  const rps = Number(/Requests\/sec:\s+([\d.]+)/.exec(out)?.[1] ?? 0);
  const errors = Number(/Non-2xx or 3xx responses: (\d+)/.exec(out)?.[1] ?? 0);
  return { rps, errors };
}

async function measure(server, connections) {
  for (let i = 0; i < 50; i += 1) await (await fetch(`${server.base}/home`)).arrayBuffer();
  const before = cpuMs(server.child.pid);
  const result = wrk(`${server.base}/home`, connections);
  const used = cpuMs(server.child.pid) - before;
  return { ...result, cpuPerPage: used / (result.rps * SECONDS) };
}

function startNginx(root, port) {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'sahakorn-nginx-'));
  fs.writeFileSync(
    path.join(dir, 'nginx.conf'),
    `worker_processes 1; daemon off; pid ${dir}/nginx.pid; error_log ${dir}/error.log;
events { worker_connections 1024; }
http {
  access_log off;
  client_body_temp_path ${dir}/b; proxy_temp_path ${dir}/p; fastcgi_temp_path ${dir}/f; uwsgi_temp_path ${dir}/u; scgi_temp_path ${dir}/s;
  server {
    listen 127.0.0.1:${port};
    location = /home { root ${root}; default_type text/html; add_header Content-Encoding br; try_files /home.br =404; }
  }
}`,
  );
  const child = spawn(findNginx(), ['-p', dir, '-c', path.join(dir, 'nginx.conf')], { stdio: 'ignore' });
  const stop = stopAtEnd(() => {
    child.kill('SIGTERM');
    fs.rmSync(dir, { recursive: true, force: true });
  });
  return { child, base: `http://127.0.0.1:${port}`, stop };
}

const started = [];
try {
  console.log(`wrk -d${SECONDS}s on 127.0.0.1 (2 cores shared with wrk); load average ${os.loadavg()[0].toFixed(1)}`);
  const results = [];
  for (const [index, [name, script]] of builds.entries()) {
    const cached = await startServer(PORT + 2 * index, { SEED_MEMBERS: '200' }, [], script);
    const uncached = await startServer(
      PORT + 2 * index + 1,
      { SEED_MEMBERS: '200', PAGE_CACHE_SECONDS: '0' },
      [],
      script,
    );
    started.push(cached, uncached);
    results.push({ name, cached, uncached });
  }
  // nginx serves the brotli bytes this build sends for /home.
  const root = fs.mkdtempSync(path.join(os.tmpdir(), 'sahakorn-home-'));
  started.push({ stop: stopAtEnd(() => fs.rmSync(root, { recursive: true, force: true })) });
  const home = await fetch(`${results[0].cached.base}/home`, { headers: { 'Accept-Encoding': 'br' } });
  fs.writeFileSync(path.join(root, 'home.br'), Buffer.from(await home.arrayBuffer()));
  const nginx = startNginx(root, PORT + 9);
  started.push(nginx);
  await new Promise((r) => setTimeout(r, 500));
  const ceiling = wrk(`${nginx.base}/home`, 50);
  console.log(`nginx, the same bytes from disk: ${ceiling.rps.toFixed(0)} pages/s`);
  for (const { name, cached, uncached } of results) {
    const a = await measure(cached, 50);
    const b = await measure(uncached, 4);
    console.log(
      `${name}: cached /home ${a.rps.toFixed(0)} pages/s (${((100 * a.rps) / ceiling.rps).toFixed(1)} % of nginx)` +
        ` | uncached /home ${b.rps.toFixed(0)} pages/s, ${b.cpuPerPage.toFixed(2)} ms CPU/page` +
        (a.errors || b.errors ? ` | ERRORS ${a.errors}/${b.errors}` : ''),
    );
  }
} finally {
  for (const s of started) s.stop();
}

// What every bench shares: a server on a fresh demo store, and the server process's CPU time.
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

const TICK_MS = 1000 / 100; // USER_HZ

/**
 * What a bench started and must end (servers, their folders), however the bench ends: normally, on an
 * error, on Ctrl+C or on SIGTERM. Each `stop` is synchronous and runs once.
 */
const atEnd = new Set();
process.on('exit', () => {
  for (const stop of [...atEnd]) stop();
});
for (const signal of ['SIGINT', 'SIGTERM'])
  process.once(signal, () => process.exit(128 + os.constants.signals[signal]));

/** Registers `stop` to run when the bench process ends; answers a function that runs it now instead (once). */
export function stopAtEnd(stop) {
  const once = () => {
    if (atEnd.delete(once)) stop();
  };
  atEnd.add(once);
  return once;
}

/** CPU time (user + system) the process has used so far, in ms, from /proc (Linux). */
export function cpuMs(pid) {
  const fields = fs.readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
  return (Number(fields[11]) + Number(fields[12])) * TICK_MS;
}

/**
 * Start `server.js` (the production build: run `npm run build` first) on 127.0.0.1:`port` with a
 * fresh demo store in a temporary folder, and wait until /healthz answers. `stop()` ends it and
 * removes the folder. `nodeArgs` go to Node before the script (e.g. `--cpu-prof`); `script` may be
 * another copy of server.js with its own build (bench/ab.mjs), run in its own folder.
 */
export async function startServer(port, extraEnv = {}, nodeArgs = [], script = 'server.js') {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'sahakorn-bench-'));
  // Run where the script is: the server reads its stylesheet and its scripts' manifest from the
  // working directory's public/ (a saved copy must use its own).
  const file = path.resolve(script);
  const child = spawn(process.execPath, [...nodeArgs, file], {
    cwd: path.dirname(file),
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      LOG_LEVEL: 'error',
      SEED_DEMO: '1',
      // One process: these benches read its CPU time by pid (bench/load.mjs compares worker counts).
      WEB_CONCURRENCY: '1',
      ...extraEnv,
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const base = `http://127.0.0.1:${port}`;
  const removeDataDir = () => fs.rmSync(dataDir, { recursive: true, force: true });
  // The folder goes once the server has stopped (a server still stopping may write to it), and at
  // once as well, for a bench that ends before its servers do.
  child.once('exit', removeDataDir);
  const stop = stopAtEnd(() => {
    child.kill('SIGTERM');
    removeDataDir();
  });
  // Seeding the demo store takes a while on a busy machine: BENCH_START_SECONDS (60) to answer.
  for (let i = 0; i < Number(process.env.BENCH_START_SECONDS ?? 60) * 4; i += 1) {
    try {
      if ((await fetch(`${base}/healthz`)).ok) return { child, base, dataDir, stop };
    } catch {
      // not yet
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  stop();
  throw new Error('server did not start');
}

/** The demo member's (012345, password in the README) session cookie, `name=value`, from a plain form login. */
export async function demoMemberCookie(base) {
  const res = await fetch(`${base}/member/logon`, {
    method: 'POST',
    body: new URLSearchParams({ membershipNo: '012345', password: 'sahakorn-demo' }),
    redirect: 'manual',
    headers: { Origin: base },
  });
  const sid = res.headers
    .getSetCookie()
    .map((c) => c.split(';')[0])
    .find((c) => c.startsWith('sahakorn_sid='));
  if (!sid) throw new Error(`demo member login failed (${res.status})`);
  return sid;
}

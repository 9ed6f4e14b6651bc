import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import path from 'node:path';

import { afterAll, beforeAll } from 'vitest';

/** Node 24 from the `node` devDependency (ADR 002), never the system's. */
export const NODE = path.resolve('node_modules/.bin/node');
/** Port and scratch directory of these tests; override when another server uses them. */
export const PORT = Number(process.env.SERVER_TEST_PORT ?? 3300);
export const TMP = path.resolve(process.env.SERVER_TEST_TMP ?? 'tests/.tmp/server-test');
export const BUILT = fs.existsSync('build/index.js');
if (!BUILT) console.warn('tests/server: skipped — build/index.js is missing; run `npm run build` first.');

export type LogLine = Record<string, unknown> & { msg?: string; level?: string };

export interface RunningServer {
  child: ChildProcess;
  /** JSON log lines so far (stdout and stderr). */
  lines: LogLine[];
  /** Raw output, for failure messages. */
  output: () => string;
  /** Resolves with the first line that passes `test` (now or later). */
  waitFor: (test: (line: LogLine) => boolean, what: string) => Promise<LogLine>;
  exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
}

/** Stops a server that is still running (SIGKILL by default) and waits for it to exit. */
export async function stopServer(server: RunningServer | undefined, signal: NodeJS.Signals = 'SIGKILL'): Promise<void> {
  if (server && server.child.exitCode === null && server.child.signalCode === null) {
    server.child.kill(signal);
    await server.exited;
  }
}

/**
 * For the tests of the surrounding `describe`: starts `server.js` with `env` on a fresh store in
 * `dataDir` before them, and stops it and removes the store after them. Returns the running server.
 */
export function useServer(dataDir: string, env: Record<string, string> = {}): () => RunningServer {
  let server: RunningServer | undefined;
  beforeAll(async () => {
    fs.rmSync(dataDir, { recursive: true, force: true });
    server = await startServer({ DATA_DIR: dataDir, ...env });
  });
  afterAll(async () => {
    await stopServer(server);
    fs.rmSync(dataDir, { recursive: true, force: true });
  });
  return () => {
    if (!server) throw new Error('the server starts before the tests');
    return server;
  };
}

/**
 * Starts `server.js` on PORT with a store in TMP/data and resolves once it listens; from the
 * project folder unless `cwd` names another working directory.
 */
export async function startServer(env: Record<string, string> = {}, cwd?: string): Promise<RunningServer> {
  const child = spawn(NODE, [path.resolve('server.js')], {
    cwd,
    env: {
      PATH: process.env.PATH ?? '',
      NODE_ENV: 'production',
      PORT: String(PORT),
      HOST: '127.0.0.1',
      DATA_DIR: path.join(TMP, 'data'),
      SEED_DEMO: '0',
      SESSION_SECRET: 'server-test-session-secret-not-for-production',
      ENABLE_TEST_ROUTES: '1',
      LOG_LEVEL: 'info',
      // One process, as these tests read its log; tests/server/cluster.test.ts starts several workers.
      WEB_CONCURRENCY: '1',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let raw = '';
  const lines: LogLine[] = [];
  const waiters: { test: (line: LogLine) => boolean; resolve: (line: LogLine) => void }[] = [];
  const onData = (chunk: Buffer) => {
    raw += chunk.toString();
    for (const text of chunk.toString().split('\n')) {
      if (!text.startsWith('{')) continue;
      let line: LogLine;
      try {
        line = JSON.parse(text) as LogLine;
      } catch {
        continue;
      }
      lines.push(line);
      for (const waiter of [...waiters]) {
        if (waiter.test(line)) {
          waiters.splice(waiters.indexOf(waiter), 1);
          waiter.resolve(line);
        }
      }
    }
  };
  child.stdout?.on('data', onData);
  child.stderr?.on('data', onData);
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) =>
    child.once('exit', (code, signal) => resolve({ code, signal })),
  );
  const waitFor = (test: (line: LogLine) => boolean, what: string) => {
    const seen = lines.find(test);
    if (seen) return Promise.resolve(seen);
    return new Promise<LogLine>((resolve, reject) => {
      waiters.push({ test, resolve });
      void exited.then(() => setTimeout(() => reject(new Error(`server exited before ${what}:\n${raw}`)), 50));
    });
  };
  const server: RunningServer = { child, lines, output: () => raw, waitFor, exited };
  await waitFor((l) => l.msg === 'listening', 'listening');
  return server;
}

/** How a new connection to the server fares: 'connected', or the error code (ECONNREFUSED once it stopped listening). */
export function connectionRefused(): Promise<string> {
  return new Promise((resolve) => {
    const socket = net.connect({ host: '127.0.0.1', port: PORT });
    socket.once('connect', () => {
      socket.destroy();
      resolve('connected');
    });
    socket.once('error', (error: NodeJS.ErrnoException) => resolve(error.code ?? error.message));
  });
}

// server.js with two workers (WEB_CONCURRENCY=2, ADR 071) on SQLite: the primary prepares the
// store once, both workers serve, a change made through one worker is seen at once through the
// other, the sign-in limit counts attempts from both, a worker that dies is replaced, and SIGTERM
// lets a request in flight finish before the server exits 0.
//   npm run build && npx vitest run -c vitest.server.config.ts tests/server/cluster.test.ts
import fs from 'node:fs';
import http from 'node:http';
import path from 'node:path';

import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { serverAt } from './http';
import { BUILT, PORT, TMP, connectionRefused, startServer, stopServer, type RunningServer } from './process';

const DATA = path.join(TMP, 'cluster');

/** One kept-alive connection: every request over it is answered by the same worker. */
function connection() {
  const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
  const at = serverAt(PORT, agent);
  const pid = async () => JSON.parse((await at.get('/test/worker')).body).pid as number;
  return { ...at, pid, close: () => agent.destroy() };
}

type Connection = ReturnType<typeof connection>;

/** Two connections answered by two different workers (new connections go to the workers in turn). */
async function oneConnectionPerWorker(): Promise<[Connection, Connection]> {
  const first = connection();
  const firstPid = await first.pid();
  for (let i = 0; i < 20; i += 1) {
    const other = connection();
    if ((await other.pid()) !== firstPid) return [first, other];
    other.close();
  }
  throw new Error('every connection went to the same worker');
}

/** The parent process id of `pid`, from /proc. */
function parentOf(pid: number): number {
  const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
  return Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
}

describe.skipIf(!BUILT)('server.js with two workers (SQLite)', () => {
  let server: RunningServer | undefined;
  const open: Connection[] = [];

  beforeAll(async () => {
    fs.rmSync(DATA, { recursive: true, force: true });
    server = await startServer({
      DATA_DIR: DATA,
      WEB_CONCURRENCY: '2',
      LOGIN_MAX_FAILURES_PER_MEMBER: '5',
    });
  });

  afterAll(async () => {
    for (const c of open) c.close();
    await stopServer(server);
    fs.rmSync(DATA, { recursive: true, force: true });
  });

  it('migrates the store once, in the primary, and serves from two workers it started', async () => {
    const primary = server!.child.pid!;
    expect(server!.lines.filter((l) => l.msg === 'database migrated')).toHaveLength(1);
    expect(server!.lines.find((l) => l.msg === 'listening')).toMatchObject({ workers: 2 });
    const [a, b] = await oneConnectionPerWorker();
    open.push(a, b);
    const pids = [await a.pid(), await b.pid()];
    expect(pids).not.toContain(primary);
    expect(pids.map(parentOf)).toEqual([primary, primary]);
  });

  it('a board post through one worker is on the board at once through the other', async () => {
    const [a, b] = open as [Connection, Connection];
    for (const c of [a, b]) expect((await c.request('GET', '/board')).status).toBe(200);
    const formKey = await a.boardFormKey();
    const title = `กระทู้จากอีกกระบวนการ ${Date.now()}`;
    const posted = await a.postTopic({ title, body: 'ข้อความทดสอบ', formKey });
    expect(posted.status).toBe(303);
    const seen = await b.request('GET', '/board');
    expect(seen.body).toContain(title);
    expect((await a.request('GET', '/board')).body).toContain(title);
  });

  it('counts wrong passwords from both workers against one limit', async () => {
    const [a, b] = open as [Connection, Connection];
    const attempt = (c: Connection) =>
      c.form('/member/logon', { membershipNo: '000777', password: 'wrong-password-1' });
    const statuses: number[] = [];
    for (let i = 0; i < 6; i += 1) statuses.push((await attempt(i % 2 ? b : a)).status);
    // Five refusals (401), then the sixth, wherever it lands, meets the lock (429).
    expect(statuses).toEqual([401, 401, 401, 401, 401, 429]);
  });

  it('replaces a worker that dies', async () => {
    const [a] = open as [Connection, Connection];
    const victim = await a.pid();
    process.kill(victim, 'SIGKILL');
    await server!.waitFor(
      (l) => l.msg === 'worker stopped unexpectedly: starting another' && l.pid === victim,
      'the dead worker to be noticed',
    );
    for (const c of open.splice(0)) c.close();
    // The new worker takes connections once it listens.
    let pids = new Set<number>();
    for (let i = 0; i < 600 && pids.size < 2; i += 1) {
      const [x, y] = await oneConnectionPerWorker().catch(() => [null, null] as const);
      if (x && y) {
        pids = new Set([await x.pid(), await y.pid()]);
        open.push(x, y);
      } else await new Promise((resolve) => setTimeout(resolve, 250));
    }
    expect(pids.size).toBe(2);
    expect(pids.has(victim)).toBe(false);
    expect([...pids].map(parentOf)).toEqual([server!.child.pid, server!.child.pid]);
  });

  it('on SIGTERM lets a request in flight finish, refuses new connections, and exits 0', async () => {
    const [a] = open as [Connection, Connection];
    const slow = a.request('GET', '/test/slow?ms=1500');
    // The worker has the request once a later one on another connection has been answered.
    await new Promise((resolve) => setTimeout(resolve, 100));
    const other = connection();
    expect((await other.request('GET', '/healthz')).status).toBe(200);
    other.close();

    server!.child.kill('SIGTERM');
    await server!.waitFor((l) => l.msg === 'shutting down' && l.workers === 2, 'the primary shutting down');
    const answer = await slow;
    expect(answer.status).toBe(200);
    expect(JSON.parse(answer.body)).toEqual({ slept: 1500 });
    expect(answer.headers.connection).toBe('close');
    expect(await server!.exited).toEqual({ code: 0, signal: null });
    expect(await connectionRefused()).toBe('ECONNREFUSED');
    // Each worker closed its database and stopped; then the primary.
    expect(server!.lines.filter((l) => l.msg === 'stopped')).toHaveLength(3);
  });
});

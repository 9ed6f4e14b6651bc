// server.js with two workers (WEB_CONCURRENCY=2, ADR 071) while workers die: a worker killed with
// SIGKILL while board posts flow (each post tells the other worker through the primary) never takes
// the primary or its sibling with it, 20 times over; a replacement killed before it listens is tried
// again while the healthy worker serves on.
//   npm run build && npx vitest run -c vitest.server.config.ts tests/server/cluster-faults.test.ts
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import http from 'node:http';
import path from 'node:path';

import { describe, expect, it } from 'vitest';

import { serverAt } from './http';
import { BUILT, PORT, TMP, useServer } from './process';

const DATA = path.join(TMP, 'cluster-faults');
const RUNS = 20;

/** Process ids whose parent is `pid`, from /proc. */
function childrenOf(pid: number): number[] {
  const children: number[] = [];
  for (const entry of fs.readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = fs.readFileSync(`/proc/${entry}/stat`, 'utf8');
      if (Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]) === pid) children.push(Number(entry));
    } catch {
      // gone meanwhile
    }
  }
  return children;
}

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

/**
 * `promise`, or a failure after `ms`: a connection the primary had accepted for a worker that was
 * killed meanwhile may never be answered, and a loop of requests must go on.
 */
function within<T>(promise: Promise<T>, ms = 3000): Promise<T> {
  return Promise.race([
    promise,
    new Promise<never>((_, reject) => setTimeout(() => reject(new Error(`no answer in ${ms} ms`)), ms)),
  ]);
}

/** The pid of the worker that answers a new connection, or null when none answers. */
async function workerPid(): Promise<number | null> {
  const agent = new http.Agent({ keepAlive: false });
  try {
    const answer = await within(serverAt(PORT, agent).get('/test/worker'));
    return answer.status === 200 ? (JSON.parse(answer.body) as { pid: number }).pid : null;
  } catch {
    return null;
  } finally {
    agent.destroy();
  }
}

/** Waits until two different workers, children of `primary`, answer connections. */
async function twoWorkersServing(primary: number): Promise<number[]> {
  for (let i = 0; i < 400; i += 1) {
    const seen = new Set<number>();
    for (let j = 0; j < 6; j += 1) {
      const pid = await workerPid();
      if (pid !== null) seen.add(pid);
    }
    const workers = [...seen].filter((pid) => childrenOf(primary).includes(pid));
    if (workers.length === 2) return workers;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error('two workers never served again');
}

describe.skipIf(!BUILT)('two workers while workers die (SQLite)', () => {
  const server = useServer(DATA, { WEB_CONCURRENCY: '2', BOARD_MAX_POSTS_PER_ADDRESS: '100000' });

  it(`a worker killed under board posts never stops the primary or the other worker (${RUNS} runs)`, async () => {
    const primary = server().child.pid!;
    for (let run = 0; run < RUNS; run += 1) {
      const [victim, survivor] = await twoWorkersServing(primary);
      let posting = true;
      // Four clients post topics without pause: every post makes its worker signal the other one.
      const clients = Array.from({ length: 4 }, async (_, c) => {
        const at = serverAt(PORT, new http.Agent({ keepAlive: false }));
        for (let i = 0; posting; i += 1) {
          const post = at.postTopic({
            title: `run ${run} client ${c} post ${i}`,
            body: 'ข้อความทดสอบ',
            formKey: randomBytes(18).toString('base64url'),
          });
          await within(post).catch(() => undefined);
        }
      });
      await new Promise((resolve) => setTimeout(resolve, 150 + (run % 5) * 40));
      process.kill(victim!, 'SIGKILL');
      await server().waitFor(
        (l) => l.msg === 'worker stopped unexpectedly: starting another' && l.pid === victim,
        `worker ${victim} to be noticed (run ${run})`,
      );
      await new Promise((resolve) => setTimeout(resolve, 200));
      posting = false;
      await Promise.all(clients);
      expect(alive(primary), `the primary lives after run ${run}`).toBe(true);
      expect(alive(survivor!), `the other worker lives after run ${run}`).toBe(true);
    }
    expect(server().child.exitCode).toBeNull();
    expect(server().lines.some((l) => l.msg === 'a worker stopped before it could serve: stopping')).toBe(false);
  }, 240_000);

  it('a replacement that dies before it listens is started again; the healthy worker serves on', async () => {
    const primary = server().child.pid!;
    const [victim, survivor] = await twoWorkersServing(primary);
    process.kill(victim!, 'SIGKILL');
    // Its replacement appears as a new child of the primary: kill it before it can listen.
    let replacement: number | undefined;
    for (let i = 0; i < 400 && !replacement; i += 1) {
      replacement = childrenOf(primary).find((pid) => pid !== victim && pid !== survivor);
      if (!replacement) await new Promise((resolve) => setTimeout(resolve, 5));
    }
    expect(replacement).toBeDefined();
    process.kill(replacement!, 'SIGKILL');
    await server().waitFor(
      (l) => l.msg === 'a new worker stopped before it could serve: trying again' && l.pid === replacement,
      'the failed replacement to be noticed',
    );
    // Meanwhile the healthy worker answers every request.
    for (let i = 0; i < 5; i += 1) expect(await workerPid()).toBe(survivor);
    const workers = await twoWorkersServing(primary);
    expect(workers).toContain(survivor);
    expect(alive(primary)).toBe(true);
  }, 60_000);
});

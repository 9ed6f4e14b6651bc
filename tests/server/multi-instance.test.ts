// Two instances of server.js on one PostgreSQL store, with nginx doing round robin in front
// (ADR 017): whatever an instance keeps that matters to a member — sessions, rate-limit counters,
// idempotency keys — is in the database, so either instance serves any request.
//
//   TEST_DATABASE_URL=postgres://… npx vitest run -c vitest.multi.config.ts
//
// Needs the production build, PostgreSQL (a role that may create databases: the test makes its own,
// `<database>_multi`) and nginx; skipped with a message when one is missing.
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { dropDatabase, findNginx, freshDatabase, startNginx } from '../../scripts/instances.mjs';
import { BUILT, PORT, startServer, stopServer, type RunningServer } from './process';

const BASE_URL = process.env.TEST_DATABASE_URL;
const NGINX = findNginx();
const missing = !BASE_URL
  ? 'TEST_DATABASE_URL is not set (a PostgreSQL database whose role may create databases)'
  : !NGINX
    ? 'nginx is not installed (apt-get install nginx-light)'
    : !BUILT
      ? 'build/index.js is missing'
      : null;
if (missing) console.warn(`tests/server/multi-instance: skipped — ${missing}.`);

/**
 * The local Debian cluster that TEST_DATABASE_URL points at (`pg_lsclusters`: version, name, port),
 * when this process may restart it with `pg_ctlcluster` (root, as in CI); otherwise why not.
 */
function restartableCluster(): { version: string; name: string } | string {
  if (!BASE_URL) return 'no TEST_DATABASE_URL';
  const url = new URL(BASE_URL);
  if (!['127.0.0.1', 'localhost', '::1', '[::1]'].includes(url.hostname)) return 'the database is not on this machine';
  if (process.getuid?.() !== 0) return 'pg_ctlcluster needs root';
  let listing: string;
  try {
    listing = execFileSync('pg_lsclusters', ['-h'], { encoding: 'utf8' });
  } catch {
    return 'pg_lsclusters is not installed';
  }
  const port = url.port || '5432';
  const row = listing
    .split('\n')
    .map((line) => line.trim().split(/\s+/))
    .find((cols) => cols[2] === port && cols[3] === 'online');
  return row?.[0] && row[1] ? { version: row[0], name: row[1] } : `no online cluster on port ${port}`;
}
const CLUSTER = missing ? missing : restartableCluster();
if (typeof CLUSTER === 'string' && !missing) {
  console.warn(`tests/server/multi-instance: the PostgreSQL restart is skipped — ${CLUSTER}.`);
}

const A_PORT = PORT + 1;
const B_PORT = PORT + 2;
const NGINX_PORT = PORT + 10;
const A = `http://127.0.0.1:${A_PORT}`;
const B = `http://127.0.0.1:${B_PORT}`;
const LB = `http://127.0.0.1:${NGINX_PORT}`;
const MEMBERS = 40;
const MAX_FAILURES = 3;
const DEMO = { membershipNo: '012345', password: 'sahakorn-demo' };
/** The empty-states demo member (same password): locked out by the rate-limit test. */
const OTHER = { membershipNo: '054321', password: 'sahakorn-demo' };

/** The cookies one browser holds (these tests need names and values only). */
class CookieJar {
  private readonly cookies = new Map<string, string>();

  /** A jar holding a copy of another's cookies as they are now. */
  static copyOf(other: CookieJar): CookieJar {
    const jar = new CookieJar();
    for (const [name, value] of other.cookies) jar.cookies.set(name, value);
    return jar;
  }

  header(): string {
    return [...this.cookies].map(([name, value]) => `${name}=${value}`).join('; ');
  }

  take(response: Response): void {
    for (const line of response.headers.getSetCookie()) {
      const [pair = '', ...attributes] = line.split(';').map((part) => part.trim());
      const name = pair.slice(0, pair.indexOf('='));
      const value = pair.slice(pair.indexOf('=') + 1);
      const expires = attributes.find((a) => /^expires=/i.test(a));
      const gone =
        value === '' ||
        attributes.some((a) => /^max-age=0$/i.test(a)) ||
        (expires !== undefined && Date.parse(expires.slice(8)) <= Date.now());
      if (gone) this.cookies.delete(name);
      else this.cookies.set(name, value);
    }
  }
}

/** One request as a browser of this site sends it: cookies, and Origin on a POST. */
async function send(
  base: string,
  pathname: string,
  jar: CookieJar,
  form?: Record<string, string>,
): Promise<{ status: number; location: string | null; body: string; headers: Headers }> {
  const headers: Record<string, string> = { Cookie: jar.header() };
  if (form) headers.Origin = base;
  const response = await fetch(`${base}${pathname}`, {
    method: form ? 'POST' : 'GET',
    headers,
    body: form ? new URLSearchParams(form) : undefined,
    redirect: 'manual',
  });
  jar.take(response);
  return {
    status: response.status,
    location: response.headers.get('location'),
    body: await response.text(),
    headers: response.headers,
  };
}

const logIn = (base: string, jar: CookieJar, member: { membershipNo: string; password: string }) =>
  send(base, '/member/logon', jar, { membershipNo: member.membershipNo, password: member.password });

describe.skipIf(missing)('two instances on PostgreSQL behind nginx', () => {
  let databaseUrl = '';
  let client: pg.Client;
  let a: RunningServer;
  let b: RunningServer;
  /** Whichever started, for the clean-up even when the other did not. */
  let servers: RunningServer[] = [];
  let nginx: Awaited<ReturnType<typeof startNginx>> | undefined;
  const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'sahakorn-multi-'));

  /** A client for the test's own queries; one that loses its connection (the restart) is replaced. */
  async function connectClient(url: string): Promise<pg.Client> {
    const c = new pg.Client({ connectionString: url });
    c.on('error', () => {
      if (client === c) client = undefined as unknown as pg.Client;
    });
    await c.connect();
    return c;
  }

  const count = async (query: string, params: unknown[] = []) => {
    client ??= await connectClient(databaseUrl);
    return Number((await client.query<{ n: string }>(query, params)).rows[0]?.n);
  };

  beforeAll(async () => {
    databaseUrl = await freshDatabase(BASE_URL ?? '', 'multi');
    client = await connectClient(databaseUrl);
    // Both at the same moment on the empty database, demo data on, one shared DATA_DIR and no
    // SESSION_SECRET: the migration, the seed, the search index and the generated session secret
    // must each happen once, whichever instance gets there first.
    const env = {
      DATABASE_URL: databaseUrl,
      DATA_DIR: path.join(tmp, 'data'),
      SESSION_SECRET: '',
      SEED_DEMO: '1',
      SEED_MEMBERS: String(MEMBERS),
      TRUST_PROXY: '1',
      LOGIN_MAX_FAILURES_PER_MEMBER: String(MAX_FAILURES),
      LOGIN_MAX_FAILURES_PER_ADDRESS: '1000',
      ENABLE_TEST_ROUTES: '0',
    };
    const started = await Promise.allSettled([
      startServer({ ...env, PORT: String(A_PORT) }),
      startServer({ ...env, PORT: String(B_PORT) }),
    ]);
    servers = started.flatMap((s) => (s.status === 'fulfilled' ? [s.value] : []));
    for (const s of started) if (s.status === 'rejected') throw s.reason;
    [a, b] = servers as [RunningServer, RunningServer];
    nginx = await startNginx({ dir: path.join(tmp, 'nginx'), port: NGINX_PORT, upstreams: [A_PORT, B_PORT] });
  });

  afterAll(async () => {
    await nginx?.stop();
    for (const server of servers) await stopServer(server, 'SIGTERM');
    await client?.end();
    if (BASE_URL) await dropDatabase(BASE_URL, 'multi');
    fs.rmSync(tmp, { recursive: true, force: true });
  });

  it('started together on an empty database, the two seed the demo cooperative once', async () => {
    const seeded = [a, b].filter((s) => s.lines.some((l) => l.msg === 'demo data seeded'));
    expect(seeded).toHaveLength(1);
    expect(await count('select count(*) as n from members')).toBe(MEMBERS);
    expect(await count(`select count(*) as n from meta where key = 'demo_seeded'`)).toBe(1);
    const topics = await count('select count(*) as n from board_topics');
    expect(topics).toBeGreaterThan(0);
    expect(await count('select count(distinct title) as n from board_topics')).toBe(topics);
    // The search index was built once, inside the seed: one document per content item.
    expect(await count('select count(*) as n from search_documents')).toBe(
      await count('select count(*) as n from content_items'),
    );
    expect([a, b].filter((s) => s.lines.some((l) => l.msg === 'search index rebuilt'))).toHaveLength(0);
  });

  it('a member logged in through one instance is logged in on the other', async () => {
    const jar = new CookieJar();
    const login = await logIn(A, jar, DEMO);
    expect(login.status).toBe(302);
    expect(login.location).toBe('/member/status');
    const page = await send(B, '/member/status', jar);
    expect(page.status).toBe(200);
    expect(page.body).toContain('ข้อมูลส่วนตัว');
    expect(page.body).toContain(DEMO.membershipNo);
  });

  it('the login rate limit counts failures through both instances together', async () => {
    const jar = new CookieJar();
    const wrong = { ...OTHER, password: 'not-the-password' };
    const statuses = [];
    for (const base of [A, B, A]) statuses.push((await logIn(base, jar, wrong)).status);
    expect(statuses).toEqual([401, 401, 401]);
    // Third failure reached the limit: now refused on either instance, even with the right password.
    // (Counted per instance, B would have seen one failure and let this in.)
    const locked = await logIn(B, jar, OTHER);
    expect(locked.status).toBe(429);
    expect(locked.body).toContain('เข้าสู่ระบบไม่สำเร็จหลายครั้งเกินไป');
    expect((await logIn(A, jar, OTHER)).status).toBe(429);
  });

  it('logging out through one instance ends the session on both', async () => {
    const jar = new CookieJar();
    expect((await logIn(A, jar, DEMO)).status).toBe(302);
    expect((await send(A, '/member/status', jar)).status).toBe(200);
    const before = CookieJar.copyOf(jar);

    const out = await send(B, '/member/logout', jar, {});
    expect(out.status).toBe(302);
    expect(out.location).toBe('/member/logon');
    // The old cookie, replayed on the other instance, no longer opens a member page.
    for (const base of [A, B]) {
      const page = await send(base, '/member/status', CookieJar.copyOf(before));
      expect(page.status).toBe(302);
      expect(page.location).toMatch(/^\/member\/logon\?/);
    }
  });

  it('a board post sent twice at once, through each instance, is stored once', async () => {
    const jar = new CookieJar();
    const form = await send(A, '/boardPost', jar);
    const formKey = /name="formKey" value="([^"]+)"/.exec(form.body)?.[1];
    expect(formKey).toMatch(/^[A-Za-z0-9_-]{16,64}$/);
    const title = `ส่งซ้ำผ่านสองเครื่อง ${Date.now()}`;
    const fields = { title, body: 'ดับเบิลคลิก', displayName: 'ผู้ทดสอบ', formKey: formKey ?? '', website: '' };
    const [first, second] = await Promise.all([
      send(A, '/boardPost', new CookieJar(), fields),
      send(B, '/boardPost', new CookieJar(), fields),
    ]);
    expect([first.status, second.status]).toEqual([303, 303]);
    expect(first.location).toMatch(/^\/boardShow\/\d+$/);
    expect(second.location).toBe(first.location);
    expect(await count('select count(*) as n from board_topics where title = $1', [title])).toBe(1);
  });

  it('nginx sends requests to both instances in turn, and each logs the request id nginx gave', async () => {
    const jar = new CookieJar();
    expect((await logIn(LB, jar, DEMO)).status).toBe(302);
    const upstreams: string[] = [];
    for (let i = 0; i < 6; i += 1) {
      const page = await send(LB, '/member/status', jar);
      expect(page.status).toBe(200);
      expect(page.body).toContain(DEMO.membershipNo);
      const upstream = page.headers.get('x-upstream') ?? '';
      const requestId = page.headers.get('x-request-id') ?? '';
      upstreams.push(upstream);
      const server = upstream.endsWith(`:${A_PORT}`) ? a : b;
      const other = server === a ? b : a;
      await server.waitFor((l) => l.msg === 'request' && l.requestId === requestId, `request ${requestId}`);
      expect(other.lines.some((l) => l.requestId === requestId)).toBe(false);
    }
    expect(new Set(upstreams)).toEqual(new Set([`127.0.0.1:${A_PORT}`, `127.0.0.1:${B_PORT}`]));
    // Round robin: never the same instance twice in a row.
    expect(upstreams.every((u, i) => i === 0 || u !== upstreams[i - 1])).toBe(true);
  });

  // Last: it restarts the PostgreSQL server itself (the CI machine's cluster, as root).
  it.skipIf(typeof CLUSTER === 'string')(
    'a PostgreSQL restart under traffic: both instances live through it, answer 503 meanwhile, then serve again',
    async () => {
      const cluster = CLUSTER as { version: string; name: string };
      const jars = { [A]: new CookieJar(), [B]: new CookieJar() };
      for (const base of [A, B]) expect((await logIn(base, jars[base] as CookieJar, DEMO)).status).toBe(302);
      const answers: { base: string; started: number; status: number; body: string }[] = [];
      let traffic = true;
      // Members keep reading their page through both instances, back to back, all through the restart.
      const loops = [A, B].map(async (base) => {
        while (traffic) {
          const started = Date.now();
          try {
            const page = await send(base, '/member/status', jars[base] as CookieJar);
            answers.push({ base, started, status: page.status, body: page.body });
          } catch (error) {
            answers.push({ base, started, status: 0, body: String(error) });
          }
        }
      });
      const pgctl = (action: string) =>
        execFileSync(
          'pg_ctlcluster',
          [cluster.version, cluster.name, action, ...(action === 'stop' ? ['-m', 'fast'] : [])],
          {
            stdio: 'pipe',
          },
        );
      try {
        await new Promise((resolve) => setTimeout(resolve, 300));
        pgctl('stop');
        // While the database is down: the Thai "temporarily unavailable" page as a 503, liveness still ok.
        for (const base of [A, B]) {
          const page = await send(base, '/member/status', jars[base] as CookieJar);
          expect(page.status).toBe(503);
          expect(page.headers.get('retry-after')).toBe('30');
          expect(page.body).toContain('ไม่สามารถเชื่อมต่อได้');
          expect(page.body).not.toMatch(/at .+\.js:\d+|Error:/);
          expect((await fetch(`${base}/readyz`)).status).toBe(503);
          expect((await fetch(`${base}/healthz`)).status).toBe(200);
        }
        await new Promise((resolve) => setTimeout(resolve, 500));
      } finally {
        pgctl('start');
      }
      // Once it is back, the next requests succeed on both, with the sessions made before.
      const deadline = Date.now() + 30_000;
      const ready = async (base: string) => {
        while (Date.now() < deadline) {
          if ((await fetch(`${base}/readyz`)).status === 200) return true;
          await new Promise((resolve) => setTimeout(resolve, 200));
        }
        return false;
      };
      expect(await ready(A)).toBe(true);
      expect(await ready(B)).toBe(true);
      const resumedAt = Date.now();
      await new Promise((resolve) => setTimeout(resolve, 500));
      traffic = false;
      await Promise.all(loops);
      for (const base of [A, B]) {
        const page = await send(base, '/member/status', jars[base] as CookieJar);
        expect(page.status).toBe(200);
        expect(page.body).toContain(DEMO.membershipNo);
      }
      // Both processes lived through it and logged the loss once each, as a warning.
      for (const server of [a, b]) {
        expect(server.child.exitCode).toBeNull();
        expect(server.child.signalCode).toBeNull();
        const lost = server.lines.filter((l) => l.msg === 'database connection lost');
        expect(lost.length).toBeGreaterThanOrEqual(1);
        expect(lost.length).toBeLessThanOrEqual(2);
        expect(lost.every((l) => l.level === 'warn')).toBe(true);
      }
      // Every answer under traffic was the page or the Thai 503, never a crash or a refused connection;
      // and those after the database came back were pages.
      expect(answers.filter((x) => ![200, 503].includes(x.status)).map((x) => `${x.base} ${x.status}`)).toEqual([]);
      expect(answers.filter((x) => x.status === 503).every((x) => x.body.includes('ไม่สามารถเชื่อมต่อได้'))).toBe(true);
      const after = answers.filter((x) => x.started >= resumedAt);
      expect(after.length).toBeGreaterThan(0);
      expect(after.every((x) => x.status === 200)).toBe(true);
    },
  );
});

import { AsyncLocalStorage } from 'node:async_hooks';

import { describe, expect, it } from 'vitest';

import { createAdmission } from '../../server/admission.js';
import { refuse } from '../../server/edge.js';

type Next = () => void;

/** What the middleware reads of a request: its method, path and whether its client is still there. */
const request = (method: string, path: string, destroyed = false) => ({ method, path, socket: { destroyed } });

const turn = () => new Promise((resolve) => setImmediate(resolve));

/** Busy for `ms` of CPU, as a page render is. */
function render(ms: number) {
  const until = performance.now() + ms;
  while (performance.now() < until);
}

describe('admission: requests take turns', () => {
  it('starts nothing at once and one request per turn of the event loop', async () => {
    const admit = createAdmission() as (req: unknown, res: unknown, next: Next) => void;
    const started: string[] = [];
    for (const page of ['/member/status', '/member/share', '/member/loan'])
      admit(request('GET', page), {}, () => started.push(page));
    expect(started).toEqual([]);
    await turn();
    expect(started).toEqual(['/member/status']);
    await turn();
    expect(started).toEqual(['/member/status', '/member/share']);
    await turn();
    expect(started).toEqual(['/member/status', '/member/share', '/member/loan']);
  });

  it('lets sign-ins and health checks go before the pages that were waiting', async () => {
    const admit = createAdmission() as (req: unknown, res: unknown, next: Next) => void;
    const started: string[] = [];
    for (let i = 0; i < 5; i += 1) admit(request('GET', '/member/kep'), {}, () => started.push(`page ${i}`));
    admit(request('POST', '/member/logon'), {}, () => started.push('member sign-in'));
    admit(request('POST', '/api/member/auth/login'), {}, () => started.push('app sign-in'));
    admit(request('GET', '/healthz'), {}, () => started.push('health'));
    // A GET of the login page is a page like any other.
    admit(request('GET', '/member/logon'), {}, () => started.push('login page'));
    for (let i = 0; i < 9; i += 1) await turn();
    expect(started).toEqual([
      'member sign-in',
      'app sign-in',
      'health',
      'page 0',
      'page 1',
      'page 2',
      'page 3',
      'page 4',
      'login page',
    ]);
  });

  it('gives timers and I/O their turn between two renders', async () => {
    const admit = createAdmission() as (req: unknown, res: unknown, next: Next) => void;
    const events: string[] = [];
    for (let i = 0; i < 10; i += 1)
      admit(request('GET', '/member/status'), {}, () => {
        events.push('render');
        render(3);
      });
    const timer = new Promise((resolve) => setTimeout(resolve, 0)).then(() => events.push('timer'));
    await timer;
    // Without turns all ten renders would run before the timer.
    expect(events.indexOf('timer')).toBeLessThan(3);
    for (let i = 0; i < 12; i += 1) await turn();
    expect(events.filter((e) => e === 'render')).toHaveLength(10);
  });

  it('skips a request whose client hung up while it waited', async () => {
    const admit = createAdmission() as (req: unknown, res: unknown, next: Next) => void;
    const started: string[] = [];
    admit(request('GET', '/member/status', true), {}, () => started.push('gone'));
    admit(request('GET', '/member/share'), {}, () => started.push('share'));
    await turn();
    expect(started).toEqual(['share']);
  });
});

describe('admission: a bounded queue', () => {
  it('refuses a page at once when as many others wait as it takes, and still queues sign-ins', async () => {
    const refused: string[] = [];
    const admit = createAdmission({
      maxWaiting: 2,
      onFull: (req: { path: string }) => refused.push(req.path),
    }) as (req: unknown, res: unknown, next: Next) => void;
    const started: string[] = [];
    for (const page of ['/member/status', '/member/share', '/member/loan'])
      admit(request('GET', page), {}, () => started.push(page));
    admit(request('POST', '/member/logon'), {}, () => started.push('sign-in'));
    expect(refused).toEqual(['/member/loan']);
    for (let i = 0; i < 3; i += 1) await turn();
    expect(started).toEqual(['sign-in', '/member/status', '/member/share']);
    // Once one has started, there is room again.
    admit(request('GET', '/member/kep'), {}, () => started.push('/member/kep'));
    await turn();
    expect(started.at(-1)).toBe('/member/kep');
    expect(refused).toEqual(['/member/loan']);
  });
});

describe('the answer server.js gives when the queue is full', () => {
  const answer = (url: string) => {
    const headers: Record<string, string> = {};
    const res = { statusCode: 200, body: '', setHeader: (n: string, v: string) => (headers[n.toLowerCase()] = v) };
    refuse({ url, method: 'GET' }, Object.assign(res, { end: (body?: string) => (res.body = body ?? '') }), 503, {
      retryAfter: 10,
    });
    return { status: res.statusCode, headers, body: res.body };
  };

  it("is a Thai 503 page that asks to try again later, or the API's JSON error, with Retry-After", () => {
    const page = answer('/member/status');
    expect([page.status, page.headers['retry-after'], page.headers['cache-control']]).toEqual([503, '10', 'no-store']);
    expect(page.body).toContain('ขออภัย! หน้าเพจนี้ไม่พร้อมให้บริการชั่วคราว กรุณาลองใหม่ในภายหลัง');
    const api = answer('/api/info/home');
    expect(api.headers['content-type']).toBe('application/json; charset=utf-8');
    expect(JSON.parse(api.body)).toEqual({ error: 'ขออภัย! หน้าเพจนี้ไม่พร้อมให้บริการชั่วคราว กรุณาลองใหม่ในภายหลัง' });
  });
});

describe('admission: each request in its own context', () => {
  it('starts every request in the async context it arrived in, whichever request scheduled the turn', async () => {
    const storage = new AsyncLocalStorage<string>();
    const admit = createAdmission() as (req: unknown, res: unknown, next: Next) => void;
    const seen: [string, string | undefined][] = [];
    for (const id of ['a', 'b', 'c']) {
      storage.run(id, () => admit(request('GET', `/member/${id}`), {}, () => seen.push([id, storage.getStore()])));
    }
    for (let i = 0; i < 3; i += 1) await turn();
    expect(seen).toEqual([
      ['a', 'a'],
      ['b', 'b'],
      ['c', 'c'],
    ]);
  });
});

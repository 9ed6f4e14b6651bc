import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

import { CoopUnavailableError } from '../types';
import {
  createCoopClient,
  joinUrl,
  normalizeBase,
  pathSegment,
  type CoopClientOptions,
  type CoopRequest,
  type FailureLine,
} from './client.server';

const TOKEN = 'eyJhbGciOiJIUzI1NiJ9.secret-token.sig';

// The breaker's cool-down reads the clock: only `Date` is faked, timers run for real.
beforeEach(() => {
  vi.useFakeTimers({ toFake: ['Date'], now: 1_000_000 });
});
afterEach(() => {
  vi.useRealTimers();
});

interface Seen {
  url: string;
  init: RequestInit;
}

/** A fetch that answers from a script of steps, recording what it was asked. */
function fakeFetch(steps: (((url: string, init: RequestInit) => Promise<Response>) | Response | Error)[]) {
  const seen: Seen[] = [];
  let i = 0;
  const fetch = (async (input: URL | RequestInfo, init?: RequestInit) => {
    const url = String(input);
    seen.push({ url, init: init ?? {} });
    const step = steps[Math.min(i, steps.length - 1)];
    i += 1;
    if (step instanceof Error) throw step;
    if (typeof step === 'function') return step(url, init ?? {});
    if (!step) throw new Error('no step');
    return step.clone();
  }) as typeof globalThis.fetch;
  return { fetch, seen };
}

const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

/** A fetch step that never answers until the request is aborted. */
const hang = (_url: string, init: RequestInit) =>
  new Promise<Response>((_, reject) => {
    init.signal?.addEventListener('abort', () => reject(new DOMException('aborted', 'AbortError')));
  });

function setup(steps: Parameters<typeof fakeFetch>[0], options: Partial<CoopClientOptions> = {}) {
  const { fetch, seen } = fakeFetch(steps);
  const lines: FailureLine[] = [];
  const sleeps: number[] = [];
  const client = createCoopClient({
    baseUrl: 'https://core.example/coop/',
    timeoutMs: 50,
    fetch,
    onRetry: (ms) => sleeps.push(ms),
    random: () => 0.5,
    onFailure: (line) => lines.push(line),
    breakerThreshold: 3,
    breakerCoolDownMs: 10_000,
    ...options,
  });
  return {
    client,
    seen,
    lines,
    sleeps,
    advance: (ms: number) => {
      vi.setSystemTime(Date.now() + ms);
    },
  };
}

const GET: CoopRequest = { endpoint: 'infoManu', method: 'GET', path: 'api/info/manu' };
const FEED: CoopRequest = {
  endpoint: 'memberLoan',
  method: 'POST',
  path: 'api/member/member_loan',
  token: TOKEN,
  read: true,
};
const ACTION: CoopRequest = {
  endpoint: 'memberPass',
  method: 'POST',
  path: 'api/member/member_pass',
  token: TOKEN,
  body: { mem_password: 'n', mem_oldpassword: 'o' },
};

describe('joinUrl and pathSegment', () => {
  const base = normalizeBase('https://core.example/coop');

  it('joins below the base, with its path, and adds the query', () => {
    expect(base.href).toBe('https://core.example/coop/');
    expect(joinUrl(base, 'api/member/member_share', { page: 2 }).href).toBe(
      'https://core.example/coop/api/member/member_share?page=2',
    );
    expect(normalizeBase('https://core.example').href).toBe('https://core.example/');
  });

  it.each([
    '/api/member/member_share',
    '../admin',
    'api/../../admin',
    'api/%2e%2e/%2E%2E/admin',
    'api/./x',
    'https://evil.example/api',
    '//evil.example/api',
    'api\\..\\admin',
    'api/x?token=1',
    'api/x#y',
    'api//x',
    'api/%zz',
  ])('refuses %j', (path) => {
    expect(() => joinUrl(base, path)).toThrow(CoopUnavailableError);
  });

  it('encodes one segment (slashes and Thai included) and refuses dot segments', () => {
    expect(pathSegment('สม.1234/2565')).toBe(encodeURIComponent('สม.1234/2565'));
    const url = joinUrl(base, `api/member/member_loan_statement/${pathSegment('สม.1234/2565')}`);
    expect(url.pathname.startsWith('/coop/api/member/member_loan_statement/')).toBe(true);
    expect(decodeURIComponent(url.pathname.split('/').at(-1) ?? '')).toBe('สม.1234/2565');
    expect(pathSegment('..')).toBeNull();
    expect(pathSegment('.')).toBeNull();
    expect(pathSegment('  ')).toBeNull();
  });
});

describe('createCoopClient', () => {
  it('sends the vendor headers, the bearer token and a JSON body; the token never in the URL', async () => {
    const { client, seen } = setup([json({ dataloan: [] })]);
    const response = await client.request(FEED);
    expect(response).toMatchObject({ status: 200, body: { dataloan: [] } });
    const [call] = seen;
    const headers = new Headers(call?.init.headers);
    expect(call?.url).toBe('https://core.example/coop/api/member/member_loan');
    expect(call?.init.method).toBe('POST');
    expect(headers.get('accept')).toBe('application/json');
    expect(headers.get('content-type')).toBe('application/json');
    expect(headers.get('x-requested-with')).toBe('XMLHttpRequest');
    expect(headers.get('authorization')).toBe(`Bearer ${TOKEN}`);
    expect(call?.init.body).toBe('{}');
    expect(call?.init.redirect).toBe('manual');
    expect(call?.url).not.toContain(TOKEN);
  });

  it('sends no Authorization header without a token, and no body on a GET', async () => {
    const { client, seen } = setup([json({ list_manu: [] })]);
    await client.request(GET);
    const headers = new Headers(seen[0]?.init.headers);
    expect(headers.has('authorization')).toBe(false);
    expect(seen[0]?.init.body).toBeUndefined();
  });

  it('hands back 4xx answers (the backend reads them) without a retry or a log line', async () => {
    const { client, seen, lines } = setup([json({ error: 'token is invalid' }, 400)]);
    const response = await client.request(FEED);
    expect(response.status).toBe(400);
    expect(response.body).toEqual({ error: 'token is invalid' });
    expect(seen).toHaveLength(1);
    expect(lines).toEqual([]);
  });

  it('reads an empty body as undefined and strips a byte-order mark', async () => {
    const { client } = setup([new Response('', { status: 200 }), new Response('\uFEFF{"a":1}', { status: 200 })]);
    expect((await client.request(FEED)).body).toBeUndefined();
    expect((await client.request(FEED)).body).toEqual({ a: 1 });
  });

  it('times out a call that does not answer: a read is tried twice, then unavailable', async () => {
    const { client, seen, lines, sleeps } = setup([hang]);
    const error = await client.request(GET).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(CoopUnavailableError);
    expect((error as Error).message).toBe('coop infoManu: timeout');
    expect(seen).toHaveLength(2);
    expect(sleeps).toEqual([250]); // jitter: min + random × (max − min) = 100 + 0.5 × 300
    expect(lines).toEqual([expect.objectContaining({ endpoint: 'infoManu', reason: 'timeout', attempts: 2 })]);
  });

  it('also times out a body that stops half-way', async () => {
    const stalled = () =>
      Promise.resolve(
        new Response(
          new ReadableStream({
            start(controller) {
              controller.enqueue(new TextEncoder().encode('{"data'));
            },
          }),
          { status: 200 },
        ),
      );
    const { client, lines } = setup([stalled], { timeoutMs: 30 });
    await expect(client.request(ACTION)).rejects.toThrow('coop memberPass: timeout');
    expect(lines).toHaveLength(1);
  });

  it('retries a read once after a 5xx, with jitter, and answers if the retry works', async () => {
    const { client, seen, lines, sleeps } = setup([json({ message: 'Server Error' }, 502), json({ ok: 1 })], {
      random: () => 0,
    });
    expect((await client.request(FEED)).body).toEqual({ ok: 1 });
    expect(seen).toHaveLength(2);
    expect(sleeps).toEqual([100]);
    expect(lines).toEqual([]);
  });

  it('500 twice: one retry, then unavailable with one log line', async () => {
    const { client, seen, lines } = setup([json({ message: 'Server Error' }, 500)]);
    await expect(client.request(GET)).rejects.toThrow('coop infoManu: http_5xx');
    expect(seen).toHaveLength(2);
    expect(lines).toEqual([expect.objectContaining({ reason: 'http_5xx', status: 500, attempts: 2, method: 'GET' })]);
  });

  it('never retries an action (login, password, upload)', async () => {
    const { client, seen } = setup([json({}, 503)]);
    await expect(client.request(ACTION)).rejects.toBeInstanceOf(CoopUnavailableError);
    expect(seen).toHaveLength(1);
  });

  it('never retries an action that timed out, and bounds each attempt by the timeout', async () => {
    const { client, seen, lines, sleeps } = setup([hang]);
    const started = performance.now();
    await expect(client.request(ACTION)).rejects.toThrow('coop memberPass: timeout');
    expect(performance.now() - started).toBeLessThan(1_000);
    expect(seen).toHaveLength(1);
    expect(sleeps).toEqual([]);
    expect(lines).toEqual([expect.objectContaining({ reason: 'timeout', attempts: 1, method: 'POST' })]);
    expect(new Headers(seen[0]?.init.headers).get('authorization')).toBe(`Bearer ${TOKEN}`);
    expect(seen[0]?.init.signal?.aborted).toBe(true);
  });

  it('a POST is not a read unless it says so', async () => {
    const { client, seen } = setup([new TypeError('fetch failed')]);
    await expect(client.request({ ...FEED, read: undefined })).rejects.toThrow('coop memberLoan: network');
    expect(seen).toHaveLength(1);
  });

  it('a connection reset: retried once for a read, then unavailable', async () => {
    const reset = Object.assign(new TypeError('fetch failed'), { cause: { code: 'ECONNRESET' } });
    const { client, seen, lines } = setup([reset]);
    await expect(client.request(FEED)).rejects.toThrow('coop memberLoan: network');
    expect(seen).toHaveLength(2);
    expect(lines).toEqual([expect.objectContaining({ reason: 'network', attempts: 2 })]);
  });

  it('malformed JSON (an HTML error page with 200) is unavailable at once, with one line', async () => {
    const { client, seen, lines } = setup([new Response('<html>Whoops</html>', { status: 200 })]);
    await expect(client.request(FEED)).rejects.toThrow('coop memberLoan: malformed_json');
    expect(seen).toHaveLength(1);
    expect(lines).toEqual([expect.objectContaining({ reason: 'malformed_json', status: 200, attempts: 1 })]);
  });

  it('a redirect or throttling is unavailable, not retried', async () => {
    const { client, seen, lines } = setup([
      new Response(null, { status: 302, headers: { Location: '/login' } }),
      json({ message: 'Too Many Attempts.' }, 429),
    ]);
    await expect(client.request(GET)).rejects.toThrow('unexpected_status');
    await expect(client.request(GET)).rejects.toThrow('throttled');
    expect(seen).toHaveLength(2);
    expect(lines.map((l) => l.reason)).toEqual(['unexpected_status', 'throttled']);
  });

  it('refuses a body larger than the limit', async () => {
    const { client } = setup([json({ big: 'x'.repeat(2000) })], { maxBodyBytes: 1000 });
    await expect(client.request(GET)).rejects.toThrow('too_large');
  });

  it('hands back bytes when asked', async () => {
    const { client, seen } = setup([new Response(new Uint8Array([0xff, 0xd8, 0xff, 1]), { status: 200 })]);
    const response = await client.request({ ...GET, expect: 'bytes' });
    expect([...(response.bytes ?? [])]).toEqual([0xff, 0xd8, 0xff, 1]);
    expect(new Headers(seen[0]?.init.headers).get('accept')).toBe('image/*');
  });

  it('logs no token, no URL and no body in its failure lines', async () => {
    const { client, lines } = setup([json({ secret: '1-2345-67890-12-3' }, 500)]);
    await client.request({ ...FEED, path: 'api/member/member_loan_statement/%E0%B8%AA1234' }).catch(() => undefined);
    const text = JSON.stringify(lines);
    expect(lines).toHaveLength(1);
    expect(text).not.toContain(TOKEN);
    expect(text).not.toContain('member_loan_statement');
    expect(text).not.toContain('core.example');
    expect(text).not.toContain('1-2345');
  });
});

describe('circuit breaker', () => {
  it('opens after N failed calls, refuses without calling, half-opens after the cool-down for one probe', async () => {
    const steps: Parameters<typeof fakeFetch>[0] = [json({}, 500)];
    const { client, seen, lines, advance } = setup(steps);
    for (let i = 0; i < 3; i += 1) await expect(client.request(ACTION)).rejects.toThrow('http_5xx');
    expect(client.circuit()).toBe('open');
    expect(seen).toHaveLength(3);

    // Open: refused at once, without a call, with its own line.
    await expect(client.request(GET)).rejects.toThrow('circuit open');
    expect(seen).toHaveLength(3);
    expect(lines.at(-1)).toMatchObject({ reason: 'circuit_open', circuit: 'open', attempts: 0 });

    advance(9_999);
    await expect(client.request(GET)).rejects.toThrow('circuit open');
    advance(1);
    expect(client.circuit()).toBe('half-open');

    // The probe fails: open again for a whole cool-down; a probe is never retried.
    await expect(client.request(GET)).rejects.toThrow('http_5xx');
    expect(seen).toHaveLength(4);
    expect(client.circuit()).toBe('open');
    advance(5_000);
    await expect(client.request(GET)).rejects.toThrow('circuit open');
    advance(5_000);

    // The next probe succeeds: closed, calls flow again.
    steps.splice(0, steps.length, json({ list_manu: [] }));
    expect((await client.request(GET)).status).toBe(200);
    expect(client.circuit()).toBe('closed');
    expect((await client.request(GET)).status).toBe(200);
  });

  it('lets only one probe through while half-open', async () => {
    let release: (r: Response) => void = () => undefined;
    const slow = () => new Promise<Response>((resolve) => (release = resolve));
    const steps: Parameters<typeof fakeFetch>[0] = [json({}, 500)];
    const { client, seen, advance } = setup(steps, { timeoutMs: 5_000 });
    for (let i = 0; i < 3; i += 1) await client.request(ACTION).catch(() => undefined);
    advance(10_000);
    steps.splice(0, steps.length, slow);
    const probe = client.request(GET);
    await expect(client.request(GET)).rejects.toThrow('circuit open');
    release(json({ ok: 1 }));
    expect((await probe).status).toBe(200);
    expect(seen).toHaveLength(4);
    expect(client.circuit()).toBe('closed');
  });

  it('counts consecutive failures only: an answer in between resets the count', async () => {
    const { client } = setup([json({}, 500), json({}, 500), json({ ok: 1 }), json({}, 500), json({}, 500)]);
    for (let i = 0; i < 5; i += 1) await client.request(ACTION).catch(() => undefined);
    expect(client.circuit()).toBe('closed');
  });

  it('counts a read and its retry as one failed call', async () => {
    const { client, seen } = setup([json({}, 500)]);
    for (let i = 0; i < 2; i += 1) await expect(client.request(GET)).rejects.toThrow('http_5xx');
    expect(seen).toHaveLength(4);
    expect(client.circuit()).toBe('closed');
    await expect(client.request(GET)).rejects.toThrow('http_5xx');
    expect(client.circuit()).toBe('open');
  });

  it('a probe answered with throttling closes the circuit: the core is there', async () => {
    const steps: Parameters<typeof fakeFetch>[0] = [json({}, 500)];
    const { client, advance } = setup(steps);
    for (let i = 0; i < 3; i += 1) await client.request(ACTION).catch(() => undefined);
    advance(10_000);
    steps.splice(0, steps.length, json({}, 429));
    await expect(client.request(GET)).rejects.toThrow('throttled');
    expect(client.circuit()).toBe('closed');
  });

  it('4xx answers and throttling do not count against the core', async () => {
    const { client } = setup([json({ error: 'token is invalid' }, 400), json({}, 429)]);
    for (let i = 0; i < 6; i += 1) await client.request(ACTION).catch(() => undefined);
    expect(client.circuit()).toBe('closed');
  });
});

import fs from 'node:fs';
import net from 'node:net';
import path from 'node:path';

import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { ORIGIN, request, type Answer } from './http';
import { BUILT, PORT, startServer, stopServer, TMP, type RunningServer } from './process';

/**
 * The HTTP edge (ADR 035): bounded bodies, Thai 4xx answers for malformed requests, no stack traces,
 * the Origin check's bearer-token exemption and CORS for /api/*, and the security headers.
 */
let server: RunningServer | undefined;
const ALLOWED = 'https://app.example';

beforeAll(async () => {
  if (!BUILT) return;
  fs.rmSync(path.join(TMP, 'data'), { recursive: true, force: true });
  server = await startServer({ API_ALLOWED_ORIGINS: `${ALLOWED},https://m.example` });
  // The first requests load modules and open the store: not what the timings below measure.
  for (const pathname of ['/healthz', '/boardPost', '/board']) await request('GET', pathname);
  await request('POST', '/boardPost', FORM, form({ title: '', body: '' }));
  await request('POST', '/api/info/board_create', FORM, 'Question=&QNote=&QName=');
});

afterAll(async () => {
  await stopServer(server);
});

/** Raw bytes on one connection; resolves with everything the server sent until it closed. */
function raw(bytes: string, { end = true }: { end?: boolean } = {}): Promise<string> {
  return new Promise((resolve, reject) => {
    const socket = net.connect(PORT, '127.0.0.1', () => (end ? socket.end(bytes) : socket.write(bytes)));
    let text = '';
    socket.setEncoding('utf8');
    socket.on('data', (chunk: string) => (text += chunk));
    socket.on('close', () => resolve(text));
    socket.on('error', (error: NodeJS.ErrnoException) => (error.code === 'ECONNRESET' ? resolve(text) : reject(error)));
  });
}

const form = (fields: Record<string, string>) => new URLSearchParams(fields).toString();
const FORM = { 'Content-Type': 'application/x-www-form-urlencoded', Origin: ORIGIN };
const tabs = (n: number) => '\t'.repeat(n);
const thaiPage = (answer: Answer) => {
  expect(answer.headers['content-type']).toMatch(/^text\/html/);
  expect(answer.body).toContain('<html lang="th">');
};
/** The security headers every answer carries, refusals made before the app included (ADR 006). */
const SECURITY_HEADERS = {
  'strict-transport-security': 'max-age=31536000; includeSubDomains',
  'x-frame-options': 'DENY',
  'x-content-type-options': 'nosniff',
  'referrer-policy': 'strict-origin-when-cross-origin',
  'cross-origin-opener-policy': 'same-origin',
};
const withSecurityHeaders = (answer: Answer) => {
  expect(answer.headers).toMatchObject(SECURITY_HEADERS);
  expect(answer.headers['content-security-policy']).toMatch(/default-src|script-src/);
  expect(answer.headers['permissions-policy']).toBeTruthy();
};
/** The same, in the head of a raw answer. */
const rawWithSecurityHeaders = (answer: string) => {
  const head = answer.slice(0, answer.indexOf('\r\n\r\n')).toLowerCase();
  for (const [name, value] of Object.entries(SECURITY_HEADERS))
    expect(head).toContain(`${name}: ${value.toLowerCase()}`);
  expect(head).toMatch(/content-security-policy: (default-src|script-src)/);
  expect(head).toContain('permissions-policy: ');
};

/** How long /healthz takes when asked while `heavy` is being handled. */
async function healthzWhile(heavy: () => Promise<Answer>): Promise<{ ms: number; heavy: Answer }> {
  const pending = heavy();
  // Let the heavy request arrive and start being handled.
  await new Promise((resolve) => setTimeout(resolve, 100));
  const started = performance.now();
  const health = await request('GET', '/healthz');
  const ms = performance.now() - started;
  expect(health.status).toBe(200);
  return { ms, heavy: await pending };
}

describe.skipIf(!BUILT)('the HTTP edge', () => {
  describe('no regular expression freezes the server', () => {
    // 60,000 raw tabs fit under the 64 KiB body limit and reach the board's rules; 100,000 do not.
    it.each([60_000, 100_000])('%i tabs posted to /boardPost leave /healthz answering within 200 ms', async (n) => {
      const body = form({ title: 'หัวข้อ', body: `${tabs(n)}x`, displayName: 'ชื่อ', formKey: 'k3y-Of_Twenty-Four-Chars' });
      const { ms, heavy } = await healthzWhile(() => request('POST', '/boardPost', FORM, body.replaceAll('%09', '\t')));
      expect([400, 413]).toContain(heavy.status);
      expect(ms).toBeLessThan(200);
    });

    it.each([60_000, 100_000])(
      '%i tabs posted to /api/info/board_create leave /healthz answering within 200 ms',
      async (n) => {
        const body = `Question=x&QName=y&QNote=${tabs(n)}x`;
        const { ms, heavy } = await healthzWhile(() => request('POST', '/api/info/board_create', FORM, body));
        expect([200, 413]).toContain(heavy.status);
        expect(ms).toBeLessThan(200);
        const json = await request(
          'POST',
          '/api/info/board_create',
          { 'Content-Type': 'application/json' },
          JSON.stringify({ Question: 'x', QName: 'y', QNote: `${tabs(n)}x` }),
        );
        expect(json.status).toBe(413);
      },
    );
  });

  describe('request bodies are bounded (64 KiB for forms and the JSON API)', () => {
    it('refuses a declared 100 MB body with 413 at once, without waiting for it', async () => {
      const started = performance.now();
      const answer = await raw(
        `POST /boardPost HTTP/1.1\r\nHost: 127.0.0.1:${PORT}\r\nOrigin: ${ORIGIN}\r\n` +
          'Content-Type: application/x-www-form-urlencoded\r\nContent-Length: 104857600\r\n\r\ntitle=x',
        { end: false },
      );
      expect(performance.now() - started).toBeLessThan(2000);
      expect(answer).toMatch(/^HTTP\/1\.1 413 /);
      expect(answer).toMatch(/connection: close/i);
      expect(answer).toContain('ข้อมูลมีขนาดใหญ่เกินไป');
      const head = answer.slice(0, answer.indexOf('\r\n\r\n')).toLowerCase();
      for (const [name, value] of Object.entries(SECURITY_HEADERS))
        expect(head).toContain(`${name}: ${value.toLowerCase()}`);
    });

    it('counts a chunked body while it streams: 413 past 64 KiB, a Thai page or JSON for /api', async () => {
      const big = `title=${'ก'.repeat(30_000)}`; // 90 KB of UTF-8
      const page = await request('POST', '/boardPost', FORM, big, { chunked: true });
      expect(page.status).toBe(413);
      thaiPage(page);
      const api = await request(
        'POST',
        '/api/member/auth/login',
        { 'Content-Type': 'application/json' },
        JSON.stringify({ membership_no: '012345', password: 'x'.repeat(70_000) }),
        { chunked: true },
      );
      expect(api.status).toBe(413);
      expect(api.headers['content-type']).toMatch(/^application\/json/);
      expect(JSON.parse(api.body)).toEqual({ error: expect.stringContaining('ใหญ่เกิน') });
    });

    it('takes a form just under the limit', async () => {
      const answer = await request(
        'POST',
        '/boardPost',
        FORM,
        form({ title: '', body: 'x'.repeat(60_000), displayName: '', formKey: 'k3y-Of_Twenty-Four-Chars' }),
      );
      expect(answer.status).toBe(400);
      expect(answer.body).toContain('กรุณากรอกหัวข้อกระทู้');
    });

    it('lets a photo upload past 64 KiB reach the upload route, which has its own limit', async () => {
      const boundary = 'edge-test-boundary';
      const body = Buffer.concat([
        Buffer.from(
          `--${boundary}\r\nContent-Disposition: form-data; name="image"; filename="a.jpg"\r\nContent-Type: image/jpeg\r\n\r\n`,
        ),
        Buffer.alloc(200_000, 1),
        Buffer.from(`\r\n--${boundary}--\r\n`),
      ]);
      const answer = await request(
        'POST',
        '/member/photo',
        { 'Content-Type': `multipart/form-data; boundary=${boundary}`, Origin: ORIGIN },
        body,
      );
      // Not signed in: the route sends the visitor to the login page (it is not a 413).
      expect(answer.status).toBe(302);
      expect(answer.headers.location).toMatch(/^\/member\/logon/);
    });
  });

  describe('malformed requests get a Thai 4xx and one log line, never a 500 or a stack', () => {
    it.each([
      ['a form posted as text/plain', 'POST', '/boardPost', { 'Content-Type': 'text/plain' }, 'title=x', 415],
      ['a form posted with no Content-Type', 'POST', '/member/logon', {}, 'a=b', 415],
      ['a form posted as JSON', 'POST', '/member/logon', { 'Content-Type': 'application/json' }, '{}', 415],
      [
        'malformed multipart',
        'POST',
        '/boardPost',
        { 'Content-Type': 'multipart/form-data; boundary=xyz' },
        'this is not multipart',
        400,
      ],
      ['multipart without a boundary', 'POST', '/member/logon', { 'Content-Type': 'multipart/form-data' }, 'x', 400],
      ['a bad % escape in the path', 'GET', '/show/%E0%A4%A', {}, undefined, 400],
      ['a lone % in the path', 'GET', '/home%', {}, undefined, 400],
      ['TRACE', 'TRACE', '/home', {}, undefined, 405],
      ['PUT', 'PUT', '/boardPost', { 'Content-Type': 'application/x-www-form-urlencoded' }, 'a=b', 405],
      ['a URL of 10,000 characters', 'GET', `/home?q=${'a'.repeat(10_000)}`, {}, undefined, 414],
    ])('%s', async (_name, method, pathname, headers, body, status) => {
      const before = server!.lines.length;
      const answer = await request(method, pathname, { Origin: ORIGIN, ...headers }, body);
      expect(answer.status).toBe(status);
      thaiPage(answer);
      withSecurityHeaders(answer);
      if (status === 405) expect(answer.headers.allow).toBe('GET, HEAD, POST, OPTIONS');
      const id = answer.headers['x-request-id'];
      const line = await server!.waitFor((l) => l.msg === 'request' && l.requestId === id, 'the request line');
      expect([line.level, line.status]).toEqual(['info', status]);
      const lines = server!.lines.slice(before);
      expect(lines.filter((l) => l.level === 'error' || l.level === 'warn')).toEqual([]);
      expect(server!.output()).not.toMatch(/^\s+at /m);
      // Every line the server wrote after it started is a JSON log line (no plain-text router warning).
      const plain = (line: string) => line && !line.startsWith('{') && !line.startsWith('Sahakorn is running at');
      expect(server!.output().split('\n').filter(plain)).toEqual([]);
    });

    it.each([
      ['an absolute-form request target', 'GET http://evil.example/home HTTP/1.1'],
      ['OPTIONS *', 'OPTIONS * HTTP/1.1'],
    ])('%s', async (_name, line) => {
      const answer = await raw(`${line}\r\nHost: 127.0.0.1:${PORT}\r\nConnection: close\r\n\r\n`);
      expect(answer).toMatch(/^HTTP\/1\.1 400 /);
      expect(answer).toContain('คำขอไม่ถูกต้อง');
      rawWithSecurityHeaders(answer);
    });

    it('answers a head larger than 16 KiB with a Thai 431 page and one log line', async () => {
      const before = server!.lines.length;
      const answer = await raw(`GET /home?q=${'a'.repeat(20_000)} HTTP/1.1\r\nHost: 127.0.0.1:${PORT}\r\n\r\n`);
      expect(answer).toMatch(/^HTTP\/1\.1 431 /);
      expect(answer).toContain('<html lang="th">');
      rawWithSecurityHeaders(answer);
      const line = await server!.waitFor((l) => l.msg === 'client error' && l.status === 431, 'the log line');
      expect(line.level).toBe('info');
      expect(server!.lines.slice(before).filter((l) => l.msg === 'client error')).toHaveLength(1);
    });

    it('answers a broken request line with a Thai 400 page', async () => {
      const answer = await raw(`GET /home HTTP/1.1 extra\r\nHost: 127.0.0.1:${PORT}\r\n\r\n`);
      expect(answer).toMatch(/^HTTP\/1\.1 400 /);
      expect(answer).toContain('คำขอไม่ถูกต้อง');
    });

    it('logs a 405 from a route without an action with its status, not [object Object]', async () => {
      const before = server!.lines.length;
      const answer = await request('POST', '/home', FORM, 'a=b');
      expect(answer.status).toBe(405);
      const line = await server!.waitFor((l) => l.msg === 'client error' && l.status === 405, 'the 405 line');
      expect(line.level).toBe('info');
      expect(JSON.stringify(server!.lines.slice(before))).not.toContain('[object Object]');
    });

    it('does not let an unread body stall the keep-alive connection', async () => {
      const socket = net.connect(PORT, '127.0.0.1');
      await new Promise((resolve) => socket.once('connect', resolve));
      let text = '';
      socket.setEncoding('utf8');
      socket.on('data', (chunk: string) => (text += chunk));
      const boundary = 'unread';
      const body = `--${boundary}\r\nContent-Disposition: form-data; name="image"; filename="a.jpg"\r\n\r\n${'x'.repeat(300_000)}\r\n--${boundary}--\r\n`;
      const started = performance.now();
      // Not signed in: the photo route answers before it reads the upload.
      socket.write(
        `POST /member/photo HTTP/1.1\r\nHost: 127.0.0.1:${PORT}\r\nOrigin: ${ORIGIN}\r\n` +
          `Content-Type: multipart/form-data; boundary=${boundary}\r\nContent-Length: ${body.length}\r\n\r\n${body}` +
          `GET /healthz HTTP/1.1\r\nHost: 127.0.0.1:${PORT}\r\nConnection: close\r\n\r\n`,
      );
      await new Promise((resolve) => socket.once('close', resolve));
      expect(text).toMatch(/^HTTP\/1\.1 302 /);
      expect(text).toMatch(/HTTP\/1\.1 200 OK[\s\S]*"ok"|HTTP\/1\.1 200 OK/);
      expect(performance.now() - started).toBeLessThan(2000);
    });
  });

  describe('the Origin check and CORS on /api/*', () => {
    it('lets a body-less bearer-token POST from another origin through (no session cookie)', async () => {
      for (const pathname of ['/api/member/auth/getAuthUser', '/api/member/auth/logout']) {
        const answer = await request('POST', pathname, {
          Authorization: 'Bearer not-a-real-token',
          Origin: 'https://elsewhere.example',
        });
        expect(answer.status).not.toBe(403);
        expect(answer.headers['content-type']).toMatch(/^application\/json/);
      }
    });

    it('still checks a request that carries our session cookie', async () => {
      const answer = await request(
        'POST',
        '/api/member/auth/getAuthUser',
        {
          Authorization: 'Bearer not-a-real-token',
          Origin: 'https://elsewhere.example',
          Cookie: 'sahakorn_sid=abc',
          'Content-Type': 'application/json',
        },
        '{}',
      );
      expect(answer.status).toBe(403);
      // Below /api/ the refusal is in the API's shape, for its clients to read.
      expect(answer.headers['content-type']).toMatch(/^application\/json/);
      expect(JSON.parse(answer.body)).toEqual({ error: 'คำขอนี้ไม่ได้ส่งมาจากหน้าเว็บไซต์ของสหกรณ์' });
    });

    it('refuses a post from an opaque origin (Origin: null) with 403, whatever Sec-Fetch-Site says', async () => {
      const before = server!.lines.length;
      for (const pathname of ['/member/logon', '/boardPost']) {
        const answer = await request(
          'POST',
          pathname,
          { ...FORM, Origin: 'null', 'Sec-Fetch-Site': 'same-origin' },
          form({ membershipNo: '012345', password: 'x', title: 'a', body: 'b' }),
        );
        expect(answer.status).toBe(403);
        thaiPage(answer);
        withSecurityHeaders(answer);
      }
      expect(server!.lines.slice(before).filter((l) => l.level === 'error')).toEqual([]);
      expect(server!.output()).not.toMatch(/^\s+at /m);
    });

    it('refuses a cross-site form post without a bearer token', async () => {
      const answer = await request(
        'POST',
        '/api/member/auth/logout',
        { Origin: 'https://elsewhere.example', 'Content-Type': 'application/x-www-form-urlencoded' },
        'a=b',
      );
      expect(answer.status).toBe(403);
    });

    it('answers the preflight of an allowed origin, and refuses another', async () => {
      const preflight = await request('OPTIONS', '/api/member/member_status', {
        Origin: ALLOWED,
        'Access-Control-Request-Method': 'POST',
        'Access-Control-Request-Headers': 'authorization,content-type',
      });
      expect(preflight.status).toBe(204);
      expect(preflight.headers['access-control-allow-origin']).toBe(ALLOWED);
      expect(preflight.headers['access-control-allow-methods']).toContain('POST');
      expect(preflight.headers['access-control-allow-headers']?.toLowerCase()).toContain('authorization');
      // The vendor's web client sends Laravel's X-CSRF-TOKEN with every call, and sends it with credentials.
      expect(preflight.headers['access-control-allow-headers']?.toLowerCase()).toContain('x-csrf-token');
      expect(preflight.headers['access-control-allow-credentials']).toBe('true');
      expect(preflight.headers.vary).toContain('Origin');

      const other = await request('OPTIONS', '/api/member/member_status', {
        Origin: 'https://evil.example',
        'Access-Control-Request-Method': 'POST',
      });
      expect(other.status).toBe(403);
      expect(other.headers['access-control-allow-origin']).toBeUndefined();
      expect(other.headers['access-control-allow-credentials']).toBeUndefined();
    });

    it('lets an allowed origin’s API call through with our cookie sent along, and no other origin’s', async () => {
      // A page of a sibling host sends its credentialed calls with our session cookie: the API reads
      // only the token, so the cookie decides nothing there; anywhere else, or from another origin, it is checked.
      const call = (origin: string, pathname = '/api/member/auth/login') =>
        request(
          'POST',
          pathname,
          { Origin: origin, Cookie: 'sahakorn_sid=abc', 'Content-Type': 'application/json' },
          JSON.stringify({ username: '000000', password: 'wrong' }),
        );
      const allowed = await call(ALLOWED);
      expect(allowed.status).not.toBe(403);
      expect(allowed.headers['content-type']).toMatch(/^application\/json/);
      expect(allowed.headers['access-control-allow-origin']).toBe(ALLOWED);
      expect(allowed.headers['access-control-allow-credentials']).toBe('true');
      expect((await call('https://evil.example')).status).toBe(403);
      expect((await call(ALLOWED, '/member/logon')).status).toBe(403);
    });

    it('marks the answer to an allowed origin, and only that one', async () => {
      const allowed = await request('GET', '/api/info/manu', { Origin: ALLOWED });
      expect(allowed.headers['access-control-allow-origin']).toBe(ALLOWED);
      const other = await request('GET', '/api/info/manu', { Origin: 'https://evil.example' });
      expect(other.headers['access-control-allow-origin']).toBeUndefined();
      const page = await request('GET', '/home', { Origin: ALLOWED });
      expect(page.headers['access-control-allow-origin']).toBeUndefined();
    });
  });

  describe('security headers', () => {
    it('sends HSTS in production and a nonce CSP with strict-dynamic', async () => {
      const answer = await request('GET', '/home');
      expect(answer.headers['strict-transport-security']).toBe('max-age=31536000; includeSubDomains');
      const csp = answer.headers['content-security-policy'] ?? '';
      expect(csp).toMatch(/script-src 'nonce-[^']+' 'strict-dynamic'/);
      expect(csp).not.toContain('unsafe-inline');
    });
  });
});

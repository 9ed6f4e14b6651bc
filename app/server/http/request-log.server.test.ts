import { EventEmitter } from 'node:events';
import fs from 'node:fs';
import type { IncomingMessage, ServerResponse } from 'node:http';
import os from 'node:os';
import path from 'node:path';

import { afterEach, describe, expect, it, vi } from 'vitest';

// The logger reads the environment: a store of its own, configured before the modules load.
Object.assign(process.env, { DATA_DIR: fs.mkdtempSync(path.join(os.tmpdir(), 'sahakorn-reqlog-')), LOG_LEVEL: 'info' });

const { createRequestLog, requestIdFor, routePatterns } = await import('./request-log.server');
const { createAppLogger, log } = await import('../log.server');
const { currentRequestId } = await import('./request-context.server');

/** The shape of the Remix build's `routes` for a few of our flat routes. */
const ROUTES = {
  root: { id: 'root', path: '' },
  'routes/_index': { id: 'routes/_index', parentId: 'root', index: true },
  'routes/_info': { id: 'routes/_info', parentId: 'root' },
  'routes/_info.home': { id: 'routes/_info.home', parentId: 'routes/_info', path: 'home' },
  'routes/_info.show.$no': { id: 'routes/_info.show.$no', parentId: 'routes/_info', path: 'show/:no' },
  'routes/member': { id: 'routes/member', parentId: 'root', path: 'member' },
  'routes/member._index': { id: 'routes/member._index', parentId: 'routes/member', index: true },
  'routes/member.loan_statement.$statement': {
    id: 'routes/member.loan_statement.$statement',
    parentId: 'routes/member',
    path: 'loan_statement/:statement',
  },
  'routes/member_.logon': { id: 'routes/member_.logon', parentId: 'root', path: 'member/logon' },
  'routes/member_.photo[.jpg]': { id: 'routes/member_.photo[.jpg]', parentId: 'root', path: 'member/photo.jpg' },
  'routes/mediafiles.$': { id: 'routes/mediafiles.$', parentId: 'root', path: 'mediafiles/*' },
  'routes/readyz': { id: 'routes/readyz', parentId: 'root', path: 'readyz' },
  'routes/api.$': { id: 'routes/api.$', parentId: 'root', path: 'api/*' },
  'routes/$': { id: 'routes/$', parentId: 'root', path: '*' },
};

describe('routePatterns', () => {
  const patternOf = routePatterns(ROUTES);

  it('names the matching route, never the values in the path', () => {
    expect(patternOf('/member/loan_statement/0123456789')).toBe('/member/loan_statement/:statement');
    expect(patternOf('/show/42')).toBe('/show/:no');
    expect(patternOf('/mediafiles/2568/photo.jpg')).toBe('/mediafiles/*');
  });

  it('names no route for a path that does not decode, and writes nothing outside the JSON log', () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    try {
      expect(patternOf('/show/%E0%A4%A')).toBeNull();
      expect(patternOf('/img/%E0%A4%A.jpg')).toBeNull();
      expect(warn).not.toHaveBeenCalled();
    } finally {
      warn.mockRestore();
    }
  });

  it('follows layouts, index routes and escaped dots the way Remix matches', () => {
    // Paths without values: each is its route's pattern.
    for (const route of ['/', '/home', '/member', '/member/logon', '/member/photo.jpg', '/readyz']) {
      expect(patternOf(route)).toBe(route);
    }
  });

  it('names a vendor API call by its endpoint, served by the one API route (ADR 079)', () => {
    expect(patternOf('/api/member/member_dep_statement/0012345678')).toBe('/api/member/member_dep_statement/:no');
    expect(patternOf('/api/member/print_pdf/2025/3')).toBe('/api/member/print_pdf/:year/:month');
    expect(patternOf('/api/info/show/42')).toBe('/api/info/show/:no');
    expect(patternOf('/api/info/list/smartsearch')).toBe('/api/info/list/smartsearch');
    expect(patternOf('/API/member/member_status/')).toBe('/api/member/member_status');
    // A path the API does not serve: its route's pattern, never the path.
    expect(patternOf('/api/member/1103700012345')).toBe('/api/*');
  });

  it('unknown paths fall to the splat route, or match nothing without one', () => {
    expect(patternOf('/1234567890123')).toBe('/*');
    const bare = routePatterns({ root: { id: 'root', path: '' } });
    expect(bare('/anything')).toBeNull();
    // Asked again, the remembered answer is the same.
    expect(bare('/anything')).toBeNull();
  });
});

describe('requestIdFor', () => {
  it('keeps a safe id from a trusted proxy', () => {
    expect(requestIdFor('9f3c2a7b1e0d4c5f8a6b7c8d9e0f1a2b', true)).toBe('9f3c2a7b1e0d4c5f8a6b7c8d9e0f1a2b');
    expect(requestIdFor('123e4567-e89b-12d3-a456-426614174000', true)).toBe('123e4567-e89b-12d3-a456-426614174000');
  });

  it('makes a new id when the proxy is not trusted or the value is unsafe', () => {
    const fresh = /^[0-9a-f]{32}$/;
    expect(requestIdFor('9f3c2a7b1e0d4c5f8a6b7c8d9e0f1a2b', false)).toMatch(fresh);
    expect(requestIdFor('9f3c2a7b1e0d4c5f8a6b7c8d9e0f1a2b', false)).not.toBe('9f3c2a7b1e0d4c5f8a6b7c8d9e0f1a2b');
    for (const unsafe of [
      undefined,
      '',
      'short',
      'a'.repeat(129),
      'id with spaces',
      'abc"},"level":"error',
      'line\nbreak-abcdef',
      '1103700012345', // digits only: could be a national id
      ['9f3c2a7b1e0d4c5f', '8a6b7c8d9e0f1a2b'],
    ]) {
      expect(requestIdFor(unsafe, true)).toMatch(fresh);
    }
    expect(requestIdFor(undefined, true)).not.toBe(requestIdFor(undefined, true));
  });
});

function fakeExchange(method: string, url: string, headers: Record<string, string> = {}) {
  const req = { method, url, headers } as unknown as IncomingMessage;
  const sent: Record<string, unknown> = {};
  const res = Object.assign(new EventEmitter(), {
    statusCode: 200,
    writableFinished: true,
    headersSent: false,
    setHeader: (name: string, value: unknown) => (sent[name.toLowerCase()] = value),
    getHeader: (name: string) => sent[name.toLowerCase()],
  }) as unknown as ServerResponse;
  return { req, res, sent };
}

describe('createRequestLog', () => {
  // Lines as the app's logger writes them, at debug, parsed back.
  const lines: { level: string; line: Record<string, unknown> }[] = [];
  const capture = {
    write: (text: string) => {
      const { level, msg, time, ...line } = JSON.parse(text) as Record<string, unknown>;
      expect(msg).toBe('request');
      expect(typeof time).toBe('string');
      lines.push({ level: String(level), line });
    },
  };
  const requestLog = createRequestLog({ routes: ROUTES, trustProxy: false, logger: createAppLogger(capture, 'debug') });

  afterEach(() => {
    lines.length = 0;
    vi.restoreAllMocks();
  });

  it('writes one line per request with id, method, route pattern, status, duration and cache state', () => {
    const { req, res, sent } = fakeExchange('GET', '/member/loan_statement/0123456789?from=01/01/2568&page=2', {
      cookie: '__Host-sahakorn_sid=secret-session-id',
    });
    requestLog.begin(req, res, () => requestLog.routed(req, res, () => {}));
    res.statusCode = 404;
    res.emit('close');
    expect(lines).toEqual([
      {
        level: 'info',
        line: {
          requestId: sent['x-request-id'],
          method: 'GET',
          route: '/member/loan_statement/:statement',
          status: 404,
          ms: expect.any(Number) as number,
        },
      },
    ]);
    expect(sent['x-request-id']).toMatch(/^[0-9a-f]{32}$/);
  });

  it('logs public files at debug only, and marks answers the client did not wait for', () => {
    const file = fakeExchange('GET', '/build/entry.client-ABC.js');
    requestLog.begin(file.req, file.res, () => {});
    file.res.emit('close');
    expect(lines.at(-1)).toMatchObject({ level: 'debug', line: { route: 'static' } });
    // At LOG_LEVEL=info (this process) public files write nothing.
    const out = vi.spyOn(process.stdout, 'write').mockImplementation(() => true);
    const atInfo = createRequestLog({ routes: ROUTES, trustProxy: false });
    const again = fakeExchange('GET', '/favicon.ico');
    atInfo.begin(again.req, again.res, () => {});
    again.res.emit('close');
    expect(out).not.toHaveBeenCalled();

    const gone = fakeExchange('GET', '/home');
    requestLog.begin(gone.req, gone.res, () => requestLog.routed(gone.req, gone.res, () => {}));
    Object.assign(gone.res, { writableFinished: false });
    gone.res.emit('close');
    expect(lines.at(-1)).toMatchObject({ level: 'info', line: { route: '/home', aborted: true } });
  });

  it('below info writes no line, and still gives the request its id, in its header and its context', () => {
    const quiet = createRequestLog({ routes: ROUTES, trustProxy: false, logger: createAppLogger(capture, 'warn') });
    const { req, res, sent } = fakeExchange('GET', '/home');
    let inside: string | undefined;
    quiet.begin(req, res, () => (inside = currentRequestId()));
    res.emit('close');
    expect(sent['x-request-id']).toMatch(/^[0-9a-f]{32}$/);
    expect(inside).toBe(sent['x-request-id']);
    expect(lines).toEqual([]);
  });

  it('health probes are logged at debug while they pass, at info when they fail', () => {
    for (const status of [200, 503]) {
      const probe = fakeExchange('GET', '/readyz');
      requestLog.begin(probe.req, probe.res, () => requestLog.routed(probe.req, probe.res, () => {}));
      probe.res.statusCode = status;
      probe.res.emit('close');
    }
    expect(lines.map(({ level, line }) => [level, line.route, line.status])).toEqual([
      ['debug', '/readyz', 200],
      ['info', '/readyz', 503],
    ]);
  });

  it('logs a vendor API call by its endpoint, without the account number in its path', () => {
    const { req, res } = fakeExchange('POST', '/api/member/member_dep_statement/0012345678?page=2', {
      authorization: 'Bearer secret-token',
    });
    requestLog.begin(req, res, () => requestLog.routed(req, res, () => {}));
    res.emit('close');
    expect(lines.at(-1)).toMatchObject({
      level: 'info',
      line: { method: 'POST', route: '/api/member/member_dep_statement/:no', status: 200 },
    });
    expect(JSON.stringify(lines.at(-1))).not.toContain('0012345678');
  });

  it('a refused POST that never reached the app is still logged at info with its route', () => {
    const { req, res } = fakeExchange('POST', '/member/logon');
    requestLog.begin(req, res, () => {});
    res.statusCode = 403;
    res.emit('close');
    expect(lines.at(-1)).toMatchObject({
      level: 'info',
      line: { method: 'POST', route: '/member/logon', status: 403 },
    });
  });

  it('the written line (through the app logger) carries no query string, cookie or token', () => {
    const out = vi.spyOn(process.stdout, 'write').mockImplementation(() => true);
    const real = createRequestLog({ routes: ROUTES, trustProxy: true });
    const { req, res } = fakeExchange(
      'POST',
      '/member/loan_statement/0123456789?t=abc.123.signature&idCard=1103700012345',
      {
        cookie: '__Host-sahakorn_sid=secret-session-id',
        authorization: 'Bearer secret-token',
        'x-request-id': 'nginx-0a1b2c3d4e5f',
      },
    );
    real.begin(req, res, () => real.routed(req, res, () => {}));
    res.emit('close');
    const written = out.mock.calls.map(([chunk]) => String(chunk));
    expect(written).toHaveLength(1);
    const line = written[0] ?? '';
    expect(JSON.parse(line)).toMatchObject({
      level: 'info',
      msg: 'request',
      requestId: 'nginx-0a1b2c3d4e5f',
      method: 'POST',
      route: '/member/loan_statement/:statement',
      status: 200,
    });
    for (const secret of ['?', 't=', 'signature', '1103700012345', '0123456789', 'sahakorn_sid', 'secret', 'Bearer']) {
      expect(line).not.toContain(secret);
    }
  });

  it('log lines written while the request is handled carry its id', async () => {
    const err = vi.spyOn(process.stderr, 'write').mockImplementation(() => true);
    const { req, res, sent } = fakeExchange('GET', '/home');
    await new Promise<void>((done) =>
      requestLog.begin(req, res, () => {
        setTimeout(() => {
          log.error('backend call failed', { call: 'getHomeContent' });
          done();
        }, 1);
      }),
    );
    log.error('outside any request');
    const [inside, outside] = err.mock.calls.map(([chunk]) => JSON.parse(String(chunk)) as Record<string, unknown>);
    expect(inside).toMatchObject({ level: 'error', msg: 'backend call failed', requestId: sent['x-request-id'] });
    expect(outside).not.toHaveProperty('requestId');
  });
});

import fs from 'node:fs';
import path from 'node:path';

import { afterEach, beforeAll, describe, expect, it } from 'vitest';

import { get } from './http';
import { BUILT, connectionRefused, startServer, stopServer, TMP, type RunningServer } from './process';

let running: RunningServer | undefined;

beforeAll(() => {
  fs.rmSync(path.join(TMP, 'data'), { recursive: true, force: true });
});

afterEach(async () => {
  // A failed test must not leave its server on the port.
  await stopServer(running);
  running = undefined;
});

/**
 * Starts a slow request and resolves once the server is surely handling it: a quick request sent
 * after it on another connection has been answered, and the server reads connections in order.
 */
async function slowRequestInFlight(ms: number) {
  const slow = get(`/test/slow?ms=${ms}`, { 'X-Request-Id': 'client-chosen-request-id' });
  slow.catch(() => undefined);
  await new Promise((resolve) => setTimeout(resolve, 50));
  expect((await get('/healthz')).status).toBe(200);
  return { slow }; // wrapped: an async function returning the promise itself would wait for it
}

describe.skipIf(!BUILT)('graceful shutdown of server.js (SIGTERM)', () => {
  it('finishes the request in flight, refuses new connections, closes the database and exits 0', async () => {
    const server = (running = await startServer());
    const { slow } = await slowRequestInFlight(1500);

    server.child.kill('SIGTERM');
    const stopping = await server.waitFor((l) => l.msg === 'shutting down', 'shutting down');
    expect(stopping).toMatchObject({ level: 'info', signal: 'SIGTERM', inFlight: 1, timeoutSeconds: 10 });
    expect(await connectionRefused()).toBe('ECONNREFUSED');

    const answer = await slow;
    expect(answer.status).toBe(200);
    expect(JSON.parse(answer.body)).toEqual({ slept: 1500 });
    expect(answer.headers.connection).toBe('close');

    expect(await server.exited).toEqual({ code: 0, signal: null });
    const stopped = server.lines.find((l) => l.msg === 'stopped');
    expect(stopped).toMatchObject({ level: 'info', signal: 'SIGTERM' });
    expect(stopped).not.toHaveProperty('requestId');

    // Its request line: the route pattern and the id sent back, never the client's id nor the query.
    const id = answer.headers['x-request-id'];
    expect(id).toMatch(/^[0-9a-f]{32}$/);
    const line = server.lines.find((l) => l.msg === 'request' && l.requestId === id);
    expect(line).toMatchObject({ level: 'info', method: 'GET', route: '/test/slow', status: 200 });
    expect(Number(line?.ms)).toBeGreaterThanOrEqual(1400);
    expect(server.output()).not.toContain('client-chosen-request-id');
    expect(server.output()).not.toContain('ms=1500');
  });

  it('cuts off what is still running after SHUTDOWN_TIMEOUT_SECONDS and exits 1', async () => {
    const server = (running = await startServer({ SHUTDOWN_TIMEOUT_SECONDS: '1' }));
    const { slow } = await slowRequestInFlight(20_000);
    const started = Date.now();

    server.child.kill('SIGTERM');
    expect(await server.exited).toEqual({ code: 1, signal: null });
    expect(Date.now() - started).toBeLessThan(15_000);
    await expect(slow).rejects.toThrow();
    expect(server.lines.find((l) => l.msg === 'shutdown timed out: cutting off requests in flight')).toMatchObject({
      level: 'warn',
      inFlight: 1,
    });
    expect(server.lines.some((l) => l.msg === 'stopped')).toBe(false);
  });

  it('a second signal stops at once with exit 1', async () => {
    const server = (running = await startServer());
    const { slow } = await slowRequestInFlight(20_000);

    server.child.kill('SIGTERM');
    await server.waitFor((l) => l.msg === 'shutting down', 'shutting down');
    server.child.kill('SIGINT');
    expect(await server.exited).toEqual({ code: 1, signal: null });
    await expect(slow).rejects.toThrow();
    expect(server.lines.find((l) => l.msg === 'stopping at once')).toMatchObject({ level: 'warn', signal: 'SIGINT' });
  });
});

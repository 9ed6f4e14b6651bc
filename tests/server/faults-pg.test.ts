// PostgreSQL that stops answering without closing anything (hung, overloaded, a network path that
// drops packets), at start and under a running server (ADR 143): the server neither hangs at start
// nor holds requests until the proxy's timeout; it answers the Thai 503 and recovers by itself.
//   npm run build && SERVER_TEST_PORT=… npx vitest run -c vitest.server.config.ts tests/server/faults-pg.test.ts
// The second part needs TEST_DATABASE_URL (a role that may create databases).
import fs from 'node:fs';
import path from 'node:path';

import { afterAll, describe, expect, it } from 'vitest';

import { UNAVAILABLE_MESSAGE } from '~/lib/messages';

import { pgProxy, type PgProxy } from '~/server/db/pg-proxy.test-support';

import { dropDatabase, freshDatabase } from '../../scripts/instances.mjs';
import { get, signIn } from './http';
import { BUILT, TMP, startServer, stopServer, type RunningServer } from './process';

const PG_URL = process.env.TEST_DATABASE_URL;

describe.skipIf(!BUILT)('PostgreSQL that never answers, at start', () => {
  it('the server gives up within seconds with one line, instead of waiting for ever', async () => {
    const silent = await pgProxy();
    const dataDir = path.join(TMP, 'faults-pg-start');
    try {
      const started = Date.now();
      const failed = await startServer({ DATA_DIR: dataDir, DATABASE_URL: silent.url }).then(
        async (server) => {
          await stopServer(server);
          return 'it started';
        },
        (error: unknown) => String(error),
      );
      expect(failed).toContain('Sahakorn cannot start: the database is unreachable');
      expect(failed).not.toMatch(/\bat .+:\d+:\d+/);
      expect(Date.now() - started).toBeLessThan(30_000);
    } finally {
      await silent.close();
      fs.rmSync(dataDir, { recursive: true, force: true });
    }
  });
});

describe.skipIf(!BUILT || !PG_URL)('PostgreSQL that stops answering under a running server', () => {
  let server: RunningServer | undefined;
  let stalling: PgProxy | undefined;
  const dataDir = path.join(TMP, 'faults-pg-running');

  afterAll(async () => {
    await stopServer(server);
    await stalling?.close();
    await dropDatabase(PG_URL ?? '', 'faults_pg');
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  it('a member page answers the Thai 503 with Retry-After within the limits, and pages come back after', async () => {
    stalling = await pgProxy(new URL(await freshDatabase(PG_URL ?? '', 'faults_pg')));
    server = await startServer({ DATA_DIR: dataDir, DATABASE_URL: stalling.url, SEED_DEMO: '1', SEED_MEMBERS: '5' });
    const member = await signIn();
    expect(member.status).toBe(302);
    const page = () => get('/member/share', { Cookie: `acceptCookie=Y; ${member.cookie}` });
    expect((await page()).status).toBe(200);

    stalling.stall(true);
    const started = Date.now();
    const during = await page();
    const waited = Date.now() - started;
    expect(during.status).toBe(503);
    expect(during.headers['retry-after']).toBe('30');
    // Member pages say it in their layout (the Thai "cannot connect").
    expect(during.body).toContain(UNAVAILABLE_MESSAGE);
    expect(during.body).not.toMatch(/Unexpected Server Error|Connection terminated|Query read timeout/);
    // The statement limit is 15 s and a silent connection is given up after 20 s: far inside nginx's 60 s.
    expect(waited).toBeLessThan(25_000);
    const ready = await get('/readyz');
    expect(ready.status).toBe(503);
    expect(JSON.parse(ready.body)).toEqual({ status: 'unavailable', reason: 'database unreachable' });

    stalling.stall(false);
    expect((await page()).status).toBe(200);
    expect((await get('/readyz')).status).toBe(200);
  });
});

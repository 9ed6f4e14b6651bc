/**
 * Rotating SESSION_SECRET (ADR 124): with the old secret listed in SESSION_SECRET_PREVIOUS a member
 * signed in before the restart is still signed in after it; with the old secret dropped, signed out.
 * Needs `npm run build` first.
 */
import fs from 'node:fs';
import path from 'node:path';

import { afterAll, describe, expect, it } from 'vitest';

import { serverAt } from './http';
import { BUILT, TMP, startServer, stopServer, type RunningServer } from './process';

const OLD = 'rotation-test-old-secret-0123456789abcdef';
const NEW = 'rotation-test-new-secret-0123456789abcdef';

describe.skipIf(!BUILT)('a session secret rotated', () => {
  let server: RunningServer | undefined;
  const restart = async (env: Record<string, string>) => {
    await stopServer(server, 'SIGTERM');
    server = await startServer({ SEED_DEMO: '1', SEED_MEMBERS: '5', ...env });
  };
  afterAll(() => stopServer(server));

  it('keeps members signed in while the old secret is listed, and signs them out once it is dropped', async () => {
    fs.rmSync(path.join(TMP, 'data'), { recursive: true, force: true });
    const at = serverAt();
    await restart({ SESSION_SECRET: OLD });
    const { status, cookie } = await at.signIn();
    expect([302, 303]).toContain(status);
    expect((await at.get('/member/status', { Cookie: cookie })).status).toBe(200);

    await restart({ SESSION_SECRET: NEW, SESSION_SECRET_PREVIOUS: OLD });
    expect((await at.get('/member/status', { Cookie: cookie })).status).toBe(200);

    await restart({ SESSION_SECRET: NEW });
    const after = await at.get('/member/status', { Cookie: cookie });
    expect(after.status).toBe(302);
    expect(after.headers.location).toMatch(/^\/member\/logon/);
  }, 60_000);
});

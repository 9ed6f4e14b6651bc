import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { createEmbeddedBackend } from '../coop/embedded.server';
import type { CoopBackend } from '../coop/types';
import { migrate, openDb, type Db } from '../db/index.server';
import { refusePublishedDemoPassword } from './demo-password.server';
import { DEMO_MEMBER, seedDemo } from '../seed/demo.server';

describe('outside demo mode the published demo password opens no account', () => {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'sahakorn-demo-password-'));
  let db: Db;
  let backend: CoopBackend;

  beforeAll(async () => {
    db = openDb({ dataDir });
    await migrate(db);
    // A store seeded for a demonstration, later run in production without SEED_DEMO=1.
    await seedDemo(db, { members: 5 });
    backend = createEmbeddedBackend(db);
  });

  afterAll(async () => {
    await db.destroy();
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  const login = (b: CoopBackend, password: string) =>
    b.login({ membershipNo: DEMO_MEMBER.membershipNo, password, remember: false });

  it('refuses it as a wrong password, while the store itself would accept it', async () => {
    expect((await login(backend, DEMO_MEMBER.password)).ok).toBe(true);
    expect(await login(refusePublishedDemoPassword(backend), DEMO_MEMBER.password)).toEqual({
      ok: false,
      reason: 'invalid_credentials',
    });
  });

  it('lets any other password through to the store, and every other call untouched', async () => {
    const guarded = refusePublishedDemoPassword(backend);
    expect(await login(guarded, 'not-the-password')).toEqual({ ok: false, reason: 'invalid_credentials' });
    expect(guarded.kind).toBe('embedded');
    expect((await guarded.getMenu()).length).toBeGreaterThan(0);
  });
});

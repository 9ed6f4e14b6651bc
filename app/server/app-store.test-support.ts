/**
 * For test files that run the app's own modules (actions, sessions, limits) on a store of their own:
 * a fresh SQLite folder with demo data, set up before any app module reads the environment, started
 * before the tests and removed after them.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

import type { AppLoadContext } from '@remix-run/node';
import { afterAll, beforeAll } from 'vitest';

import type { Db } from './db/index.server';

/**
 * Points the environment at a new store named after the test file (demo data, 20 members, no log),
 * with `extra` variables on top, and registers the hooks that start the app before the file's tests
 * and shut it down and remove the folder after them. Call it before importing any app module.
 */
export function useOwnStore(
  name: string,
  extra: Record<string, string> = {},
  { startTimeoutMs }: { startTimeoutMs?: number } = {},
): { dataDir: string } {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), `sahakorn-${name}-`));
  Object.assign(process.env, { DATA_DIR: dataDir, SEED_DEMO: '1', SEED_MEMBERS: '20', LOG_LEVEL: 'silent', ...extra });
  beforeAll(async () => {
    const { app } = await import('./app.server');
    await app();
  }, startTimeoutMs);
  afterAll(async () => {
    const { shutdown } = await import('./app.server');
    await shutdown();
    fs.rmSync(dataDir, { recursive: true, force: true });
  });
  return { dataDir };
}

/** The load context of a request from `clientAddress`, as the server gives it to loaders and actions. */
export function contextFrom(clientAddress: string): AppLoadContext {
  return { cspNonce: 'n', clientAddress } as unknown as AppLoadContext;
}

/** A seeded member's row, and the identity fields as a member types them (birth date in the Buddhist era). */
export async function typedIdentity(db: Db, membershipNo: string) {
  const row = await db
    .selectFrom('members')
    .selectAll()
    .where('membership_no', '=', membershipNo)
    .executeTakeFirstOrThrow();
  const [y, m, d] = row.birth_date.split('-');
  return {
    row,
    fields: {
      membershipNo,
      nationalId: row.id_card,
      firstName: row.first_name,
      lastName: row.last_name,
      birthDate: `${d}/${m}/${Number(y) + 543}`,
    },
  };
}

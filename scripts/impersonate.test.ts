import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { cliRunner } from '../app/server/ops/cli.test-support';

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'sahakorn-imp-cli-'));
// The audit writer logs through the process's env: keep it off the repository's ./data.
Object.assign(process.env, { DATA_DIR: dataDir, LOG_LEVEL: 'silent' });

const { migrate, openDb } = await import('../app/server/db/index.server');
const { sha256 } = await import('../app/server/crypto.server');
const { main } = await import('./impersonate');

const SECRET = 'cli-test-impersonation-secret-0123456789';
const ENV = {
  DATA_DIR: dataDir,
  IMPERSONATION_SECRET: SECRET,
  PUBLIC_URL: 'https://coop.example',
  LOG_LEVEL: 'silent',
};
const db = openDb({ dataDir });

const run = cliRunner(main, ENV);

beforeAll(async () => {
  await migrate(db);
  await db
    .insertInto('members')
    .values({
      membership_no: '000042',
      prename: 'นาย',
      first_name: 'ทดสอบ',
      last_name: 'คำสั่ง',
      id_card: '1100000000421',
      sex: 'M',
      birth_date: '1980-01-01',
      approve_date: '2000-01-01',
      member_group_no: '01',
      member_group_name: 'ทดสอบ',
      position_name: null,
      salary_satang: 0,
      address: '-',
      phone: null,
      status_code: '0',
    })
    .execute();
});

afterAll(async () => {
  await db.destroy();
});

describe('npm run impersonate', () => {
  it('prints exactly one link for a membership number (padded like login) and records the grant', async () => {
    const { code, out, err } = await run(['42', '--staff', 'สมศรี (IT)']);
    expect(code).toBe(0);
    expect(out).toHaveLength(1);
    const url = new URL(out[0] ?? '');
    expect(url.origin + url.pathname).toBe('https://coop.example/member/impersonate');
    expect([...url.searchParams.keys()]).toEqual(['t']);
    expect(out[0]).not.toContain('000042');
    expect(err).toMatch(/Single use, valid for 60 seconds/);
    const nonce = url.searchParams.get('t')?.split('.')[0] ?? '';
    const grant = await db
      .selectFrom('impersonation_grants')
      .selectAll()
      .where('nonce_hash', '=', sha256(nonce))
      .executeTakeFirstOrThrow();
    expect(grant).toMatchObject({ membership_no: '000042', staff: 'สมศรี (IT)', used_at: null });
    const issued = await db
      .selectFrom('audit_events')
      .selectAll()
      .where('type', '=', 'impersonation_issued')
      .executeTakeFirstOrThrow();
    expect(issued.membership_no).toBe('000042');
  });

  it('explains what is wrong and exits non-zero', async () => {
    expect(await run([])).toMatchObject({ code: 2, out: [], err: expect.stringContaining('Usage') });
    expect(await run(['000042'])).toMatchObject({ code: 2, err: expect.stringContaining('--staff') });
    expect(await run(['12ab', '--staff', 'x'])).toMatchObject({ code: 2, err: expect.stringContaining('12ab') });
    expect(await run(['000042', '--staff', 'x', '--remember'])).toMatchObject({ code: 2 });
    expect(await run(['099999', '--staff', 'x'])).toMatchObject({
      code: 1,
      out: [],
      err: 'No active member with number 099999.',
    });
    const { IMPERSONATION_SECRET: _, ...withoutSecret } = ENV;
    expect(await run(['000042', '--staff', 'x'], withoutSecret)).toMatchObject({
      code: 1,
      out: [],
      err: expect.stringContaining('IMPERSONATION_SECRET is not set'),
    });
    const front = { ...ENV, COOP_BACKEND: 'http', COOP_API_URL: 'http://127.0.0.1:9/' };
    expect(await run(['000042', '--staff', 'x'], front)).toMatchObject({
      code: 1,
      out: [],
      err: expect.stringContaining('run this on the core'),
    });
  });

  it('runs as a script (tsx), printing the link on stdout only', () => {
    const result = spawnSync(
      process.execPath,
      ['--import', 'tsx', 'scripts/impersonate.ts', '000042', '--staff', 'it-7'],
      {
        env: { ...process.env, ...ENV, PORT: '3999', PUBLIC_URL: '' },
        encoding: 'utf8',
        timeout: 60_000,
      },
    );
    expect(result.status, result.stderr).toBe(0);
    expect(result.stdout.trim()).toMatch(
      /^http:\/\/localhost:3999\/member\/impersonate\?t=[\w-]{43}\.\d{13}\.[\w-]{43}$/,
    );
    expect(result.stderr).toContain('Single use');
  }, 60_000);
});

import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

import type { AppLoadContext } from '@remix-run/node';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

// A store of its own, configured before the app modules read the environment.
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'sahakorn-register-'));
Object.assign(process.env, {
  DATA_DIR: dataDir,
  SEED_DEMO: '1',
  SEED_MEMBERS: '20',
  IDENTITY_MAX_PER_ADDRESS: '3',
  IDENTITY_MAX_PER_MEMBER: '2',
  LOG_LEVEL: 'silent',
});

const { app, shutdown } = await import('./app.server');
const { registerAction } = await import('./register.server');
const { REGISTER_MESSAGES } = await import('~/lib/forms/register');
const { thaiIdCheckDigit } = await import('~/lib/forms/identity');

/** A well-formed forgotten-password attempt whose identity does not match anybody. */
function attempt(membershipNo: string, clientAddress: string) {
  const request = new Request('http://coop.test/member/forget', {
    method: 'POST',
    body: new URLSearchParams({
      membershipNo,
      nationalId: `310050099999${thaiIdCheckDigit('310050099999')}`,
      firstName: 'ไม่มี',
      lastName: 'ตัวตน',
      birthDate: '01/01/2530',
      password: 'a-long-enough-passphrase',
      confirmPassword: 'a-long-enough-passphrase',
    }),
  });
  const context = { cspNonce: 'n', clientAddress } as unknown as AppLoadContext;
  return registerAction('forget', { request, context, params: {} });
}

beforeAll(async () => {
  await app();
});

afterAll(async () => {
  await shutdown();
});

describe('identity-check rate limits', () => {
  it('answers 429 once an address has made more attempts than IDENTITY_MAX_PER_ADDRESS', async () => {
    const statuses: number[] = [];
    for (const no of ['070001', '070002', '070003', '070004']) statuses.push((await attempt(no, '10.0.0.1')).status);
    expect(statuses).toEqual([400, 400, 400, 429]);
    // Another address is not affected.
    expect((await attempt('070005', '10.0.0.2')).status).toBe(400);
  });

  it('answers 429 once a membership number has had more attempts than IDENTITY_MAX_PER_MEMBER', async () => {
    const statuses: number[] = [];
    for (const ip of ['10.0.1.1', '10.0.1.2', '10.0.1.3']) statuses.push((await attempt('070010', ip)).status);
    expect(statuses).toEqual([400, 400, 429]);
    const body = (await (await attempt('070010', '10.0.1.4')).json()) as {
      result: { error: Record<string, string[]> };
    };
    expect(JSON.stringify(body.result.error)).toContain(REGISTER_MESSAGES.tooMany(15).slice(0, 20));
  });
});

describe('the backend unavailable', () => {
  it('answers 503 with the form as typed, passwords excepted, and the spec message', async () => {
    const { backend } = await app();
    const real = backend.resetForgottenPassword;
    backend.resetForgottenPassword = () =>
      Promise.reject(Response.json({ message: 'ไม่สามารถเชื่อมต่อได้' }, { status: 503 }));
    try {
      const answer = await attempt('070020', '10.0.2.1');
      expect(answer.status).toBe(503);
      const body = (await answer.json()) as {
        result: { initialValue: Record<string, string>; error: Record<string, string[]> };
      };
      expect(body.result.error['']).toEqual(['ไม่สามารถเชื่อมต่อได้']);
      expect(body.result.initialValue).toMatchObject({ membershipNo: '070020', firstName: 'ไม่มี', lastName: 'ตัวตน' });
      expect(JSON.stringify(body)).not.toContain('a-long-enough-passphrase');
    } finally {
      backend.resetForgottenPassword = real;
    }
  });
});

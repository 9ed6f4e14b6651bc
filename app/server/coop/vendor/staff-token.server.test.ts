import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

import type { ActionFunctionArgs, AppLoadContext } from '@remix-run/node';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { IMPERSONATION_MESSAGES } from '~/lib/impersonation';

/**
 * A token that staff obtain through an impersonation link over the API (ADR 010, 025, 037) reads
 * the member's pages but cannot accept the terms or change the password in the member's name; each
 * refusal is audited. The member's own token can.
 */
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'sahakorn-staff-token-'));
const SECRET = 'staff-token-test-impersonation-secret-0001';
Object.assign(process.env, {
  DATA_DIR: dataDir,
  SEED_DEMO: '1',
  SEED_MEMBERS: '20',
  LOG_LEVEL: 'silent',
  IMPERSONATION_SECRET: SECRET,
});

const { app, shutdown } = await import('../../app.server');
const { issueImpersonationLink } = await import('../../auth/impersonation.server');
// The vendor API's one route (ADR 079): each call goes to the endpoint its path names.
const api = await import('~/routes/api.$');

const ORIGIN = 'http://coop.test';
const NO = '012345';

type Action = (args: ActionFunctionArgs) => Promise<Response> | Response;

async function post(action: Action, pathname: string, body: unknown, token?: string): Promise<Response> {
  const request = new Request(`${ORIGIN}${pathname}`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', ...(token ? { Authorization: `Bearer ${token}` } : {}) },
    body: JSON.stringify(body),
  });
  return action({ request, params: {}, context: { clientAddress: '10.7.0.1' } as unknown as AppLoadContext });
}

async function staffToken(): Promise<string> {
  const { db } = await app();
  const issued = await issueImpersonationLink(db, {
    membershipNo: NO,
    staff: 'สมศรี ฝ่ายบริการสมาชิก',
    secret: SECRET,
    baseUrl: ORIGIN,
  });
  if (!issued.ok) throw new Error(issued.reason);
  const t = new URL(issued.url).searchParams.get('t') ?? '';
  const response = await post(api.action, '/api/member/auth/impersonate', { t });
  expect(response.status).toBe(200);
  return ((await response.json()) as { token: string }).token;
}

async function acceptances(): Promise<number> {
  const { db } = await app();
  return (await db.selectFrom('terms_acceptances').select('terms_no').where('membership_no', '=', NO).execute()).length;
}

beforeAll(async () => {
  const { db } = await app();
  await db.deleteFrom('terms_acceptances').where('membership_no', '=', NO).execute();
});

afterAll(async () => {
  await shutdown();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

describe('a staff token from an impersonation link, over the API', () => {
  it('reads the member, but is refused the terms acceptance, audited', async () => {
    const token = await staffToken();
    expect((await post(api.action, '/api/member/member_status', {}, token)).status).toBe(200);
    const refused = await post(api.action, '/api/member/termofconditional_accept', {}, token);
    expect(refused.status).toBe(403);
    // The vendor's web client shows `error` of a refused call: in Thai, the web's own words.
    expect(await refused.json()).toEqual({ error: IMPERSONATION_MESSAGES.termsBlocked });
    expect(await acceptances()).toBe(0);
    const { db } = await app();
    const blocked = await db
      .selectFrom('audit_events')
      .select('detail')
      .where('type', '=', 'impersonation_blocked')
      .where('membership_no', '=', NO)
      .execute();
    expect(blocked.map((b) => b.detail)).toContain('accept_terms; staff=สมศรี ฝ่ายบริการสมาชิก; via api');
  });

  it('is refused the password change, and cannot be exchanged for a token that would not be', async () => {
    const token = await staffToken();
    const change = { mem_oldpassword: 'sahakorn-demo', mem_password: 'Som-tam-thai-2569' };
    const refused = await post(api.action, '/api/member/member_pass', change, token);
    expect(refused.status).toBe(403);
    expect(await refused.json()).toEqual({ error: IMPERSONATION_MESSAGES.passwordBlocked });
    // A staff token is never refreshed (ADR 092).
    expect((await post(api.action, '/api/member/auth/refresh', {}, token)).status).toBe(400);
    expect(
      (await (await app()).backend.login({ membershipNo: NO, password: 'sahakorn-demo', remember: false })).ok,
    ).toBe(true);
  });

  it("the member's own token accepts the terms", async () => {
    const { backend } = await app();
    const login = await backend.login({ membershipNo: NO, password: 'sahakorn-demo', remember: false });
    if (!login.ok) throw new Error('login failed');
    const accepted = await post(api.action, '/api/member/termofconditional_accept', {}, login.token);
    expect(accepted.status).toBe(200);
    expect(await acceptances()).toBe(1);
  });
});

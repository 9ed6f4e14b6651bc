import type { AppLoadContext } from '@remix-run/node';
import { beforeEach, describe, expect, it } from 'vitest';

import { useOwnStore } from '../../app-store.test-support';

/**
 * The API's bearer tokens (ADR 092): a login's absolute end that a refresh cannot move, no refresh
 * for an expired token or a staff one, every refresh audited; `member_pass` ends the member's other
 * tokens and web sessions. And the terms gate on the member's data (ADR 093).
 */
useOwnStore('api-tokens', { PUBLIC_URL: 'https://coop.test' });

const { app } = await import('../../app.server');
const { sha256 } = await import('../../crypto.server');
const { ABSOLUTE_MS, createSession } = await import('../../auth/session.server');
const { TOKEN_TTL_MS } = await import('../embedded.server');
// The vendor API's one route (ADR 079): each call goes to the endpoint its path names.
const api = await import('~/routes/api.$');

const ORIGIN = 'http://coop.test';
const NO = '012345';
const PASSWORD = 'sahakorn-demo';
const DAY = 24 * 3600_000;

async function call(pathname: string, token?: string, body: unknown = {}): Promise<Response> {
  const request = new Request(`${ORIGIN}${pathname}`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', ...(token ? { Authorization: `Bearer ${token}` } : {}) },
    body: JSON.stringify(body),
  });
  return api.action({ request, params: {}, context: { clientAddress: '10.9.0.1' } as unknown as AppLoadContext });
}

async function read(pathname: string, token: string): Promise<Response> {
  const request = new Request(`${ORIGIN}${pathname}?token=${encodeURIComponent(token)}`);
  return api.loader({ request, params: {}, context: { clientAddress: '10.9.0.1' } as unknown as AppLoadContext });
}

async function signIn(remember = false, password = PASSWORD): Promise<string> {
  const response = await call('/api/member/auth/login', undefined, {
    membership_no: NO,
    mem_password: password,
    remember,
  });
  expect(response.status).toBe(200);
  return ((await response.json()) as { token: string }).token;
}

async function staffToken(): Promise<string> {
  const { backend } = await app();
  const issued = await backend.impersonate(NO, 'สมศรี ฝ่ายบริการสมาชิก');
  if (!issued.ok) throw new Error('impersonation refused');
  return issued.token;
}

/** Moves a token's sign-in and expiry into the past (`ago` before now for both, its lifetime kept). */
async function age(token: string, ms: number): Promise<void> {
  const { db } = await app();
  const row = await db
    .selectFrom('coop_tokens')
    .select(['issued_at', 'expires_at'])
    .where('token_hash', '=', sha256(token))
    .executeTakeFirstOrThrow();
  await db
    .updateTable('coop_tokens')
    .set({ issued_at: row.issued_at - ms, expires_at: row.expires_at - ms })
    .where('token_hash', '=', sha256(token))
    .execute();
}

async function expiryOf(token: string): Promise<number | undefined> {
  const { db } = await app();
  const row = await db
    .selectFrom('coop_tokens')
    .select('expires_at')
    .where('token_hash', '=', sha256(token))
    .executeTakeFirst();
  return row?.expires_at;
}

/** The newest audit row's id: what a test writes comes after it, whatever the clock says. */
async function lastAuditId(): Promise<number> {
  const { db } = await app();
  const row = await db.selectFrom('audit_events').select('id').orderBy('id', 'desc').executeTakeFirst();
  return row ? Number(row.id) : 0;
}

async function auditOf(types: string[], afterId: number) {
  const { db } = await app();
  return db
    .selectFrom('audit_events')
    .selectAll()
    .where('type', 'in', types)
    .where('id', '>', afterId)
    .orderBy('id')
    .execute();
}

describe('refreshing an API token', () => {
  it('lasts no longer than the web session of the same login', () => {
    expect(TOKEN_TTL_MS).toEqual(ABSOLUTE_MS);
  });

  it('refuses an impersonation token expired 10 days ago, which then reads nothing', async () => {
    const token = await staffToken();
    await age(token, 10 * DAY);
    const refused = await call('/api/member/auth/refresh', token);
    expect(refused.status).toBe(400);
    expect(await refused.json()).toEqual({ error: 'เซสชั่นหมดอายุ' });
    expect((await call('/api/member/member_share', token)).status).toBe(400);
  });

  it('never exchanges a staff token, even while it holds: its 30 minutes are the cap', async () => {
    const token = await staffToken();
    const refused = await call('/api/member/auth/refresh', token);
    expect(refused.status).toBe(400);
    expect(await refused.json()).toEqual({ error: 'token is invalid' });
    // Still the staff's token until its 30 minutes are up.
    expect((await call('/api/member/member_share', token)).status).toBe(200);
  });

  it("refuses a member's token an hour after it expired", async () => {
    const token = await signIn();
    await age(token, TOKEN_TTL_MS.normal + 3600_000);
    expect((await call('/api/member/auth/refresh', token)).status).toBe(400);
  });

  it("keeps the login's absolute end: a remembered token refreshed on day 29 ends on day 30", async () => {
    const token = await signIn(true);
    await age(token, 29 * DAY);
    const end = await expiryOf(token);
    const response = await call('/api/member/auth/refresh', token);
    expect(response.status).toBe(200);
    const grant = (await response.json()) as { token: string; expires_in: number; token_type: string };
    expect(grant.token_type).toBe('bearer');
    expect(grant.token).not.toBe(token);
    expect(await expiryOf(grant.token)).toBe(end);
    expect(grant.expires_in).toBeLessThanOrEqual(DAY / 1000);
    expect(grant.expires_in).toBeGreaterThan(DAY / 1000 - 60);
    // The old token is spent; the new one reads.
    expect((await call('/api/member/member_share', token)).status).toBe(400);
    expect((await call('/api/member/member_share', grant.token)).status).toBe(200);
    // Past the end, the refreshed token cannot be refreshed either.
    await age(grant.token, DAY);
    expect((await call('/api/member/auth/refresh', grant.token)).status).toBe(400);
  });

  it('audits each exchange and each refusal, with the member and the reason, never the token', async () => {
    const since = await lastAuditId();
    const token = await signIn();
    const ok = (await (await call('/api/member/auth/refresh', token)).json()) as { token: string };
    expect((await call('/api/member/auth/refresh', token)).status).toBe(400);
    const staff = await staffToken();
    expect((await call('/api/member/auth/refresh', staff)).status).toBe(400);
    expect((await call('/api/member/auth/refresh', 'no-such-token')).status).toBe(400);
    const rows = await auditOf(['api_token_refreshed', 'api_token_refresh_refused'], since);
    expect(rows.map((r) => [r.type, r.membership_no, r.ip, r.detail])).toEqual([
      ['api_token_refreshed', NO, '10.9.0.1', 'api'],
      // A spent token is gone from the store: whose it was is no longer known.
      ['api_token_refresh_refused', null, '10.9.0.1', 'api; unknown token'],
      ['api_token_refresh_refused', NO, '10.9.0.1', 'api; staff token; staff=สมศรี ฝ่ายบริการสมาชิก'],
      ['api_token_refresh_refused', null, '10.9.0.1', 'api; unknown token'],
    ]);
    const written = JSON.stringify(rows);
    for (const secret of [token, ok.token, staff]) expect(written).not.toContain(secret);
  });
});

describe('the terms gate of the API', () => {
  async function withdrawAcceptance() {
    const { db } = await app();
    await db.deleteFrom('terms_acceptances').where('membership_no', '=', NO).execute();
  }

  beforeEach(withdrawAcceptance);

  it("refuses the member's data until they accept, with the gate's answer", async () => {
    const token = await signIn();
    for (const endpoint of [
      '/api/member/member_status',
      '/api/member/member_share',
      '/api/member/member_loan',
      '/api/member/member_dep',
      '/api/member/member_kep',
      '/api/member/member_div',
      '/api/member/member_gian',
      '/api/member/member_pass',
      '/api/member/wwwupload',
    ]) {
      const refused = await call(endpoint, token);
      expect(refused.status, endpoint).toBe(403);
      expect(await refused.json(), endpoint).toEqual({
        rc_code: '0',
        error:
          'กรุณาอ่านและยอมรับข้อกำหนดและเงื่อนไขการใช้บริการก่อนใช้บริการสมาชิกออนไลน์ ที่เว็บไซต์ https://coop.test/member/welcome',
      });
    }
    expect((await read('/api/member/print_pdf/2024/1', token)).status).toBe(403);
  });

  it('lets the member check the token, read and accept the terms, then serves the data', async () => {
    const token = await signIn();
    expect(await (await call('/api/member/auth/getAuthUser', token)).json()).toEqual({ rc_code: 1 });
    const status = (await (await call('/api/member/termofconditional', token)).json()) as { rc_code: string };
    expect(status.rc_code).toBe('0');
    expect((await call('/api/member/termofconditional_accept', token)).status).toBe(200);
    expect((await call('/api/member/member_share', token)).status).toBe(200);
  });

  it('lets staff acting as the member read, as on the web (only the member can accept)', async () => {
    const token = await staffToken();
    expect((await call('/api/member/member_share', token)).status).toBe(200);
  });

  it('lets the member sign out', async () => {
    const token = await signIn();
    expect((await call('/api/member/auth/logout', token)).status).toBe(200);
    expect((await call('/api/member/auth/getAuthUser', token)).status).toBe(400);
  });
});

describe('the API password change', () => {
  it("ends the member's other tokens and every web session; the calling token keeps working", async () => {
    const { db, backend } = await app();
    const caller = await signIn();
    expect((await call('/api/member/termofconditional_accept', caller)).status).toBe(200);
    const other = await signIn(true);
    const web = await backend.login({ membershipNo: NO, password: PASSWORD, remember: false });
    if (!web.ok) throw new Error('login failed');
    await createSession(new Request(`${ORIGIN}/member/logon`), {
      membershipNo: NO,
      memberName: 'สมาชิก',
      upstreamToken: web.token,
      upstreamExpiresInSeconds: web.expiresInSeconds,
      remember: false,
    });
    const since = await lastAuditId();
    const changed = await call('/api/member/member_pass', caller, {
      mem_oldpassword: PASSWORD,
      mem_password: 'Som-tam-thai-2569',
    });
    expect(await changed.json()).toMatchObject({ rc_code: '1' });
    expect((await call('/api/member/member_share', caller)).status).toBe(200);
    expect((await call('/api/member/member_share', other)).status).toBe(400);
    expect(await backend.getAuthUser({ token: web.token })).toBe(false);
    expect(await db.selectFrom('sessions').select('id_hash').where('membership_no', '=', NO).execute()).toEqual([]);
    const rows = await auditOf(['password_changed'], since);
    expect(rows.map((r) => r.detail)).toEqual(['api; other sessions and tokens ended']);
  });
});

/** A token of the member, whichever password an earlier test left them with. */
async function memberToken(): Promise<string> {
  const { backend } = await app();
  for (const password of [PASSWORD, 'Som-tam-thai-2569']) {
    const login = await backend.login({ membershipNo: NO, password, remember: false });
    if (login.ok) return login.token;
  }
  throw new Error('login failed');
}

describe('an expired token, as the vendor says it', () => {
  // The vendor's exception handler answers an expired token `{error: "เซสชั่นหมดอายุ"}` (HTTP 400)
  // and its web client shows that text as it drops the session; an unknown or ended token is
  // "token is invalid".
  const EXPIRED = { error: 'เซสชั่นหมดอายุ' };

  it('says the session expired on every member route, the print and the refresh', async () => {
    const { backend } = await app();
    const member = await memberToken();
    await age(member, TOKEN_TTL_MS.normal + 60_000);
    for (const endpoint of ['/api/member/auth/getAuthUser', '/api/member/member_share', '/api/member/auth/refresh']) {
      const refused = await call(endpoint, member);
      expect(refused.status, endpoint).toBe(400);
      expect(await refused.json(), endpoint).toEqual(EXPIRED);
    }
    const printed = await read('/api/member/print_pdf/2024/1', member);
    expect(printed.status).toBe(400);
    expect(await printed.json()).toEqual(EXPIRED);
    expect(await backend.getAuthUser({ token: member })).toBe(false);
  });

  it('says the same of a staff token past its 30 minutes', async () => {
    const staff = await staffToken();
    await age(staff, 31 * 60_000);
    expect(await (await call('/api/member/member_status', staff)).json()).toEqual(EXPIRED);
    expect(await (await call('/api/member/auth/refresh', staff)).json()).toEqual(EXPIRED);
  });

  it('still calls a token it never issued, or one signed out, invalid', async () => {
    const member = await memberToken();
    expect((await call('/api/member/auth/logout', member)).status).toBe(200);
    for (const token of [member, 'no-such-token']) {
      const refused = await call('/api/member/member_share', token);
      expect(refused.status).toBe(400);
      expect(await refused.json()).toEqual({ error: 'token is invalid' });
    }
  });
});

describe('the API password change over its limit', () => {
  it('names the limit in `error`, which the vendor client shows, with `Retry-After`', async () => {
    const { MAX_WRONG_CURRENT } = await import('../../auth/login-limit.server');
    const token = await memberToken();
    expect((await call('/api/member/termofconditional_accept', token)).status).toBe(200);
    const wrong = { mem_oldpassword: 'not-the-password-1', mem_password: 'Kaeng-som-2569!' };
    for (let i = 0; i < MAX_WRONG_CURRENT; i += 1) {
      expect(await (await call('/api/member/member_pass', token, wrong)).json()).toMatchObject({ rc_code: '-1' });
    }
    const limited = await call('/api/member/member_pass', token, wrong);
    expect(limited.status).toBe(429);
    const body = (await limited.json()) as { rc_code: string; rc_des: string; error: string };
    expect(body.rc_code).toBe('0');
    expect(body.error).toBe(body.rc_des);
    expect(body.error).toMatch(/\d+ นาที/);
    expect(Number(limited.headers.get('Retry-After'))).toBeGreaterThan(0);
  });
});

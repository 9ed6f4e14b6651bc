import { Authenticator } from 'remix-auth';
import { describe, expect, it, vi } from 'vitest';

import { applyCachePolicy } from '../http/security.server';
import { sessionRow, useOwnStore } from '../app-store.test-support';

const SECRET = 'unit-test-impersonation-secret-abcdefghijkl';
useOwnStore('imp-auth', { SESSION_IDLE_MINUTES: '60', IMPERSONATION_SECRET: SECRET });

const { app } = await import('../app.server');
const { IMPERSONATION_MAX_REFUSALS, impersonate, logout, requireMember } = await import('./auth.server');
const { issueImpersonationLink, LINK_TTL_MS } = await import('./impersonation.server');
const { IMPERSONATION_MAX_MS, lookupSession } = await import('./session.server');
const passwordRoute = await import('~/routes/member.password');
const termsRoute = await import('~/routes/member_.termofconditional');
const layoutRoute = await import('~/routes/member');
const impersonateRoute = await import('~/routes/member_.impersonate');
const { IMPERSONATION_LINK } = await import('./authenticator.server');

const ORIGIN = 'http://coop.test';
const DEMO = '012345';
const STAFF = 'สมศรี ผู้ดูแลระบบ';

function cookieFrom(setCookie: string): string {
  return setCookie.split(';')[0] ?? '';
}

async function linkToken(input: { membershipNo?: string; now?: number } = {}): Promise<string> {
  const { db } = await app();
  const issued = await issueImpersonationLink(db, {
    membershipNo: input.membershipNo ?? DEMO,
    staff: STAFF,
    secret: SECRET,
    baseUrl: ORIGIN,
    now: input.now,
  });
  if (!issued.ok) throw new Error(issued.reason);
  return new URL(issued.url).searchParams.get('t') ?? '';
}

const use = (token: string, ip = '10.9.0.1', cookie?: string) =>
  impersonate(
    new Request(`${ORIGIN}/member/impersonate`, { headers: cookie ? { Cookie: cookie } : {} }),
    token,
    SECRET,
    ip,
  );

async function auditRows(type: string) {
  const { db } = await app();
  return db.selectFrom('audit_events').selectAll().where('type', '=', type).orderBy('id').execute();
}

describe('impersonate', () => {
  it('starts a staff-acting session that requireMember reports, never remembered and capped at 30 minutes', async () => {
    const outcome = await use(await linkToken());
    if (!outcome.ok) throw new Error('refused');
    const cookie = cookieFrom(outcome.setCookie);
    expect(outcome.setCookie).not.toMatch(/Max-Age/i);
    const request = new Request(`${ORIGIN}/member/status`, { headers: { Cookie: cookie } });
    const member = await requireMember(request, {});
    expect(member).toMatchObject({ membershipNo: DEMO, actingStaff: STAFF });
    expect(member.memberName).toContain('สมชาย');
    expect(member.session.remember).toBe(false);

    const { db } = await app();
    const row = await sessionRow(db, member.session.idHash);
    expect(row.acting_staff).toBe(STAFF);
    expect(row.expires_at - row.created_at).toBe(IMPERSONATION_MAX_MS);
    // Activity extends it, but never past 30 minutes after it started (the idle timeout here is 60).
    const later = await lookupSession(request, row.created_at + 25 * 60_000);
    expect(later).toMatchObject({ status: 'active' });
    expect(later.status === 'active' && later.session.expiresAt).toBe(row.created_at + IMPERSONATION_MAX_MS);
    expect(await lookupSession(request, row.created_at + IMPERSONATION_MAX_MS)).toEqual({ status: 'invalid' });

    const started = (await auditRows('impersonation_started')).at(-1);
    expect(started).toMatchObject({ membership_no: DEMO, ip: '10.9.0.1' });
    expect(started?.detail).toMatch(new RegExp(`^staff=${STAFF}; grant=[0-9a-f]{12}$`));
  });

  it('replaces the session the browser carried (no fixation) and ends with an audited logout', async () => {
    const first = await use(await linkToken());
    if (!first.ok) throw new Error('refused');
    const second = await use(await linkToken(), '10.9.0.1', cookieFrom(first.setCookie));
    if (!second.ok) throw new Error('refused');
    expect(await lookupSession(new Request(ORIGIN, { headers: { Cookie: cookieFrom(first.setCookie) } }))).toEqual({
      status: 'invalid',
    });
    const cookie = cookieFrom(second.setCookie);
    await logout(new Request(`${ORIGIN}/member/logout`, { method: 'POST', headers: { Cookie: cookie } }), '10.9.0.2');
    const ended = (await auditRows('impersonation_ended')).at(-1);
    expect(ended).toMatchObject({ membership_no: DEMO, ip: '10.9.0.2', detail: `staff=${STAFF}` });
    expect(await lookupSession(new Request(ORIGIN, { headers: { Cookie: cookie } }))).toEqual({ status: 'invalid' });
  });

  it('refuses a used, an expired and a tampered link, auditing why', async () => {
    const token = await linkToken();
    expect((await use(token)).ok).toBe(true);
    expect(await use(token)).toEqual({ ok: false });
    expect(await use(await linkToken({ now: Date.now() - 2 * LINK_TTL_MS }))).toEqual({ ok: false });
    const fresh = await linkToken();
    expect(await use(`${fresh.slice(0, -2)}xx`)).toEqual({ ok: false });
    const details = (await auditRows('impersonation_refused')).slice(-3).map((r) => r.detail?.split(';')[0]);
    expect(details).toEqual(['used', 'expired', 'bad_signature']);
    const refusedUse = (await auditRows('impersonation_refused')).at(-3);
    expect(refusedUse?.membership_no).toBe(DEMO);
  });

  it('stops checking (and auditing) an address after too many refused links', async () => {
    const ip = '10.66.0.1';
    for (let i = 0; i < IMPERSONATION_MAX_REFUSALS + 3; i += 1) {
      expect(await use(`junk-${i}`, ip)).toEqual({ ok: false });
    }
    const fromIp = (await auditRows('impersonation_refused')).filter((r) => r.ip === ip);
    expect(fromIp).toHaveLength(IMPERSONATION_MAX_REFUSALS);
    expect(fromIp.at(-1)?.detail).toBe('malformed; rate_limited');
    // Even a good link is refused from there until the window passes; it stays unused.
    const good = await linkToken();
    expect(await use(good, ip)).toEqual({ ok: false });
    expect((await use(good, '10.66.0.2')).ok).toBe(true);
  });

  it('links sent at once from one address are checked (and audited) no more often than the limit', async () => {
    const ip = '10.66.1.1';
    const answers = await Promise.all(
      Array.from({ length: IMPERSONATION_MAX_REFUSALS + 20 }, (_, i) => use(`junk-at-once-${i}`, ip)),
    );
    expect(answers.every((a) => !a.ok)).toBe(true);
    const fromIp = (await auditRows('impersonation_refused')).filter((r) => r.ip === ip);
    expect(fromIp).toHaveLength(IMPERSONATION_MAX_REFUSALS);
  });
});

describe('/member/impersonate', () => {
  const context = { clientAddress: '10.9.2.1', cspNonce: 'n' };
  const load = (method: string, token: string) =>
    impersonateRoute.loader({
      request: new Request(`${ORIGIN}/member/impersonate?t=${token}`, { method }),
      context,
      params: {},
    });

  it('a HEAD (link checker) does not use the link; the GET then signs in and goes to the status page', async () => {
    const token = await linkToken();
    const head = await load('HEAD', token);
    expect(head.status).toBe(403);
    const get = await load('GET', token);
    expect(get.status).toBe(302);
    expect(get.headers.get('Location')).toBe('/member/status');
    expect(get.headers.get('Set-Cookie')).toContain('sahakorn_sid=');
    // The document handler applies the cache policy to every answer under /member.
    applyCachePolicy(get.headers, '/member/impersonate', get.status);
    expect(get.headers.get('Cache-Control')).toBe('private, no-store');
    const again = await load('GET', token);
    expect(again.status).toBe(403);
    expect(again.headers.get('Set-Cookie')).toBeNull();
  });

  it("redeems the link through the members' link strategy, with the client address of the load context", async () => {
    const strategies = vi.spyOn(Authenticator.prototype, 'authenticate');
    try {
      const get = await load('GET', await linkToken());
      expect(get.status).toBe(302);
      const refused = await load('GET', 'not-a-link');
      expect(refused.status).toBe(403);
      expect(strategies.mock.calls.map(([name]) => name)).toEqual([IMPERSONATION_LINK, IMPERSONATION_LINK]);
      expect((await auditRows('impersonation_started')).at(-1)?.ip).toBe(context.clientAddress);
      const refusal = (await auditRows('impersonation_refused')).at(-1);
      expect(refusal?.ip).toBe(context.clientAddress);
      expect(refusal?.detail).toBe('malformed');
    } finally {
      strategies.mockRestore();
    }
  });
});

describe('what staff cannot do for the member', () => {
  async function actingCookie(membershipNo = DEMO): Promise<string> {
    const outcome = await use(await linkToken({ membershipNo }));
    if (!outcome.ok) throw new Error('refused');
    return cookieFrom(outcome.setCookie);
  }

  const context = { clientAddress: '10.9.1.1', cspNonce: 'n' };

  it('the password action refuses with 403 before looking at the form', async () => {
    const cookie = await actingCookie();
    const body = new URLSearchParams({
      currentPassword: 'sahakorn-demo',
      newPassword: 'ม้าลายกินหญ้าที่ทุ่งกว้าง',
      confirmPassword: 'ม้าลายกินหญ้าที่ทุ่งกว้าง',
    });
    const response = await passwordRoute.action({
      request: new Request(`${ORIGIN}/member/password`, { method: 'POST', body, headers: { Cookie: cookie } }),
      context,
      params: {},
    });
    expect(response.status).toBe(403);
    const blocked = (await auditRows('impersonation_blocked')).at(-1);
    expect(blocked).toMatchObject({ membership_no: DEMO, detail: `change_password; staff=${STAFF}` });
    // The demo password still works.
    const { backend } = await app();
    expect(
      await backend.login({ membershipNo: DEMO, password: 'sahakorn-demo', remember: false }).then((r) => r.ok),
    ).toBe(true);
  });

  it('terms: staff pass the gate but cannot accept on the member’s behalf', async () => {
    const { db } = await app();
    const member = await db
      .selectFrom('members')
      .leftJoin('terms_acceptances', 'terms_acceptances.membership_no', 'members.membership_no')
      .select('members.membership_no')
      .where('members.status_code', '=', '0')
      .where('terms_acceptances.membership_no', 'is', null)
      .executeTakeFirstOrThrow();
    const cookie = await actingCookie(member.membership_no);
    const layout = (await layoutRoute.loader({
      request: new Request(`${ORIGIN}/member/status`, { headers: { Cookie: cookie } }),
      context,
      params: {},
    })) as Response;
    expect(layout.status).toBe(200);
    expect(await layout.json()).toMatchObject({ membershipNo: member.membership_no, actingStaff: STAFF });

    const response = await termsRoute.action({
      request: new Request(`${ORIGIN}/member/termofconditional`, { method: 'POST', headers: { Cookie: cookie } }),
      context,
      params: {},
    });
    expect(response.status).toBe(303);
    const accepted = await db
      .selectFrom('terms_acceptances')
      .select('membership_no')
      .where('membership_no', '=', member.membership_no)
      .execute();
    expect(accepted).toEqual([]);
    expect((await auditRows('impersonation_blocked')).at(-1)?.detail).toBe(`accept_terms; staff=${STAFF}`);
  });
});

describe('backend.impersonate', () => {
  it('issues a working 30-minute token for an active member and nothing for others', async () => {
    const { backend } = await app();
    const result = await backend.impersonate(DEMO);
    if (!result.ok) throw new Error(result.reason);
    expect(result.expiresInSeconds).toBe(1800);
    expect(await backend.getAuthUser({ token: result.token })).toBe(true);
    expect((await backend.getMemberProfile({ token: result.token })).membershipNo).toBe(DEMO);
    expect(await backend.impersonate('099999')).toEqual({ ok: false, reason: 'unknown_member' });
  });
});

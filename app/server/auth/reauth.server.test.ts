import type { AppLoadContext } from '@remix-run/node';
import { afterEach, describe, expect, it, vi } from 'vitest';

import { enableMemberFactor, useOwnStore } from '../app-store.test-support';

useOwnStore('reauth');

const { app } = await import('../app.server');
const { login, requireMember } = await import('./auth.server');
const { memberSubject, memberTotp } = await import('./second-factor.server');
const { MAX_WRONG_CURRENT } = await import('./login-limit.server');
const { totpCodeAt } = await import('./totp/totp.server');
const { SECOND_FACTOR_MESSAGES: M } = await import('~/lib/forms/second-factor');
const security = await import('~/routes/member.security');

const ORIGIN = 'http://coop.test';
const NO = '012345';
const PASSWORD = 'sahakorn-demo';
const SUBJECT = memberSubject(NO);

/** A session of the member's own, signed in just now; answers its cookie. */
async function signIn(address = '10.7.0.1'): Promise<string> {
  const outcome = await login(
    new Request(`${ORIGIN}/member/logon`, { method: 'POST', body: new URLSearchParams() }),
    { membershipNo: NO, password: PASSWORD, remember: false },
    address,
  );
  if (!outcome.ok || outcome.secondFactor) throw new Error('sign-in did not give a session');
  return outcome.setCookie.split(';')[0] ?? '';
}

/** Each request has its own context (`requireMember` keeps the request's member there). */
const context = () => ({ clientAddress: '10.7.0.9' }) as unknown as AppLoadContext;

function post(cookie: string, fields: Record<string, string>): Promise<Response> {
  const request = new Request(`${ORIGIN}/member/security`, {
    method: 'POST',
    headers: { Cookie: cookie },
    body: new URLSearchParams(fields),
  });
  return security.action({ request, context: context(), params: {} }) as Promise<Response>;
}

/** The session cookie a response gives (the session's new id after a confirmed password), else `cookie`. */
function follow(cookie: string, response: Response): string {
  const given = (response.headers.get('Set-Cookie') ?? '')
    .split(/,(?=\s*[\w-]+=)/)
    .map((c) => c.trim().split(';')[0] ?? '')
    .find((c) => c.startsWith('sahakorn_sid='));
  return given ?? cookie;
}

async function failure(response: Response) {
  return (await response.json()) as { field?: string; error: string };
}

async function sessionsOf(membershipNo = NO): Promise<number> {
  const { db } = await app();
  return (await db.selectFrom('sessions').select('id_hash').where('membership_no', '=', membershipNo).execute()).length;
}

async function auditTypes(since: number): Promise<string[]> {
  const { db } = await app();
  const rows = await db
    .selectFrom('audit_events')
    .select('type')
    .where('membership_no', '=', NO)
    .where('at', '>=', since)
    .orderBy('id')
    .execute();
  return rows.map((r) => r.type);
}

/** Turn the factor on directly in the store, confirmed by this session (the page's own path is tested below). */
const factorOn = (cookie: string): Promise<string> => enableMemberFactor(NO, cookie);

afterEach(async () => {
  vi.restoreAllMocks();
  const { db } = await app();
  await db.deleteFrom('rate_limits').execute();
  await (await memberTotp()).disable(SUBJECT);
  await db.deleteFrom('sessions').execute();
});

describe('changes of the account security ask for the current password (ADR 090)', () => {
  it('without it, each change is refused with the Thai message on its own field, and nothing changes', async () => {
    const cookie = await signIn();
    await signIn('10.7.0.2');
    const forms: Array<[string, string]> = [
      ['start', 'start-password'],
      ['regenerate', 'regenerate-password'],
      ['disable', 'disable-password'],
      ['end-others', 'end-others-password'],
    ];
    for (const [intent, field] of forms) {
      const response = await post(cookie, { intent });
      expect(response.status, intent).toBe(400);
      expect(await failure(response)).toMatchObject({ field, error: M.passwordRequired });
    }
    const other = await post(cookie, { intent: 'end-session', id: 'a'.repeat(64) });
    expect(await failure(other)).toMatchObject({
      field: `end-session-password-${'a'.repeat(16)}`,
      error: M.passwordRequired,
    });
    // A member who signed in seconds ago is asked too: a fresh sign-in does not stand in for it.
    expect((await (await memberTotp()).status(SUBJECT)).pending).toBe(false);
    expect(await sessionsOf()).toBe(2);
  });

  it('a wrong password is refused, counted and audited; the right one makes the change', async () => {
    const cookie = await signIn();
    await signIn('10.7.0.2');
    const since = Date.now();
    const wrong = await post(cookie, { intent: 'end-others', currentPassword: 'not-the-password' });
    expect(wrong.status).toBe(400);
    expect(await failure(wrong)).toMatchObject({ field: 'end-others-password', error: M.passwordWrong });
    expect(await sessionsOf()).toBe(2);
    expect(await auditTypes(since)).toContain('reauth_failed');

    const right = await post(cookie, { intent: 'end-others', currentPassword: PASSWORD });

    expect(right.status).toBe(302);
    expect(right.headers.get('Location')).toBe('/member/security');
    expect(await sessionsOf()).toBe(1);
    expect(await auditTypes(since)).toContain('other_sessions_ended');
  });

  it('the enrolment is started and confirmed, and the codes regenerated, only with the password', async () => {
    let cookie = await signIn();
    const totp = await memberTotp();
    expect((await post(cookie, { intent: 'start', currentPassword: 'wrong-one' })).status).toBe(400);
    expect((await totp.status(SUBJECT)).pending).toBe(false);
    const started = await post(cookie, { intent: 'start', currentPassword: PASSWORD });
    expect(started.status).toBe(302);
    cookie = follow(cookie, started);
    const pending = await totp.pendingEnrolment(SUBJECT, { issuer: 'x', account: NO });
    const code = totpCodeAt(pending!.secret, Date.now());

    const unconfirmed = await post(cookie, { intent: 'confirm', code });
    expect(await failure(unconfirmed)).toMatchObject({ field: 'confirm-password', error: M.passwordRequired });
    expect((await totp.status(SUBJECT)).enabled).toBe(false);
    const confirmed = await post(cookie, { intent: 'confirm', code, currentPassword: PASSWORD });
    expect(confirmed.status).toBe(302);
    cookie = follow(cookie, confirmed);
    expect((await totp.status(SUBJECT)).enabled).toBe(true);

    const { db } = await app();
    const codesBefore = await db
      .selectFrom('totp_recovery_codes')
      .select('code_hash')
      .where('subject', '=', SUBJECT)
      .execute();
    expect((await post(cookie, { intent: 'regenerate', currentPassword: 'wrong-one' })).status).toBe(400);
    expect((await post(cookie, { intent: 'regenerate', currentPassword: PASSWORD })).status).toBe(302);
    const codesAfter = await db
      .selectFrom('totp_recovery_codes')
      .select('code_hash')
      .where('subject', '=', SUBJECT)
      .execute();
    expect(codesAfter.map((c) => c.code_hash)).not.toEqual(codesBefore.map((c) => c.code_hash));
  });

  it('a confirmed password gives the session a new id (ASVS 7.2.4): the old cookie ends, the new one goes on and reads the fresh recovery codes', async () => {
    const cookie = await signIn();
    await signIn('10.7.0.2');
    await factorOn(cookie);
    const wrong = await post(cookie, { intent: 'regenerate', currentPassword: 'wrong-one' });
    expect(follow(cookie, wrong)).toBe(cookie);
    const right = await post(cookie, { intent: 'regenerate', currentPassword: PASSWORD });
    expect(right.status).toBe(302);
    const renewed = follow(cookie, right);
    expect(renewed).not.toBe(cookie);
    await expect(
      requireMember(new Request(`${ORIGIN}/member/security`, { headers: { Cookie: cookie } }), {}),
    ).rejects.toSatisfy((r: unknown) => r instanceof Response && r.status === 302);
    const member = await requireMember(new Request(`${ORIGIN}/member/security`, { headers: { Cookie: renewed } }), {});
    expect(member.membershipNo).toBe(NO);
    expect(await (await memberTotp()).revealedRecoveryCodes(SUBJECT, member.session.idHash)).toHaveLength(10);
    // "End the others" after it keeps this session, under its new id.
    const ended = await post(renewed, { intent: 'end-others', currentPassword: PASSWORD });
    expect(ended.status).toBe(302);
    expect(await sessionsOf()).toBe(1);
    await requireMember(new Request(`${ORIGIN}/member/security`, { headers: { Cookie: follow(renewed, ended) } }), {});
  });

  it('the factor is turned off with the password only: a code from the app no longer does it', async () => {
    const cookie = await signIn();
    const secret = await factorOn(cookie);
    const totp = await memberTotp();
    const byCode = await post(cookie, { intent: 'disable', code: totpCodeAt(secret, Date.now() + 30_000) });
    expect(byCode.status).toBe(400);
    expect((await totp.status(SUBJECT)).enabled).toBe(true);
    const since = Date.now();
    expect((await post(cookie, { intent: 'disable', currentPassword: 'wrong-one' })).status).toBe(400);
    expect(await auditTypes(since)).toContain('totp_disable_failed');
    expect((await post(cookie, { intent: 'disable', currentPassword: PASSWORD })).status).toBe(302);
    expect((await totp.status(SUBJECT)).enabled).toBe(false);
    expect(await auditTypes(since)).toContain('totp_disabled');
  });

  it('40 wrong passwords at once to turn the factor off: exactly 5 are checked, the rest refused unchecked', async () => {
    const cookie = await signIn();
    await factorOn(cookie);
    const { backend } = await app();
    const checks = vi.spyOn(backend, 'login');
    const responses = await Promise.all(
      Array.from({ length: 40 }, () => post(cookie, { intent: 'disable', currentPassword: 'not-the-password' })),
    );
    expect(checks).toHaveBeenCalledTimes(MAX_WRONG_CURRENT);
    const statuses = responses.map((r) => r.status);
    expect(statuses.filter((s) => s === 400)).toHaveLength(MAX_WRONG_CURRENT);
    expect(statuses.filter((s) => s === 429)).toHaveLength(40 - MAX_WRONG_CURRENT);
    // The right password is not checked either while the limit holds; the factor stays on.
    expect((await post(cookie, { intent: 'disable', currentPassword: PASSWORD })).status).toBe(429);
    expect(checks).toHaveBeenCalledTimes(MAX_WRONG_CURRENT);
    expect((await (await memberTotp()).status(SUBJECT)).enabled).toBe(true);
  });

  it('the wrong passwords count with those of the password change: one limit for both', async () => {
    const cookie = await signIn();
    for (let i = 0; i < MAX_WRONG_CURRENT; i += 1) {
      expect((await post(cookie, { intent: 'end-others', currentPassword: `wrong-${i}` })).status).toBe(400);
    }
    const { db } = await app();
    const row = await db
      .selectFrom('rate_limits')
      .select('count')
      .where('key', '=', `password:member:${NO}`)
      .executeTakeFirstOrThrow();
    expect(Number(row.count)).toBe(MAX_WRONG_CURRENT);
    const locked = await post(cookie, { intent: 'regenerate', currentPassword: PASSWORD });
    expect(locked.status).toBe(429);
    expect((await failure(locked)).error).toBe(M.tooMany(15));
  });

  it('staff acting as the member are refused, even with the right password', async () => {
    const cookie = await signIn();
    await signIn('10.7.0.2');
    const { db } = await app();
    await db.updateTable('sessions').set({ acting_staff: 'สมศรี ผู้ดูแลระบบ' }).execute();
    const since = Date.now();
    const refused = await post(cookie, { intent: 'end-others', currentPassword: PASSWORD });
    expect(refused.status).toBe(403);
    expect((await failure(refused)).error).toBe(M.acting);
    expect(await sessionsOf()).toBe(2);
    const types = await auditTypes(since);
    expect(types).toContain('impersonation_blocked');
    expect(types).not.toContain('other_sessions_ended');
  });
});

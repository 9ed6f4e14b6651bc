import { afterEach, describe, expect, it, vi } from 'vitest';

import { json, type AppLoadContext } from '@remix-run/node';
import { Authenticator } from 'remix-auth';

import { CoopUnavailableError } from '../coop/types';
import { LOGIN_MESSAGES } from '~/lib/forms/login';
import { UNAVAILABLE_MESSAGE } from '~/lib/messages';
import { thrownResponse as thrown, useOwnStore } from '../app-store.test-support';

useOwnStore('auth', {
  SEED_MEMBERS: '50',
  LOGIN_MAX_FAILURES_PER_MEMBER: '3',
  LOGIN_MAX_FAILURES_PER_ADDRESS: '4',
  LOGIN_MEMBER_BACKOFF_FAILURES: '6',
  LOGIN_MEMBER_BACKOFF_MINUTES: '5',
});

const { app } = await import('../app.server');
const { login, logout, requireMember } = await import('./auth.server');
const { forgetTermsAnswers } = await import('./terms-gate.server');
const { createSession } = await import('./session.server');
const { sha256 } = await import('../crypto.server');
const { MEMBER_FORM } = await import('./authenticator.server');

const ORIGIN = 'http://coop.test';

function formRequest(fields: Record<string, string>, cookie?: string) {
  return new Request(`${ORIGIN}/member/logon`, {
    method: 'POST',
    body: new URLSearchParams(fields),
    headers: cookie ? { Cookie: cookie } : {},
  });
}

function cookieFrom(setCookie: string): string {
  return setCookie.split(';')[0] ?? '';
}

/** The demo member's session cookie after a login from `address` (logins are rate-limited per address). */
async function signedIn(address: string): Promise<string> {
  const outcome = await login(
    formRequest({}),
    { membershipNo: '012345', password: 'sahakorn-demo', remember: false },
    address,
  );
  if (!outcome.ok) throw new Error('login failed');
  return cookieFrom(outcome.setCookie);
}

const memberPage = (cookie: string) => new Request(`${ORIGIN}/member/status`, { headers: { Cookie: cookie } });

describe('requireMember', () => {
  it('sends a visitor without a session to login, remembering where they were going', async () => {
    const response = await thrown(requireMember(new Request(`${ORIGIN}/member/status?page=2`), {}));
    expect(response.status).toBe(302);
    expect(response.headers.get('Location')).toBe('/member/logon?redirectTo=%2Fmember%2Fstatus%3Fpage%3D2');
    expect(response.headers.get('Cache-Control')).toBe('private, no-store');
  });

  it('accepts the session a login created, and refuses the same cookie after logout', async () => {
    const outcome = await login(
      formRequest({}),
      { membershipNo: '012345', password: 'sahakorn-demo', remember: false },
      '10.0.0.9',
    );
    expect(outcome.ok).toBe(true);
    if (!outcome.ok) return;
    const cookie = cookieFrom(outcome.setCookie);
    const member = await requireMember(memberPage(cookie), {});
    expect(member.membershipNo).toBe('012345');
    expect(member.memberName).toContain('สมชาย');

    await logout(new Request(`${ORIGIN}/member/logout`, { method: 'POST', headers: { Cookie: cookie } }));
    const replay = await thrown(requireMember(memberPage(cookie), {}));
    expect(replay.headers.get('Location')).toBe('/member/logon?redirectTo=%2Fmember%2Fstatus');
    expect(replay.headers.get('Set-Cookie')).toContain('sahakorn_flash=');
  });

  it('after a sign-out in another tab of the browser, the next member page says the session ended, once', async () => {
    const { action } = await import('~/routes/member_.logout');
    const cookie = await signedIn('10.0.0.11');
    const signOut = (await action({
      request: new Request(`${ORIGIN}/member/logout`, { method: 'POST', headers: { Cookie: cookie } }),
      context: { clientAddress: '10.0.0.11' } as AppLoadContext,
      params: {},
    })) as Response;
    // What the browser keeps after the sign-out: the session cookie is gone, the mark (a bare `1`) stays.
    const kept = signOut.headers
      .getSetCookie()
      .filter((line) => !/max-age=0/i.test(line) && !line.includes('sahakorn_flash='))
      .map(cookieFrom);
    expect(kept).toHaveLength(1);
    expect(kept[0]).toMatch(/^sahakorn_out=/);
    expect(kept[0]).not.toContain('012345');

    const otherTab = await thrown(requireMember(memberPage(kept.join('; ')), {}));
    expect(otherTab.headers.get('Location')).toBe('/member/logon?redirectTo=%2Fmember%2Fstatus');
    const cookies = otherTab.headers.getSetCookie();
    const flash = cookies.find((c) => c.includes('sahakorn_flash='));
    expect(flash).toBeDefined();
    const { takeFlash } = await import('../flash.server');
    const shown = await takeFlash(new Request(ORIGIN, { headers: { Cookie: cookieFrom(flash!) } }));
    expect(shown.flash?.text).toBe(LOGIN_MESSAGES.sessionExpired);
    // The mark is removed: a later visit without a session is a plain trip to the login page.
    expect(cookies.some((c) => c.startsWith('sahakorn_out=;') && /max-age=0/i.test(c))).toBe(true);
    const never = await thrown(requireMember(memberPage(''), {}));
    expect(never.headers.getSetCookie()).toEqual([]);
  });

  it("shares one check between a page read's loaders, but not between requests or with a POST", async () => {
    const cookie = await signedIn('10.0.0.9');
    // Remix hands each loader its own Request; within one request's context they are one check.
    const get = () => memberPage(cookie);
    const first: AppLoadContext = { cspNonce: 'n', clientAddress: null };
    const { backend } = await app();
    const checks = vi.spyOn(backend, 'getAuthUser');
    try {
      const [layout, page] = await Promise.all([requireMember(get(), first), requireMember(get(), first)]);
      expect(page).toBe(layout);
      expect(page.membershipNo).toBe('012345');
      expect(checks).toHaveBeenCalledTimes(1);
      const post = () => new Request(`${ORIGIN}/member/password`, { method: 'POST', headers: { Cookie: cookie } });
      const second: AppLoadContext = { cspNonce: 'n', clientAddress: null };
      const [action, again] = await Promise.all([requireMember(post(), second), requireMember(post(), second)]);
      expect(again).toBe(action);
      const loader = await requireMember(get(), second);
      expect(loader).not.toBe(action);
      expect(checks).toHaveBeenCalledTimes(3);
    } finally {
      checks.mockRestore();
    }

    await logout(new Request(`${ORIGIN}/member/logout`, { method: 'POST', headers: { Cookie: cookie } }));
    const next = await thrown(requireMember(get(), {}));
    expect(next.headers.get('Location')).toBe('/member/logon?redirectTo=%2Fmember%2Fstatus');
  });

  it("hands each of a page read's loaders a 503 of its own when the session check cannot be made", async () => {
    const cookie = await signedIn('10.0.0.9');
    const { backend } = await app();
    const checks = vi.spyOn(backend, 'getAuthUser').mockImplementation(async () => {
      throw json({ message: UNAVAILABLE_MESSAGE }, { status: 503, headers: { 'Retry-After': '30' } });
    });
    try {
      const context: AppLoadContext = { cspNonce: 'n', clientAddress: null };
      const [layout, page] = await Promise.all([
        thrown(requireMember(memberPage(cookie), context)),
        thrown(requireMember(memberPage(cookie), context)),
      ]);
      expect(checks).toHaveBeenCalledTimes(1);
      expect(page).not.toBe(layout);
      for (const response of [layout, page]) {
        expect(response.status).toBe(503);
        expect(await response.json()).toEqual({ message: UNAVAILABLE_MESSAGE });
      }
    } finally {
      checks.mockRestore();
    }
  });

  it('refuses a tampered signature even after the genuine cookie was accepted', async () => {
    const cookie = await signedIn('10.0.0.11');
    expect((await requireMember(memberPage(cookie), {})).membershipNo).toBe('012345');
    const tampered = cookie.slice(0, -2) + (cookie.endsWith('AA') ? 'BB' : 'AA');
    const refused = await thrown(requireMember(memberPage(tampered), {}));
    expect(refused.headers.get('Location')).toBe('/member/logon?redirectTo=%2Fmember%2Fstatus');
    expect((await requireMember(memberPage(`theme=dark; ${cookie}`), {})).membershipNo).toBe('012345');
  });

  it('ignores a forged cookie', async () => {
    const response = await thrown(
      requireMember(
        new Request(`${ORIGIN}/member/status`, {
          headers: { Cookie: 'sahakorn_sid=forged-value-that-is-long-enough-to-try' },
        }),
        {},
      ),
    );
    expect(response.headers.get('Location')).toBe('/member/logon?redirectTo=%2Fmember%2Fstatus');
  });
});

describe('upstream token refresh', () => {
  async function sessionRow() {
    const { db } = await app();
    return db
      .selectFrom('sessions')
      .select(['id_hash', 'upstream_token', 'upstream_expires_at'])
      .orderBy('created_at', 'desc')
      .executeTakeFirstOrThrow();
  }
  /** Make the session's upstream token look due for renewal, as a core's 15-minute token would be. */
  async function expireSoon(idHash: string, inMs: number) {
    const { db } = await app();
    await db
      .updateTable('sessions')
      .set({ upstream_expires_at: Date.now() + inMs })
      .where('id_hash', '=', idHash)
      .execute();
  }

  it('records when the upstream token expires at login, and leaves a fresh token alone', async () => {
    const before = Date.now();
    const cookie = await signedIn('10.0.0.10');
    const row = await sessionRow();
    // The embedded backend's tokens last a working day.
    expect(row.upstream_expires_at).toBeGreaterThanOrEqual(before + 12 * 3600_000 - 1000);
    const member = await requireMember(memberPage(cookie), {});
    expect(member.credentials.token).toBe(row.upstream_token);
    expect((await sessionRow()).upstream_token).toBe(row.upstream_token);
  });

  it('exchanges a token about to expire, and the old one stops working upstream', async () => {
    const cookie = await signedIn('10.0.0.10');
    const row = await sessionRow();
    await expireSoon(row.id_hash, 60_000);
    const member = await requireMember(memberPage(cookie), {});
    const after = await sessionRow();
    expect(member.credentials.token).not.toBe(row.upstream_token);
    expect(after.upstream_token).toBe(member.credentials.token);
    expect(after.upstream_expires_at).toBeGreaterThan(Date.now() + 3600_000);
    const { backend } = await app();
    expect(await backend.getAuthUser({ token: row.upstream_token })).toBe(false);
    expect(await backend.getAuthUser(member.credentials)).toBe(true);
  });

  it('parallel requests of one session share one exchange', async () => {
    const cookie = await signedIn('10.0.0.10');
    const row = await sessionRow();
    await expireSoon(row.id_hash, 0);
    const members = await Promise.all([1, 2, 3].map(() => requireMember(memberPage(cookie), {})));
    const tokens = new Set(members.map((m) => m.credentials.token));
    expect(tokens.size).toBe(1);
    expect([...tokens][0]).toBe((await sessionRow()).upstream_token);
  });

  it('exchanges a token whose login ends sooner once, then checks it plainly until it ends', async () => {
    const cookie = await signedIn('10.0.0.10');
    const row = await sessionRow();
    // The login's absolute end is a minute away, and a refresh keeps it (ADR 092).
    const { db } = await app();
    await db
      .updateTable('coop_tokens')
      .set({ expires_at: Date.now() + 60_000 })
      .where('token_hash', '=', sha256(row.upstream_token))
      .execute();
    await expireSoon(row.id_hash, 60_000);
    const first = await requireMember(memberPage(cookie), {});
    expect(first.credentials.token).not.toBe(row.upstream_token);
    const second = await requireMember(memberPage(cookie), {});
    expect(second.credentials.token).toBe(first.credentials.token);
    expect((await sessionRow()).upstream_expires_at).toBeNull();
  });

  it('never asks to exchange the token of a staff-acting session, which is never refreshed', async () => {
    const { backend } = await app();
    const issued = await backend.impersonate('012345', 'สมศรี ฝ่ายบริการสมาชิก');
    if (!issued.ok) throw new Error('impersonation refused');
    const setCookie = await createSession(new Request(`${ORIGIN}/member/logon`), {
      membershipNo: '012345',
      memberName: 'นายสมชาย ใจดี',
      upstreamToken: issued.token,
      upstreamExpiresInSeconds: issued.expiresInSeconds,
      remember: false,
      actingStaff: 'สมศรี ฝ่ายบริการสมาชิก',
    });
    const row = await sessionRow();
    await expireSoon(row.id_hash, 60_000);
    const member = await requireMember(memberPage(cookieFrom(setCookie)), {});
    expect(member.credentials.token).toBe(issued.token);
  });

  it('parallel requests whose shared exchange fails each get a 503 of their own', async () => {
    const cookie = await signedIn('10.0.0.10');
    const row = await sessionRow();
    await expireSoon(row.id_hash, 0);
    const { backend } = await app();
    const exchanges = vi.spyOn(backend, 'refresh').mockImplementation(async () => {
      await new Promise((resolve) => setTimeout(resolve, 20));
      throw json({ message: UNAVAILABLE_MESSAGE }, { status: 503 });
    });
    try {
      const responses = await Promise.all([1, 2, 3].map(() => thrown(requireMember(memberPage(cookie), {}))));
      expect(exchanges).toHaveBeenCalledTimes(1);
      expect(new Set(responses).size).toBe(3);
      for (const response of responses) expect(await response.json()).toEqual({ message: UNAVAILABLE_MESSAGE });
    } finally {
      exchanges.mockRestore();
    }
  });

  it('ends the session with the expiry notice when the core refuses the exchange', async () => {
    const cookie = await signedIn('10.0.0.10');
    const row = await sessionRow();
    await expireSoon(row.id_hash, 0);
    const { backend } = await app();
    await backend.logout({ token: row.upstream_token });
    const response = await thrown(requireMember(memberPage(cookie), {}));
    expect(response.headers.get('Location')).toBe('/member/logon?redirectTo=%2Fmember%2Fstatus');
    // Each cookie its own header, as the check made them: the session ended and the notice.
    const cookies = response.headers.getSetCookie();
    expect(cookies).toHaveLength(2);
    expect(cookies.some((c) => c.includes('sahakorn_flash='))).toBe(true);
  });
});

describe('login rate limits', () => {
  afterEach(async () => {
    vi.restoreAllMocks();
    vi.useRealTimers();
    const { db } = await app();
    await db.deleteFrom('rate_limits').execute();
  });

  const right = { membershipNo: '012345', password: 'sahakorn-demo' };
  const wrong = (i: number) => ({ membershipNo: '012345', password: `wrong-${i}` });

  it('locks the member at the guessing address, even with the right password, and nowhere else', async () => {
    for (let i = 0; i < 3; i += 1) {
      expect(await login(formRequest({}), wrong(i), '10.1.0.1')).toMatchObject({ ok: false, status: 401 });
    }
    const locked = await login(formRequest({}), right, '10.1.0.1');
    expect(locked).toMatchObject({ ok: false, status: 429 });
    // The member, from their own address, is not kept out by someone else's failures.
    expect(await login(formRequest({}), right, '10.1.0.200')).toMatchObject({ ok: true });
    const { db } = await app();
    const events = await db.selectFrom('audit_events').select('type').where('membership_no', '=', '012345').execute();
    expect(events.map((e) => e.type)).toEqual(expect.arrayContaining(['login_failure', 'lockout', 'login_locked']));
  });

  it('slows guesses from many addresses for a few minutes only, then lets the member in', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date('2026-11-25T10:00:00Z'));
    // LOGIN_MEMBER_BACKOFF_FAILURES = 6, LOGIN_MEMBER_BACKOFF_MINUTES = 5 in this file.
    for (let i = 0; i < 6; i += 1) {
      expect(await login(formRequest({}), wrong(i), `10.4.0.${i}`)).toMatchObject({ status: 401 });
    }
    const backoff = await login(formRequest({}), right, '10.4.1.1');
    expect(backoff).toMatchObject({ ok: false, status: 429 });
    if (backoff.ok) return;
    expect(backoff.message).toBe(LOGIN_MESSAGES.locked(5));
    // Refused attempts do not lengthen the backoff: five minutes after the first failure, the member is in.
    for (let i = 0; i < 10; i += 1) await login(formRequest({}), wrong(i), `10.4.2.${i}`);
    vi.setSystemTime(new Date('2026-11-25T10:05:00Z'));
    expect(await login(formRequest({}), right, '10.4.1.1')).toMatchObject({ ok: true });
  });

  it('counts each attempt before the password is checked: parallel guesses get the limit and no more', async () => {
    const { backend } = await app();
    const checks = vi.spyOn(backend, 'login');
    for (const parallel of [20, 40]) {
      checks.mockClear();
      const outcomes = await Promise.all(
        Array.from({ length: parallel }, (_, i) => login(formRequest({}), wrong(i), `10.5.0.${parallel}`)),
      );
      expect(checks).toHaveBeenCalledTimes(3);
      expect(outcomes.filter((o) => !o.ok && o.status === 401)).toHaveLength(3);
      expect(outcomes.filter((o) => !o.ok && o.status === 429)).toHaveLength(parallel - 3);
    }
  });

  it('does not count an attempt the backend could not judge', async () => {
    const { backend } = await app();
    const outage = vi.spyOn(backend, 'login').mockRejectedValue(new CoopUnavailableError('coop login: timeout'));
    for (let i = 0; i < 8; i += 1) {
      await expect(login(formRequest({}), right, '10.6.0.1')).rejects.toThrow(CoopUnavailableError);
    }
    outage.mockRestore();
    // Healthy again: the member is not locked out, and the wrong-password allowance is whole.
    for (let i = 0; i < 3; i += 1) {
      expect(await login(formRequest({}), wrong(i), '10.6.0.1')).toMatchObject({ status: 401 });
    }
    expect(await login(formRequest({}), right, '10.6.0.1')).toMatchObject({ status: 429 });
    expect(await login(formRequest({}), right, '10.6.0.2')).toMatchObject({ ok: true });
  });

  it('limits one address trying many membership numbers, and not the others', async () => {
    for (let i = 0; i < 4; i += 1) {
      const outcome = await login(formRequest({}), { membershipNo: `09990${i}`, password: 'guess' }, '10.2.0.1');
      expect(outcome).toMatchObject({ ok: false, status: 401 });
    }
    expect(await login(formRequest({}), { membershipNo: '099905', password: 'guess' }, '10.2.0.1')).toMatchObject({
      status: 429,
    });
    expect(await login(formRequest({}), { membershipNo: '099905', password: 'guess' }, '10.2.0.2')).toMatchObject({
      status: 401,
    });
  });

  it('answers an unknown number exactly like a wrong password', async () => {
    const unknown = await login(formRequest({}), { membershipNo: '098765', password: 'x' }, '10.3.0.1');
    const wrong = await login(formRequest({}), { membershipNo: '012345', password: 'x' }, '10.3.0.2');
    expect(unknown).toEqual(wrong);
  });
});

describe('the terms gate on every member loader and action', () => {
  async function withoutAcceptance(): Promise<string> {
    const { db } = await app();
    await db.deleteFrom('terms_acceptances').where('membership_no', '=', '012345').execute();
    forgetTermsAnswers();
    return signedIn('10.8.0.1');
  }

  async function accept(cookie: string) {
    const member = await requireMember(memberPage(cookie), {}, { terms: 'skip' });
    const { backend } = await app();
    await backend.acceptTerms({ token: member.credentials.token }, { ip: null, userAgent: null });
  }

  it('refuses a data read (?_data=) and the password and photo posts until the member accepts', async () => {
    const cookie = await withoutAcceptance();
    const toWelcome = (response: Response, location = '/member/welcome') => {
      expect(response.status).toBe(303);
      expect(response.headers.get('Location')).toBe(location);
    };
    const data = new Request(`${ORIGIN}/member/share?_data=routes%2Fmember.share`, { headers: { Cookie: cookie } });
    // A read remembers the page it was for (without `_data`); a post does not.
    toWelcome(await thrown(requireMember(data, {})), '/member/welcome?redirectTo=%2Fmember%2Fshare');

    const passwordRoute = await import('~/routes/member.password');
    const { backend } = await app();
    const change = vi.spyOn(backend, 'changePassword');
    const post = new Request(`${ORIGIN}/member/password`, {
      method: 'POST',
      headers: { Cookie: cookie },
      body: new URLSearchParams({
        currentPassword: 'sahakorn-demo',
        newPassword: 'Kaeng-som-2569-x',
        confirmPassword: 'Kaeng-som-2569-x',
      }),
    });
    const context = { clientAddress: '10.8.0.1' } as unknown as AppLoadContext;
    toWelcome(await thrown(Promise.resolve(passwordRoute.action({ request: post, params: {}, context }))));
    expect(change).not.toHaveBeenCalled();

    const photo = new Request(`${ORIGIN}/member/photo`, { method: 'POST', headers: { Cookie: cookie } });
    toWelcome(await thrown(requireMember(photo, {})));

    // The welcome page and the acceptance itself stay reachable; once accepted, the member is through.
    expect((await requireMember(memberPage(cookie), {}, { terms: 'skip' })).membershipNo).toBe('012345');
    await accept(cookie);
    expect((await requireMember(data, {})).membershipNo).toBe('012345');
    expect(
      (await requireMember(new Request(post.url, { method: 'POST', headers: { Cookie: cookie } }), {})).membershipNo,
    ).toBe('012345');
  });
});

describe('the login action', () => {
  /** The login route's action on a form posted from `clientAddress`, and the load context it was given. */
  async function loginAction(fields: Record<string, string>, clientAddress: string) {
    const logonRoute = await import('~/routes/member_.logon');
    const context = { clientAddress } as unknown as AppLoadContext;
    const response = await logonRoute.action({ request: formRequest(fields), params: {}, context });
    return { response, context };
  }

  it('reads the posted form once and hands the padded number straight to the backend', async () => {
    const { backend } = await app();
    const verify = vi.spyOn(backend, 'login');
    const reads = vi.spyOn(Request.prototype, 'formData');
    const strategies = vi.spyOn(Authenticator.prototype, 'authenticate');
    try {
      const { response } = await loginAction({ membershipNo: '12345', password: 'sahakorn-demo' }, '10.11.0.1');
      expect(response.status).toBe(302);
      expect(response.headers.get('Location')).toBe('/member/status');
      // One reading of the body, by the members' form strategy: the action does not read it first,
      // and no synthetic request is read again afterwards.
      expect(strategies.mock.calls.map(([name]) => name)).toEqual([MEMBER_FORM]);
      expect(reads).toHaveBeenCalledTimes(1);
      expect(verify).toHaveBeenCalledTimes(1);
      expect(verify).toHaveBeenCalledWith({ membershipNo: '012345', password: 'sahakorn-demo', remember: false });
      // The client address of the load context reaches the strategy (rate limits, audit log).
      const { db } = await app();
      const success = await db
        .selectFrom('audit_events')
        .select('ip')
        .where('type', '=', 'login_success')
        .orderBy('id', 'desc')
        .executeTakeFirstOrThrow();
      expect(success.ip).toBe('10.11.0.1');
    } finally {
      strategies.mockRestore();
      reads.mockRestore();
      verify.mockRestore();
    }
  });

  it('answers a form the schema refuses with its errors, once read, without the password or a backend call', async () => {
    const { backend } = await app();
    const verify = vi.spyOn(backend, 'login');
    const reads = vi.spyOn(Request.prototype, 'formData');
    try {
      const { response, context } = await loginAction({ membershipNo: '12a45', password: 'typed-secret' }, '10.11.0.2');
      expect(response.status).toBe(400);
      expect(context.formErrors).toBe(true);
      const body = JSON.stringify(await response.json());
      expect(body).toContain('membershipNo');
      expect(body).not.toContain('typed-secret');
      expect(reads).toHaveBeenCalledTimes(1);
      expect(verify).not.toHaveBeenCalled();
    } finally {
      reads.mockRestore();
      verify.mockRestore();
    }
  });
});

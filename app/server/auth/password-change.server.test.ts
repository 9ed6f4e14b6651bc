import { afterEach, describe, expect, it, vi } from 'vitest';

import { useOwnStore } from '../app-store.test-support';

import { CoopUnavailableError } from '../coop/types';

useOwnStore('password');

const { app } = await import('../app.server');
const { login, requireMember } = await import('./auth.server');
const { changeMemberPassword, signOutEverywhere } = await import('./password-change.server');
const { newIdempotencyKey } = await import('../idempotency.server');

const ORIGIN = 'http://coop.test';
const NO = '012345';
let password = 'sahakorn-demo';
let serial = 0;

async function signIn(address = '10.9.0.1') {
  const outcome = await login(
    new Request(`${ORIGIN}/member/logon`, { method: 'POST', body: new URLSearchParams() }),
    { membershipNo: NO, password, remember: false },
    address,
  );
  if (!outcome.ok) throw new Error(`login failed: ${outcome.message}`);
  const cookie = outcome.setCookie.split(';')[0] ?? '';
  const member = await requireMember(
    new Request(`${ORIGIN}/member/password`, { method: 'POST', headers: { Cookie: cookie } }),
    {},
  );
  return { cookie, member };
}

type Member = Awaited<ReturnType<typeof signIn>>['member'];

const fresh = () => `Kluay-tod-${(serial += 1)}-ban-suan`;

async function auditCount(type: string): Promise<number> {
  const { db } = await app();
  const rows = await db.selectFrom('audit_events').select('id').where('type', '=', type).execute();
  return rows.length;
}

afterEach(async () => {
  vi.restoreAllMocks();
  const { db } = await app();
  await db.deleteFrom('rate_limits').execute();
});

describe('changeMemberPassword', () => {
  it('of two changes at once from the same current password, only one succeeds and one row is audited', async () => {
    const { member } = await signIn();
    const before = await auditCount('password_changed');
    const [a, b] = [fresh(), fresh()];
    const outcomes = await Promise.all([
      changeMemberPassword(
        member,
        { currentPassword: password, newPassword: a, signOutOthers: false },
        newIdempotencyKey(),
        null,
      ),
      changeMemberPassword(
        member,
        { currentPassword: password, newPassword: b, signOutOthers: false },
        newIdempotencyKey(),
        null,
      ),
    ]);
    expect(outcomes.map((o) => o.kind).sort()).toEqual(['changed', 'wrong_current']);
    password = outcomes[0]?.kind === 'changed' ? a : b;
    expect(await auditCount('password_changed')).toBe(before + 1);
    await signIn(); // the winner's password is the one in force
  });

  it('a resubmission of the same form changes nothing twice and audits once', async () => {
    const { member } = await signIn();
    const before = await auditCount('password_changed');
    const key = newIdempotencyKey();
    const next = fresh();
    const first = await changeMemberPassword(
      member,
      { currentPassword: password, newPassword: next, signOutOthers: false },
      key,
      null,
    );
    expect(first.kind).toBe('changed');
    password = next;
    const { backend } = await app();
    const calls = vi.spyOn(backend, 'changePassword');
    const again = await changeMemberPassword(
      member,
      { currentPassword: 'sahakorn-demo-old', newPassword: next, signOutOthers: false },
      key,
      null,
    );
    expect(again.kind).toBe('replayed');
    expect(calls).not.toHaveBeenCalled();
    expect(await auditCount('password_changed')).toBe(before + 1);
  });

  it('says the outcome is unknown when the backend does not answer, and a resubmission does not send it again', async () => {
    const { member } = await signIn();
    const { backend } = await app();
    const timeout = vi
      .spyOn(backend, 'changePassword')
      .mockRejectedValue(new CoopUnavailableError('coop memberPass: timeout'));
    const key = newIdempotencyKey();
    const input = { currentPassword: password, newPassword: fresh(), signOutOthers: false };
    for (let i = 0; i < 7; i += 1) {
      expect((await changeMemberPassword(member, input, newIdempotencyKey(), null)).kind).toBe('unknown');
    }
    expect((await changeMemberPassword(member, input, key, null)).kind).toBe('unknown');
    timeout.mockClear();
    expect((await changeMemberPassword(member, input, key, null)).kind).toBe('unknown');
    expect(timeout).not.toHaveBeenCalled();
    timeout.mockRestore();
    // The timeouts took nothing from the wrong-current-password allowance.
    const wrong = { ...input, currentPassword: 'not-the-password' };
    for (let i = 0; i < 5; i += 1) {
      expect((await changeMemberPassword(member, wrong, newIdempotencyKey(), null)).kind).toBe('wrong_current');
    }
    expect((await changeMemberPassword(member, wrong, newIdempotencyKey(), null)).kind).toBe('locked');
  });

  it('checks no more current passwords than the limit when many arrive at once', async () => {
    const { member } = await signIn();
    const { backend } = await app();
    const checks = vi.spyOn(backend, 'changePassword');
    const outcomes = await Promise.all(
      Array.from({ length: 20 }, () =>
        changeMemberPassword(
          member,
          { currentPassword: 'not-the-password', newPassword: fresh(), signOutOthers: false },
          newIdempotencyKey(),
          null,
        ),
      ),
    );
    expect(checks).toHaveBeenCalledTimes(5);
    expect(outcomes.filter((o) => o.kind === 'wrong_current')).toHaveLength(5);
    expect(outcomes.filter((o) => o.kind === 'locked')).toHaveLength(15);
  });
});

describe('signing out other devices', () => {
  /** Changes the password to a fresh one, which the next sign-in uses. */
  async function changeToFresh(member: Member, { signOutOthers }: { signOutOthers: boolean }) {
    const next = fresh();
    const outcome = await changeMemberPassword(
      member,
      { currentPassword: password, newPassword: next, signOutOthers },
      newIdempotencyKey(),
      null,
    );
    expect(outcome.kind).toBe('changed');
    password = next;
  }

  /** An API token as `/api/member/auth/login` issues it. */
  async function apiToken(): Promise<string> {
    const { backend } = await app();
    const result = await backend.login({ membershipNo: NO, password, remember: true });
    if (!result.ok) throw new Error('api login failed');
    return result.token;
  }

  it('with the box ticked, the change ends API tokens and other sessions, and keeps this device', async () => {
    const { backend } = await app();
    const other = await signIn('10.9.0.2');
    const token = await apiToken();
    const { member } = await signIn('10.9.0.3');
    await changeToFresh(member, { signOutOthers: true });
    expect(await backend.getAuthUser({ token })).toBe(false);
    expect(await backend.getAuthUser({ token: other.member.credentials.token })).toBe(false);
    expect(await backend.getAuthUser({ token: member.credentials.token })).toBe(true);
  });

  it('without the box, API tokens keep working', async () => {
    const { backend } = await app();
    const token = await apiToken();
    const { member } = await signIn();
    await changeToFresh(member, { signOutOthers: false });
    expect(await backend.getAuthUser({ token })).toBe(true);
  });

  it('signOutEverywhere without a device to keep ends every session and token (forgotten-password reset)', async () => {
    const { backend } = await app();
    const token = await apiToken();
    const { member } = await signIn();
    const ended = await signOutEverywhere(NO);
    expect(ended.sessions).toBeGreaterThanOrEqual(1);
    expect(ended.tokens).toBeGreaterThanOrEqual(1);
    expect(await backend.getAuthUser({ token })).toBe(false);
    expect(await backend.getAuthUser({ token: member.credentials.token })).toBe(false);
  });
});

describe('the change-password page’s action', () => {
  const post = async (cookie: string, fields: Record<string, string>) => {
    const { action } = await import('~/routes/member.password');
    const request = new Request(`${ORIGIN}/member/password`, {
      method: 'POST',
      headers: { Cookie: cookie },
      body: new URLSearchParams({ formKey: newIdempotencyKey(), ...fields }),
    });
    return (await action({ request, params: {}, context: { clientAddress: '10.9.0.9' } as never })) as Response;
  };

  it('answers each field’s first message and never sends a password back', async () => {
    const { cookie } = await signIn();
    const response = await post(cookie, { currentPassword: password, newPassword: 'abc', confirmPassword: 'abd' });
    expect(response.status).toBe(400);
    const body = await response.text();
    expect(JSON.parse(body)).toMatchObject({
      errors: {
        newPassword: 'รหัสผ่านใหม่ต้องมีอย่างน้อย 8 ตัวอักษร',
        confirmPassword: 'รหัสผ่านใหม่และการยืนยันรหัสผ่านไม่ตรงกัน',
      },
      formErrors: [],
    });
    expect(body).not.toContain(password);
  });

  it('a changed password gives the session a new id (ASVS 7.2.4): the old cookie ends, the new one goes on', async () => {
    const { cookie } = await signIn();
    const next = fresh();
    const response = await post(cookie, { currentPassword: password, newPassword: next, confirmPassword: next });
    expect(response.status).toBe(303);
    password = next;
    const renewed = (response.headers.get('Set-Cookie') ?? '')
      .split(/,(?=\s*[\w-]+=)/)
      .map((c) => c.trim().split(';')[0] ?? '')
      .find((c) => c.startsWith('sahakorn_sid='));
    expect(renewed).toBeTruthy();
    expect(renewed).not.toBe(cookie);
    const at = (c: string) => new Request(`${ORIGIN}/member/status`, { headers: { Cookie: c } });
    await expect(requireMember(at(cookie), {})).rejects.toSatisfy(
      (r: unknown) => r instanceof Response && r.status === 302,
    );
    expect((await requireMember(at(renewed ?? ''), {})).membershipNo).toBe(NO);
  });

  it('asks for a fresh form when only the checkbox is not what the form sends', async () => {
    const { cookie } = await signIn();
    const next = fresh();
    const response = await post(cookie, {
      currentPassword: password,
      newPassword: next,
      confirmPassword: next,
      signOutOthers: 'maybe',
    });
    expect(response.status).toBe(400);
    expect(await response.json()).toEqual({
      errors: {},
      formErrors: ['แบบฟอร์มหมดอายุ กรุณากรอกและส่งอีกครั้ง'],
      attempt: expect.any(Number),
    });
  });
});

import { describe, expect, it } from 'vitest';

import {
  useOwnStore,
  codeStep,
  NEW_PASSWORD as PASSWORD,
  postRegistration as post,
  typedIdentity,
} from '../app-store.test-support';
import { insertHalfSession } from './support.test-support';

useOwnStore('support', { PUBLIC_URL: 'http://coop.test' }, { startTimeoutMs: 120_000 });

const { app } = await import('../app.server');
const { env } = await import('../env.server');
const support = await import('./support.server');
const { REGISTER_MESSAGES } = await import('~/lib/forms/register');
const { createSession } = await import('../auth/session.server');
const { loginLimits, reserveLoginAttempt } = await import('../auth/login-limit.server');
const { verifyPassword, hashPassword } = await import('../crypto.server');
const { hit } = await import('../rate-limit.server');
const { clearCodeLimits, codeChecksLockedUntil, codeLimits, reserveCodeCheck, reserveCodeSend } =
  await import('../auth/recovery/code-limit.server');

type Answer = { result: { error?: Record<string, string[]> } | null };

const key = () => support.staffCodeKey(env().sessionSecret);

/** An active member with the given registration state, with no phone or email on file; returns the identity fields. */
const taken = new Set(['012345']);
async function memberWithoutContact(registered: boolean, fresh = true) {
  const { db } = await app();
  const { membership_no: membershipNo } = await db
    .selectFrom('members')
    .leftJoin('member_credentials', 'member_credentials.membership_no', 'members.membership_no')
    .select('members.membership_no')
    .where('members.status_code', '=', '0')
    .where('member_credentials.membership_no', registered ? 'is not' : 'is', null)
    .where('members.membership_no', 'not in', fresh ? [...taken] : ['012345'])
    .executeTakeFirstOrThrow();
  taken.add(membershipNo);
  await db.updateTable('members').set({ email: null, phone: null }).where('membership_no', '=', membershipNo).execute();
  return { membershipNo, ...(await typedIdentity(db, membershipNo)) };
}

/** A code support issues to the member (by `sup`); fails the test when it is refused. */
async function issueCode(membershipNo: string, purpose: 'register' | 'forget') {
  const { db } = await app();
  const issued = await support.issueMemberCode(db, key(), { membershipNo, purpose, issuedBy: 'sup' });
  if (!issued.ok) throw new Error(issued.reason);
  return issued;
}

describe('finding a member', () => {
  it('finds by the whole number, by part of a name and by "first last"; LIKE wildcards are literal', async () => {
    const { db } = await app();
    const row = await db
      .selectFrom('members')
      .selectAll()
      .where('membership_no', '=', '012345')
      .executeTakeFirstOrThrow();
    expect((await support.findMembers(db, '012345')).map((m) => m.membershipNo)).toEqual(['012345']);
    expect(await support.findMembers(db, '0123')).toEqual([]);
    const byPart = await support.findMembers(db, row.last_name.slice(0, 3));
    expect(byPart.map((m) => m.membershipNo)).toContain('012345');
    const byFull = await support.findMembers(db, ` ${row.first_name}   ${row.last_name} `);
    expect(byFull.map((m) => m.membershipNo)).toContain('012345');
    expect(await support.findMembers(db, '%')).toEqual([]);
    expect(await support.findMembers(db, '   ')).toEqual([]);
  });
});

describe('lock state and unlocking', () => {
  it('shows the sign-in lock and the sessions; unlocking clears the locks and ends sessions, half-sessions, tokens and links', async () => {
    const { db } = await app();
    const no = '012345';
    const limits = loginLimits(env());
    // Real refusals from one address until the member is locked out there.
    for (let i = 0; i < limits.perMemberAddress; i += 1) {
      const reservation = await reserveLoginAttempt(db, no, '10.9.0.1', limits);
      if (!reservation.ok) throw new Error('locked too early');
      await reservation.settle('refused');
    }
    expect((await reserveLoginAttempt(db, no, '10.9.0.1', limits)).ok).toBe(false);
    for (let i = 0; i < env().IDENTITY_MAX_PER_MEMBER; i += 1) await hit(`identity:member:${no}`, 60_000);
    await createSession(new Request('http://coop.test/member/logon'), {
      membershipNo: no,
      memberName: 'ทดสอบ',
      upstreamToken: 'upstream-a',
      upstreamExpiresInSeconds: 3600,
      remember: true,
    });
    const now = Date.now();
    await db
      .insertInto('coop_tokens')
      .values({
        token_hash: 'hash-of-app-token',
        membership_no: no,
        issued_at: now,
        expires_at: now + 60_000,
        acting_staff: null,
      })
      .execute();
    await insertHalfSession(db, no, 'half-session', 'upstream-b', now);
    await db
      .insertInto('impersonation_grants')
      .values({
        nonce_hash: 'grant-x',
        membership_no: no,
        staff: 's',
        created_at: now,
        expires_at: now + 60_000,
        used_at: null,
      })
      .execute();
    // Another member's counters and sessions are not touched.
    await hit('login:backoff:099999', 60_000);

    const before = await support.memberSupportView(db, no, env());
    expect(before?.locks.map((l) => l.kind).sort()).toEqual(['login', 'recovery']);
    expect(before?.sessions).toBe(1);
    expect(before?.tokens).toBeGreaterThanOrEqual(1);
    // No financial data in what support sees.
    expect(Object.keys(before ?? {}).join(' ')).not.toMatch(/salary|share|loan|deposit|address|id_card/i);

    const ended = await support.unlockMember(db, no);
    expect(ended.sessions).toBe(1);
    expect(ended.upstreamTokens.sort()).toEqual(['upstream-a', 'upstream-b']);
    expect(ended.links).toBe(1);
    const after = await support.memberSupportView(db, no, env());
    expect(after?.locks).toEqual([]);
    expect([after?.sessions, after?.tokens]).toEqual([0, 0]);
    expect(await db.selectFrom('login_challenges').selectAll().where('membership_no', '=', no).execute()).toEqual([]);
    expect(await db.selectFrom('impersonation_grants').selectAll().where('membership_no', '=', no).execute()).toEqual(
      [],
    );
    expect((await reserveLoginAttempt(db, no, '10.9.0.1', limits)).ok).toBe(true);
    expect(
      await db.selectFrom('rate_limits').select('key').where('key', '=', 'login:backoff:099999').execute(),
    ).toHaveLength(1);
  });
});

describe('staff-issued codes', () => {
  it('are refused to a member with an email or mobile on file, and for the wrong flow', async () => {
    const { db } = await app();
    const withEmail = await db
      .selectFrom('members')
      .select('membership_no')
      .where('email', 'is not', null)
      .where('status_code', '=', '0')
      .executeTakeFirstOrThrow();
    taken.add(withEmail.membership_no); // keeps its email: the next member is another one
    const registered = await memberWithoutContact(true);
    const refusals = [
      [withEmail.membership_no, 'forget', 'has_contact'],
      [registered.membershipNo, 'register', 'registered'],
      ['999999999', 'forget', 'unknown'],
    ] as const;
    for (const [membershipNo, purpose, reason] of refusals) {
      expect(await support.issueMemberCode(db, key(), { membershipNo, purpose, issuedBy: 'x' }), reason).toEqual({
        ok: false,
        reason,
      });
    }
  });

  it('a reset code sets the password through the forgotten-password flow, once; it is stored only as a keyed hash', async () => {
    const { db } = await app();
    const member = await memberWithoutContact(true);
    const issued = await issueCode(member.membershipNo, 'forget');
    expect(issued.code).toMatch(/^\d{6}$/);
    const stored = await db
      .selectFrom('staff_member_codes')
      .selectAll()
      .where('membership_no', '=', member.membershipNo)
      .execute();
    expect(stored).toHaveLength(1);
    expect(JSON.stringify(stored)).not.toContain(issued.code);
    expect((await support.memberSupportView(db, member.membershipNo, env()))?.pendingCode?.purpose).toBe('forget');

    await createSession(new Request('http://coop.test/member/logon'), {
      membershipNo: member.membershipNo,
      memberName: 'x',
      upstreamToken: 'up-c',
      upstreamExpiresInSeconds: 3600,
      remember: false,
    });
    const send = await codeStep('forget', member.fields, '10.8.0.1');
    const ok = await send(issued.code);
    expect(ok.status).toBe(302);
    const cred = await db
      .selectFrom('member_credentials')
      .select('password_hash')
      .where('membership_no', '=', member.membershipNo)
      .executeTakeFirstOrThrow();
    expect(await verifyPassword(cred.password_hash, PASSWORD)).toBe(true);
    expect(
      await db.selectFrom('sessions').select('id_hash').where('membership_no', '=', member.membershipNo).execute(),
    ).toEqual([]);
    const success = await db
      .selectFrom('audit_events')
      .select('detail')
      .where('type', '=', 'forget_success')
      .where('membership_no', '=', member.membershipNo)
      .executeTakeFirstOrThrow();
    expect(success.detail).toBe('staff-issued code');

    // Used: a second run of the flow with the same code is refused like any wrong code.
    const again = await codeStep('forget', member.fields, '10.8.0.2');
    const refused = await again(issued.code);
    expect(refused.status).toBe(400);
    expect(((await refused.json()) as Answer).result?.error?.code).toEqual([REGISTER_MESSAGES.codeWrong(4)]);
  });

  it('a register code registers a member who had none; a wrong code answers as when no staff code exists', async () => {
    const { db } = await app();
    const member = await memberWithoutContact(false);
    const other = await memberWithoutContact(false);
    const issued = await issueCode(member.membershipNo, 'register');
    const wrong = issued.code === '000000' ? '111111' : '000000';
    const withCode = await (await codeStep('register', member.fields, '10.8.1.1'))(wrong);
    const withoutCode = await (await codeStep('register', other.fields, '10.8.1.2'))(wrong);
    expect([withCode.status, withoutCode.status]).toEqual([400, 400]);
    const [a, b] = [(await withCode.json()) as Answer, (await withoutCode.json()) as Answer];
    expect(a.result?.error).toEqual(b.result?.error);
    // Another member's code does not work for this one.
    expect((await (await codeStep('register', other.fields, '10.8.1.3'))(issued.code)).status).toBe(400);

    const ok = await (await codeStep('register', member.fields, '10.8.1.4'))(issued.code);
    expect(ok.status).toBe(302);
    expect(
      await db
        .selectFrom('member_credentials')
        .select('membership_no')
        .where('membership_no', '=', member.membershipNo)
        .execute(),
    ).toHaveLength(1);
  });

  it('allow five tries in all, atomically counted; expire; and a new code replaces the old one', async () => {
    const { db } = await app();
    const member = await memberWithoutContact(true, false);
    await support.unlockMember(db, member.membershipNo);
    const input = { membershipNo: member.membershipNo, purpose: 'forget' as const, issuedBy: 'sup' };
    const first = await support.issueMemberCode(db, key(), input);
    if (!first.ok) throw new Error(first.reason);
    const wrong = first.code === '000000' ? '111111' : '000000';
    // Ten tries at once: exactly five are checked.
    const tries = await Promise.all(
      Array.from({ length: 10 }, () => support.redeemMemberCode(db, key(), { ...input, code: wrong })),
    );
    expect(tries.every((t) => !t.ok)).toBe(true);
    const row = await db
      .selectFrom('staff_member_codes')
      .select('attempts')
      .where('membership_no', '=', member.membershipNo)
      .orderBy('id', 'desc')
      .executeTakeFirstOrThrow();
    expect(Number(row.attempts)).toBe(support.STAFF_CODE_MAX_TRIES);
    expect((await support.redeemMemberCode(db, key(), { ...input, code: first.code })).ok).toBe(false);

    const second = await support.issueMemberCode(db, key(), input);
    const third = await support.issueMemberCode(db, key(), input);
    if (!second.ok || !third.ok) throw new Error('not issued');
    if (second.code !== third.code) {
      expect((await support.redeemMemberCode(db, key(), { ...input, code: second.code })).ok).toBe(false);
    }
    const later = Date.now() + support.STAFF_CODE_TTL_MS + 1;
    expect((await support.redeemMemberCode(db, key(), { ...input, code: third.code }, later)).ok).toBe(false);
    // Two at once with the right code: one wins.
    const both = await Promise.all([
      support.redeemMemberCode(db, key(), { ...input, code: third.code }),
      support.redeemMemberCode(db, key(), { ...input, code: third.code }),
    ]);
    expect(both.filter((b) => b.ok)).toHaveLength(1);
    // Given back (the core did not answer), it works again; not once a newer code replaced it.
    const won = both.find((b) => b.ok);
    if (!won?.ok) throw new Error('none won');
    await support.releaseMemberCode(db, won.id);
    expect((await support.redeemMemberCode(db, key(), { ...input, code: third.code })).ok).toBe(true);
  });

  it('a member who set a password keeps it: issuing a code changes nothing until it is used', async () => {
    const { db } = await app();
    const member = await memberWithoutContact(true, false);
    await support.unlockMember(db, member.membershipNo);
    const hash = await hashPassword('เดิมเดิมเดิมเดิม');
    await db
      .updateTable('member_credentials')
      .set({ password_hash: hash })
      .where('membership_no', '=', member.membershipNo)
      .execute();
    const issued = await support.issueMemberCode(db, key(), {
      membershipNo: member.membershipNo,
      purpose: 'forget',
      issuedBy: 'sup',
    });
    expect(issued.ok).toBe(true);
    const cred = await db
      .selectFrom('member_credentials')
      .select('password_hash')
      .where('membership_no', '=', member.membershipNo)
      .executeTakeFirstOrThrow();
    expect(cred.password_hash).toBe(hash);
  });
});

describe('one-time code checks locked for the day (ADR 094)', () => {
  it('support sees the lock; no code works while locked, a staff-issued one included, until support clears it', async () => {
    const { db } = await app();
    // Runs last: the staff tests above take the registered members without a contact for themselves.
    const member = await memberWithoutContact(true, false);
    await support.unlockMember(db, member.membershipNo);
    // Ten wrong codes over two challenges.
    for (const ip of ['10.7.0.1', '10.7.0.2']) {
      const attempt = await codeStep('forget', member.fields, ip);
      for (let i = 0; i < 5; i += 1) expect((await attempt('000000')).status).toBe(400);
    }
    const locked = await support.memberSupportView(db, member.membershipNo, env());
    expect(locked?.locks.map((l) => l.kind)).toEqual(['recovery_codes']);
    // Support hands over a code in person; it is refused while the number is locked.
    const issued = await issueCode(member.membershipNo, 'forget');
    const refused = await post(
      'forget',
      {
        intent: 'code',
        challenge: 'x'.repeat(43),
        ...member.fields,
        password: PASSWORD,
        confirmPassword: PASSWORD,
        code: issued.code,
      },
      '10.7.0.3',
    );
    expect(refused.status).toBe(429);
    // The identity step still makes a challenge: a code asked for after the lock has its own tries (ADR 131).
    expect((await post('forget', { intent: 'identity', ...member.fields }, '10.7.0.4')).status).toBe(200);

    expect(await clearCodeLimits(db, member.membershipNo)).toBe(1);
    expect((await support.memberSupportView(db, member.membershipNo, env()))?.locks).toEqual([]);
    const ok = await (await codeStep('forget', member.fields, '10.7.0.5'))(issued.code);
    expect(ok.status).toBe(302);
  });

  it('the full unlock clears the code counters too; the 6th message of the day shows as a lock', async () => {
    const { db } = await app();
    const no = '054321';
    const limits = codeLimits(env());
    for (let i = 0; i < limits.wrongPerDay; i += 1) await reserveCodeCheck(db, no, limits);
    for (let i = 0; i < limits.sendsPerDay; i += 1) await reserveCodeSend(db, no, limits);
    const view = await support.memberSupportView(db, no, env());
    expect(view?.locks.map((l) => l.kind).sort()).toEqual(['recovery_codes', 'recovery_sends']);
    await support.unlockMember(db, no);
    expect((await support.memberSupportView(db, no, env()))?.locks).toEqual([]);
    expect(await codeChecksLockedUntil(db, no, limits)).toBeNull();
  });
});

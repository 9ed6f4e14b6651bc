import { describe, expect, it } from 'vitest';

import { useOwnStore, postRegistration as post, typedIdentity, registeredMember } from '../app-store.test-support';

const { dataDir, codeSentTo } = useOwnStore('register', {
  IDENTITY_MAX_PER_ADDRESS: '3',
  IDENTITY_MAX_PER_MEMBER: '2',
});

const { app } = await import('../app.server');
const { REGISTER_MESSAGES } = await import('~/lib/forms/register');
const { DISK_FULL_MESSAGE } = await import('~/lib/messages');
const { PASSWORD_MESSAGES } = await import('~/lib/forms/password');
const { thaiIdCheckDigit } = await import('~/lib/forms/identity');
const { readOutbox, outboxDir } = await import('./recovery/delivery.server');
const { createSession } = await import('./session.server');
const { verifyPassword } = await import('../crypto.server');

type Answer = {
  step: 'identity' | 'code';
  challenge: string | null;
  identity: Record<string, string> | null;
  result: { error?: Record<string, string[]>; initialValue?: Record<string, string> } | null;
};

const NOBODY = {
  nationalId: `310050099999${thaiIdCheckDigit('310050099999')}`,
  firstName: 'ไม่มี',
  lastName: 'ตัวตน',
  birthDate: '01/01/2530',
};

/** A well-formed identity step whose identity does not match anybody. */
function attempt(membershipNo: string, clientAddress: string) {
  return post('forget', { intent: 'identity', membershipNo, ...NOBODY }, clientAddress);
}

/** The identity of a seeded member, as typed (birth date in the Buddhist era). */
const identityOf = async (membershipNo: string) => typedIdentity((await app()).db, membershipNo);

/** The stored password hash of a member's sign-in: to check a new password took, or that nothing changed. */
async function passwordHashOf(membershipNo: string): Promise<string> {
  const { db } = await app();
  const { password_hash: hash } = await db
    .selectFrom('member_credentials')
    .select('password_hash')
    .where('membership_no', '=', membershipNo)
    .executeTakeFirstOrThrow();
  return hash;
}

async function clearLimits() {
  const { db } = await app();
  await db.deleteFrom('rate_limits').execute();
}

describe('identity-check rate limits', () => {
  it('answers 429 once an address has made more attempts than IDENTITY_MAX_PER_ADDRESS', async () => {
    await clearLimits();
    const statuses: number[] = [];
    for (const no of ['070001', '070002', '070003', '070004']) statuses.push((await attempt(no, '10.0.0.1')).status);
    expect(statuses).toEqual([200, 200, 200, 429]);
    // Another address is not affected.
    expect((await attempt('070005', '10.0.0.2')).status).toBe(200);
  });

  it('counts every address of one IPv6 /64 as one address (ADR 133)', async () => {
    await clearLimits();
    const statuses: number[] = [];
    for (const [i, no] of ['070031', '070032', '070033', '070034'].entries()) {
      statuses.push((await attempt(no, `2001:db8:5:5::${i + 1}`)).status);
    }
    expect(statuses).toEqual([200, 200, 200, 429]);
    expect((await attempt('070035', '2001:db8:5:6::1')).status).toBe(200);
  });

  it('answers 429 once a membership number has had more attempts than IDENTITY_MAX_PER_MEMBER', async () => {
    await clearLimits();
    const statuses: number[] = [];
    for (const ip of ['10.0.1.1', '10.0.1.2', '10.0.1.3']) statuses.push((await attempt('070010', ip)).status);
    expect(statuses).toEqual([200, 200, 429]);
    const body = (await (await attempt('070010', '10.0.1.4')).json()) as Answer;
    expect(JSON.stringify(body.result?.error)).toContain(REGISTER_MESSAGES.tooMany(15).slice(0, 20));
  });
});

describe('forgotten password with a one-time code', () => {
  it('answers a matching and a wrong identity alike, and sends a code only for the match', async () => {
    await clearLimits();
    const { row, fields } = await identityOf('012345');
    const before = Date.now();
    const right = await post('forget', { intent: 'identity', ...fields }, '10.0.3.1');
    const wrong = await post('forget', { intent: 'identity', ...fields, birthDate: '02/01/2400' }, '10.0.3.1');
    expect([right.status, wrong.status]).toEqual([200, 200]);
    const [a, b] = [(await right.json()) as Answer, (await wrong.json()) as Answer];
    expect([a.step, b.step]).toEqual(['code', 'code']);
    // Same shape: a challenge each, the identity typed back, nothing about a contact.
    expect(Object.keys(a).sort()).toEqual(Object.keys(b).sort());
    expect(JSON.stringify(a)).not.toContain(row.email ?? '@');
    expect(JSON.stringify(a)).not.toContain(row.phone ?? '08');
    expect(await codeSentTo(row.email ?? '', before)).toMatch(/^\d{6}$/);
    const all = await readOutbox(outboxDir(dataDir));
    expect(all.filter((e) => e.at >= before)).toHaveLength(1);
  });

  it('refuses a wrong code with the tries left, then sets the password with the right one and ends every session', async () => {
    await clearLimits();
    const { row, fields } = await identityOf('012345');
    const { db } = await app();
    await createSession(new Request('http://coop.test/member/logon'), {
      membershipNo: '012345',
      memberName: 'นายสมชาย ใจดี',
      upstreamToken: 'old-token',
      upstreamExpiresInSeconds: 3600,
      remember: false,
    });
    expect(
      await db.selectFrom('sessions').select('id_hash').where('membership_no', '=', '012345').execute(),
    ).toHaveLength(1);
    const before = Date.now();
    const first = (await (await post('forget', { intent: 'identity', ...fields }, '10.0.4.1')).json()) as Answer;
    const code = await codeSentTo(row.email ?? '', before);
    expect(code).toBeTruthy();
    const password = 'ม้าลายกินหญ้าทุกวัน';
    const step = { intent: 'code', challenge: first.challenge ?? '', ...fields, password, confirmPassword: password };
    const wrongCode = code === '000000' ? '111111' : '000000';
    const wrong = await post('forget', { ...step, code: wrongCode }, '10.0.4.1');
    expect(wrong.status).toBe(400);
    const wrongBody = (await wrong.json()) as Answer;
    expect(wrongBody.step).toBe('code');
    expect(wrongBody.result?.error?.code).toEqual([REGISTER_MESSAGES.codeWrong(4)]);
    expect(JSON.stringify(wrongBody)).not.toContain(password);

    // A password the policy refuses does not use up a try or the code.
    const weak = await post('forget', { ...step, password: 'password', confirmPassword: 'password', code }, '10.0.4.1');
    expect(((await weak.json()) as Answer).result?.error?.password).toEqual([PASSWORD_MESSAGES.common]);

    const ok = await post('forget', { ...step, code }, '10.0.4.1');
    expect(ok.status).toBe(302);
    expect(ok.headers.get('Location')).toBe('/member/logon');
    expect(await verifyPassword(await passwordHashOf('012345'), password)).toBe(true);
    const sessions = await db.selectFrom('sessions').select('id_hash').where('membership_no', '=', '012345').execute();
    expect(sessions).toHaveLength(0);

    // The code works once.
    const again = await post('forget', { ...step, code }, '10.0.4.1');
    expect(((await again.json()) as Answer).result?.error?.['']).toEqual([REGISTER_MESSAGES.codeSpent]);
  });

  it('after a reset the member is told on every contact on file, without the code or the password, to call if it was not them (ASVS 6.3.7)', async () => {
    await clearLimits();
    const { db } = await app();
    const no = await registeredMember(db);
    const email = `notice${no}@example.com`;
    await db.updateTable('members').set({ email, phone: '081-234-5678' }).where('membership_no', '=', no).execute();
    const { fields } = await identityOf(no);
    const before = Date.now();
    const first = (await (await post('forget', { intent: 'identity', ...fields }, '10.0.4.7')).json()) as Answer;
    const code = await codeSentTo(email, before);
    const password = 'ม้าลายกินหญ้าทุกวัน';
    const step = { intent: 'code', challenge: first.challenge ?? '', ...fields, password, confirmPassword: password };
    const sentBefore = Date.now();
    expect((await post('forget', { ...step, code }, '10.0.4.7')).status).toBe(302);
    await new Promise((r) => setTimeout(r, 200));
    const notices = (await readOutbox(outboxDir(dataDir), 1000)).filter((e) => e.at >= sentBefore);
    // The sender of the demo store keeps both: the email and the text message.
    expect(notices.map((e) => e.to).sort((a, b) => a.kind.localeCompare(b.kind))).toEqual([
      { kind: 'email', address: email },
      { kind: 'sms', number: '0812345678' },
    ]);
    for (const notice of notices) {
      expect(notice.text).toContain('ตั้งรหัสผ่านใหม่');
      expect(notice.text).toContain('กรุณาติดต่อสหกรณ์');
      expect(notice.text).not.toContain(code);
      expect(notice.text).not.toContain(password);
      expect(notice.text).not.toMatch(/\b\d{6}\b/);
    }
  });

  it('a member with no contact on file gets no code, and no code sets a password', async () => {
    await clearLimits();
    const { db } = await app();
    const no = await registeredMember(db);
    await db.updateTable('members').set({ email: null, phone: null }).where('membership_no', '=', no).execute();
    const { fields } = await identityOf(no);
    const hashBefore = await passwordHashOf(no);
    const countBefore = (await readOutbox(outboxDir(dataDir), 1000)).length;
    const answer = (await (await post('forget', { intent: 'identity', ...fields }, '10.0.5.1')).json()) as Answer;
    expect(answer.step).toBe('code');
    await new Promise((r) => setTimeout(r, 100));
    expect((await readOutbox(outboxDir(dataDir), 1000)).length).toBe(countBefore);
    const password = 'ม้าลายกินหญ้าทุกวัน';
    const step = { intent: 'code', challenge: answer.challenge ?? '', ...fields, password, confirmPassword: password };
    const statuses: number[] = [];
    for (const code of ['000000', '123456', '999999', '555555', '314159'])
      statuses.push((await post('forget', { ...step, code }, '10.0.5.1')).status);
    expect(statuses).toEqual([400, 400, 400, 400, 400]);
    expect(await passwordHashOf(no)).toBe(hashBefore);
  });
});

describe('one-time codes limited per member over a day (ADR 094)', () => {
  const password = 'ม้าลายกินหญ้าทุกวัน';

  /** A registered member with an email on file of its own (the other tests leave it alone). */
  async function memberWithEmail(email: string) {
    const { db } = await app();
    const no = await registeredMember(db, { newest: true });
    await db.updateTable('members').set({ email }).where('membership_no', '=', no).execute();
    return (await identityOf(no)).fields;
  }

  /** The identity step again, as if 15 minutes had passed (the identity limits start afresh; the day's do not). */
  async function identityStep(fields: Record<string, string>, clientAddress: string) {
    const { db } = await app();
    await db.deleteFrom('rate_limits').where('key', 'like', 'identity:%').execute();
    return post('forget', { intent: 'identity', ...fields }, clientAddress);
  }

  async function codeStep(fields: Record<string, string>, challenge: string, code: string, clientAddress: string) {
    const step = { intent: 'code', challenge, ...fields, password, confirmPassword: password, code };
    return post('forget', step, clientAddress);
  }

  const outboxCount = async () => {
    await new Promise((r) => setTimeout(r, 100));
    return (await readOutbox(outboxDir(dataDir), 10_000)).length;
  };

  /** Ten wrong codes over two challenges, from several addresses; returns a third challenge made before the lock. */
  async function tenWrongCodes(fields: Record<string, string>) {
    const challenges: string[] = [];
    for (let i = 0; i < 3; i += 1) {
      const answer = (await (await identityStep(fields, `10.0.6.${i}`)).json()) as Answer;
      challenges.push(answer.challenge ?? '');
    }
    const statuses: number[] = [];
    for (let i = 0; i < 10; i += 1) {
      const challenge = challenges[i < 5 ? 0 : 1] ?? '';
      statuses.push((await codeStep(fields, challenge, '000000', `10.0.7.${i}`)).status);
    }
    expect(statuses.every((s) => s === 400)).toBe(true);
    return challenges[2] ?? '';
  }

  it('refuses the 11th code in a day across the codes asked for before, the right one too, and says to ask for a new one or call the cooperative', async () => {
    await clearLimits();
    const email = 'codes-lock@example.com';
    const fields = await memberWithEmail(email);
    const hashBefore = await passwordHashOf(fields.membershipNo);
    const before = Date.now();
    const third = await tenWrongCodes(fields);
    const code = await codeSentTo(email, before);
    expect(code).toMatch(/^\d{6}$/);
    // The right code of a challenge made before the lock is refused all the same.
    const right = await codeStep(fields, third, code, '10.0.8.1');
    expect(right.status).toBe(429);
    const body = (await right.json()) as Answer;
    expect(body.step).toBe('identity');
    expect(body.result?.error?.['']?.[0]).toContain('กรุณากรอกข้อมูลอีกครั้งเพื่อขอรหัสยืนยันใหม่');
    expect(body.result?.error?.['']?.[0]).toContain('กรุณาติดต่อสหกรณ์');
    expect(JSON.stringify(body)).not.toContain(password);
    expect(await passwordHashOf(fields.membershipNo)).toBe(hashBefore);
  });

  it('a number locked by wrong codes still lets its member use a fresh code sent to their own email, under its own 5 tries (ADR 131)', async () => {
    await clearLimits();
    const email = 'codes-fresh@example.com';
    const fields = await memberWithEmail(email);
    // Someone who knows only the number locks it: two challenges of a made-up identity, ten wrong codes.
    await tenWrongCodes({ ...fields, ...NOBODY });
    // The member asks for a code: it is sent, and it works.
    const since = Date.now();
    const asked = await identityStep(fields, '10.0.11.1');
    expect(asked.status).toBe(200);
    const page = (await asked.json()) as Answer;
    expect(page.step).toBe('code');
    const code = await codeSentTo(email, since);
    expect(code).toMatch(/^\d{6}$/);
    const wrongCode = code === '000000' ? '111111' : '000000';
    const wrong = await codeStep(fields, page.challenge ?? '', wrongCode, '10.0.11.1');
    expect(wrong.status).toBe(400);
    expect(((await wrong.json()) as Answer).result?.error?.code).toEqual([REGISTER_MESSAGES.codeWrong(4)]);
    const ok = await codeStep(fields, page.challenge ?? '', code, '10.0.11.1');
    expect(ok.status).toBe(302);
    expect(await verifyPassword(await passwordHashOf(fields.membershipNo), password)).toBe(true);
  });

  it('a fresh code after the lock has 5 tries, then the page says the codes are stopped', async () => {
    await clearLimits();
    const fields = await memberWithEmail('codes-fresh-5@example.com');
    await tenWrongCodes(fields);
    const page = (await (await identityStep(fields, '10.0.12.1')).json()) as Answer;
    const statuses: number[] = [];
    for (const code of ['000001', '000002', '000003', '000004', '000005', '000006']) {
      statuses.push((await codeStep(fields, page.challenge ?? '', code, '10.0.12.2')).status);
    }
    expect(statuses).toEqual([400, 400, 400, 400, 429, 429]);
  });

  it('a locked number answers the same whether it is a member or not (no enumeration)', async () => {
    await clearLimits();
    const member = await memberWithEmail('codes-lock@example.com');
    const nobody = { membershipNo: '079999', ...NOBODY };
    await tenWrongCodes(member);
    await tenWrongCodes(nobody);
    const shape = async (response: Response) => {
      const body = (await response.json()) as Answer;
      // The time in the message may differ by a minute; the rest must not.
      const errors = JSON.stringify(body.result?.error ?? null).replace(/\d/g, '#');
      return {
        status: response.status,
        step: body.step,
        keys: Object.keys(body).sort(),
        errors,
        challenge: body.challenge?.length ?? null,
      };
    };
    const [a, b] = [
      await shape(await identityStep(member, '10.0.9.1')),
      await shape(await identityStep(nobody, '10.0.9.2')),
    ];
    expect(a).toEqual(b);
    expect(a.status).toBe(200);
    const step = (f: Record<string, string>) => codeStep(f, 'x'.repeat(43), '123456', '10.0.9.3');
    const [c, d] = [await shape(await step(member)), await shape(await step(nobody))];
    expect(c).toEqual(d);
    expect(c.status).toBe(429);
    // A fresh challenge of each: a wrong code answers alike.
    const fresh = async (f: Record<string, string>, ip: string) => {
      const answer = (await (await identityStep(f, ip)).json()) as Answer;
      return shape(await codeStep(f, answer.challenge ?? '', '000000', ip));
    };
    const [e, g] = [await fresh(member, '10.0.9.4'), await fresh(nobody, '10.0.9.5')];
    expect(e).toEqual(g);
    expect(e.status).toBe(400);
  });

  it('sends at most 5 messages to a member a day: the 6th identity step gets the same code page, sends nothing and is audited', async () => {
    await clearLimits();
    const { db } = await app();
    const email = 'codes-flood@example.com';
    const fields = await memberWithEmail(email);
    const pages: Answer[] = [];
    for (let i = 0; i < 5; i += 1) {
      const since = Date.now();
      const response = await identityStep(fields, `10.0.10.${i}`);
      expect(response.status).toBe(200);
      pages.push((await response.json()) as Answer);
      expect(await codeSentTo(email, since)).toMatch(/^\d{6}$/);
    }
    const count = await outboxCount();
    const sixth = await identityStep(fields, '10.0.10.9');
    expect(sixth.status).toBe(200);
    const page = (await sixth.json()) as Answer;
    expect(page.step).toBe('code');
    expect(Object.keys(page).sort()).toEqual(Object.keys(pages[0] ?? {}).sort());
    expect(await outboxCount()).toBe(count);
    const events = await db
      .selectFrom('audit_events')
      .select(['type', 'detail'])
      .where('membership_no', '=', fields.membershipNo)
      .where('type', '=', 'recovery_send_limited')
      .execute();
    expect(events).toHaveLength(1);
  });
});

describe('a full disk when the password is set', () => {
  it('says the storage is full, not "cannot connect", and the code can be used again', async () => {
    await clearLimits();
    const { row, fields } = await identityOf('012345');
    const before = Date.now();
    const first = (await (await post('forget', { intent: 'identity', ...fields }, '10.0.4.9')).json()) as Answer;
    const code = await codeSentTo(row.email ?? '', before);
    const password = 'ม้าลายกินหญ้าทุกวัน';
    const step = {
      intent: 'code',
      challenge: first.challenge ?? '',
      ...fields,
      password,
      confirmPassword: password,
      code,
    };
    const { backend } = await app();
    const real = backend.resetForgottenPassword;
    backend.resetForgottenPassword = () =>
      Promise.reject(Object.assign(new Error('database or disk is full'), { code: 'SQLITE_FULL' }));
    try {
      const full = await post('forget', step, '10.0.4.9');
      expect(full.status).toBe(503);
      expect(((await full.json()) as Answer).result?.error?.['']).toEqual([DISK_FULL_MESSAGE]);
    } finally {
      backend.resetForgottenPassword = real;
    }
    expect((await post('forget', step, '10.0.4.9')).status).toBe(302);
  });
});

describe('the backend unavailable', () => {
  it('answers 503 on the identity step with the form as typed and the spec message', async () => {
    await clearLimits();
    const { backend } = await app();
    const real = backend.findRecoveryContact;
    backend.findRecoveryContact = () => Promise.reject(Response.json({ message: 'ไม่สามารถเชื่อมต่อได้' }, { status: 503 }));
    try {
      const answer = await attempt('070020', '10.0.2.1');
      expect(answer.status).toBe(503);
      const body = (await answer.json()) as Answer;
      expect(body.result?.error?.['']).toEqual(['ไม่สามารถเชื่อมต่อได้']);
      expect(body.result?.initialValue).toMatchObject({ membershipNo: '070020', firstName: 'ไม่มี', lastName: 'ตัวตน' });
    } finally {
      backend.findRecoveryContact = real;
    }
  });
});

describe('the vendor API register and forget', () => {
  it('refuse even the right identity in the vendor shape, pointing to the website, and set nothing', async () => {
    const { vendorIdentityAction } = await import('../coop/vendor/account.server');
    const { row } = await identityOf('012345');
    const before = await passwordHashOf('012345');
    for (const mode of ['register', 'forget'] as const) {
      const request = new Request(`http://coop.test/api/member/auth/${mode}`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify({
          membership_no: '012345',
          id_card: row.id_card,
          member_name: row.first_name,
          member_surname: row.last_name,
          date_of_birth: row.birth_date,
          password: 'ม้าลายกินหญ้าทุกวันเลย',
        }),
      });
      const response = await vendorIdentityAction(mode, request, '10.0.9.1');
      expect(response.status).toBe(200);
      const body = (await response.json()) as { errors: string[] };
      expect(body.errors).toHaveLength(1);
      expect(body.errors[0]).toContain(`/member/${mode}`);
      expect(body.errors[0]).toContain('กรุณาทำรายการที่เว็บไซต์');
    }
    expect(await passwordHashOf('012345')).toBe(before);
  });
});

import { describe, expect, it } from 'vitest';

import {
  useOwnStore,
  codeStep,
  enableMemberFactor,
  typedIdentity,
  registeredMember,
  NEW_PASSWORD,
} from '../app-store.test-support';

const { codeSentTo } = useOwnStore('reset-2fa');

const { app } = await import('../app.server');
const { env } = await import('../env.server');
const { memberSubject, secondFactorEnabled, failureKey } = await import('./second-factor.server');
const { takeFlash } = await import('../flash.server');
const { login } = await import('./auth.server');
const { hit, peek } = await import('../rate-limit.server');
const support = await import('../staff/support.server');
const { SECOND_FACTOR_MESSAGES: M } = await import('~/lib/forms/second-factor');

/** The identity of a seeded member, as typed (birth date in the Buddhist era). */
const identityOf = async (membershipNo: string) => typedIdentity((await app()).db, membershipNo);

async function flashOf(response: Response): Promise<string> {
  const cookie = (response.headers.get('Set-Cookie') ?? '').split(';')[0] ?? '';
  const { flash } = await takeFlash(new Request('http://coop.test/member/logon', { headers: { Cookie: cookie } }));
  return flash?.text ?? '';
}

async function auditRows(membershipNo: string, type: string) {
  const { db } = await app();
  return db
    .selectFrom('audit_events')
    .select(['type', 'detail'])
    .where('membership_no', '=', membershipNo)
    .where('type', '=', type)
    .execute();
}

describe('a reset of the password by one-time code and the second factor (ADR 091, 132)', () => {
  it('by the code sent to the member: the factor and its recovery codes stay, the member is told, and signing in still asks for a code (ASVS 6.4.3)', async () => {
    const { row, fields } = await identityOf('012345');
    await enableMemberFactor('012345');
    const { db } = await app();
    const codesBefore = await db
      .selectFrom('totp_recovery_codes')
      .select('code_hash')
      .where('subject', '=', memberSubject('012345'))
      .execute();
    expect(codesBefore.length).toBeGreaterThan(0);
    await hit(failureKey('012345'), 60_000);
    const before = Date.now();
    const send = await codeStep('forget', fields, '10.8.0.1');
    const done = await send(await codeSentTo(row.email ?? '', before));
    expect(done.status).toBe(302);
    expect(await secondFactorEnabled('012345')).toBe(true);
    expect(
      await db
        .selectFrom('totp_recovery_codes')
        .select('code_hash')
        .where('subject', '=', memberSubject('012345'))
        .execute(),
    ).toEqual(codesBefore);
    // The wrong codes counted before the reset still count: a reset does not buy more guesses.
    expect((await peek([failureKey('012345')])).get(failureKey('012345'))?.count).toBe(1);
    const flash = await flashOf(done);
    expect(flash).toContain(M.keptAfterReset);
    expect(flash).not.toContain(M.clearedByReset);
    expect(await auditRows('012345', 'totp_cleared_by_reset')).toEqual([]);
    // The new password alone opens no member page: the code page comes next.
    const signIn = await login(
      new Request('http://coop.test/member/logon'),
      { membershipNo: '012345', password: NEW_PASSWORD },
      '10.8.0.1',
    );
    expect(signIn).toMatchObject({ ok: true, secondFactor: true });
  });

  it('a member without a second factor is not told about one', async () => {
    const { db } = await app();
    await db.deleteFrom('rate_limits').execute();
    await (await import('./second-factor.server')).removeSecondFactor('012345');
    const { row, fields } = await identityOf('012345');
    const before = Date.now();
    const send = await codeStep('forget', fields, '10.8.0.2');
    const done = await send(await codeSentTo(row.email ?? '', before));
    expect(done.status).toBe(302);
    const flash = await flashOf(done);
    expect(flash).not.toContain(M.clearedByReset);
    expect(flash).not.toContain(M.keptAfterReset);
    expect(await auditRows('012345', 'totp_cleared_by_reset')).toEqual([]);
  });

  it('by a code staff issued in person: the factor is removed too', async () => {
    const { db } = await app();
    await db.deleteFrom('rate_limits').execute();
    const no = await registeredMember(db);
    await db.updateTable('members').set({ email: null, phone: null }).where('membership_no', '=', no).execute();
    await enableMemberFactor(no);
    const issued = await support.issueMemberCode(db, support.staffCodeKey(env().sessionSecret), {
      membershipNo: no,
      purpose: 'forget',
      issuedBy: 'support1',
    });
    if (!issued.ok) throw new Error(issued.reason);
    const { fields } = await identityOf(no);
    const done = await (await codeStep('forget', fields, '10.8.0.3'))(issued.code);
    expect(done.status).toBe(302);
    expect(await secondFactorEnabled(no)).toBe(false);
    expect(await flashOf(done)).toContain(M.clearedByReset);
    expect(await auditRows(no, 'totp_cleared_by_reset')).toEqual([
      { type: 'totp_cleared_by_reset', detail: 'staff-issued code' },
    ]);
  });
});

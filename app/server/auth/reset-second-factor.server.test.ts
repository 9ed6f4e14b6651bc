import { describe, expect, it } from 'vitest';

import { useOwnStore, codeStep, enableMemberFactor, typedIdentity, registeredMember } from '../app-store.test-support';

const { codeSentTo } = useOwnStore('reset-2fa');

const { app } = await import('../app.server');
const { env } = await import('../env.server');
const { memberSubject, secondFactorEnabled, failureKey } = await import('./second-factor.server');
const { takeFlash } = await import('../flash.server');
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

describe('a reset of the password by one-time code removes the second factor (ADR 091)', () => {
  it('by the code sent to the member: factor and recovery codes gone, the member told, the removal audited', async () => {
    const { row, fields } = await identityOf('012345');
    await enableMemberFactor('012345');
    await hit(failureKey('012345'), 60_000);
    const before = Date.now();
    const send = await codeStep('forget', fields, '10.8.0.1');
    const done = await send(await codeSentTo(row.email ?? '', before));
    expect(done.status).toBe(302);
    expect(await secondFactorEnabled('012345')).toBe(false);
    const { db } = await app();
    expect(
      await db
        .selectFrom('totp_recovery_codes')
        .select('code_hash')
        .where('subject', '=', memberSubject('012345'))
        .execute(),
    ).toEqual([]);
    expect((await peek([failureKey('012345')])).size).toBe(0);
    expect(await flashOf(done)).toContain(M.clearedByReset);
    expect(await auditRows('012345', 'totp_cleared_by_reset')).toEqual([
      { type: 'totp_cleared_by_reset', detail: 'code sent' },
    ]);
  });

  it('a member without a second factor is not told about one', async () => {
    const { db } = await app();
    await db.deleteFrom('rate_limits').execute();
    const { row, fields } = await identityOf('012345');
    const before = Date.now();
    const send = await codeStep('forget', fields, '10.8.0.2');
    const done = await send(await codeSentTo(row.email ?? '', before));
    expect(done.status).toBe(302);
    expect(await flashOf(done)).not.toContain(M.clearedByReset);
    expect(await auditRows('012345', 'totp_cleared_by_reset')).toHaveLength(1);
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

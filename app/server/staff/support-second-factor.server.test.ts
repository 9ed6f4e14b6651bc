import type { AppLoadContext } from '@remix-run/node';
import { describe, expect, it } from 'vitest';

import { enableMemberFactor, useOwnStore } from '../app-store.test-support';
import { signedInStaff, type StaffRole } from './staff.test-support';
import { insertHalfSession } from './support.test-support';

useOwnStore('support-2fa', { PUBLIC_URL: 'http://coop.test' });

const { app } = await import('../app.server');
const { memberSubject, secondFactorEnabled } = await import('../auth/second-factor.server');
const route = await import('~/routes/staff.members');

const ORIGIN = 'http://coop.test';
const NO = '012345';

/** A signed-in staff member of the role; answers the session cookie. */
async function staff(role: StaffRole, username: string): Promise<string> {
  return (await signedInStaff(username, role)).cookie;
}

async function post(cookie: string, fields: Record<string, string>): Promise<Response> {
  const request = new Request(`${ORIGIN}/staff/members`, {
    method: 'POST',
    headers: { Cookie: cookie },
    body: new URLSearchParams(fields),
  });
  const context = { clientAddress: '10.6.0.1' } as unknown as AppLoadContext;
  try {
    return (await route.action({ request, context, params: {} })) as Response;
  } catch (thrown) {
    if (thrown instanceof Response) return thrown;
    throw thrown;
  }
}

async function removals() {
  const { db } = await app();
  return db
    .selectFrom('audit_events')
    .select(['actor', 'membership_no', 'detail'])
    .where('type', '=', 'staff_member_second_factor_removed')
    .execute();
}

type Answer = { kind: string; error?: string; notice?: string; member?: { secondFactor: boolean } };

describe("support removes a member's second factor (ADR 091)", () => {
  it('only staff with the support role; others are refused and nothing is removed', async () => {
    await enableMemberFactor(NO);
    for (const [role, name] of [
      ['editor', 'editor1'],
      ['moderator', 'moderator1'],
    ] as const) {
      const refused = await post(await staff(role, name), {
        intent: 'remove-factor',
        membershipNo: NO,
        reason: 'ทำโทรศัพท์หาย',
      });
      expect(refused.status).toBe(403);
    }
    expect(await secondFactorEnabled(NO)).toBe(true);
    expect(await removals()).toEqual([]);
  });

  it('asks for a reason, then removes the factor, ends sign-ins waiting for a code and records who and why', async () => {
    const cookie = await staff('support', 'support1');
    const shown = (await (await post(cookie, { intent: 'show', membershipNo: NO })).json()) as Answer;
    expect(shown.member?.secondFactor).toBe(true);

    const noReason = await post(cookie, { intent: 'remove-factor', membershipNo: NO, reason: ' ' });
    expect(noReason.status).toBe(400);
    expect(((await noReason.json()) as Answer).error).toBe('กรุณากรอกเหตุผล');
    expect(await secondFactorEnabled(NO)).toBe(true);

    const { db } = await app();
    await insertHalfSession(db, NO, 'waiting-for-a-code', 'upstream-x');
    const done = await post(cookie, { intent: 'remove-factor', membershipNo: NO, reason: 'ทำโทรศัพท์หาย ตรวจบัตรแล้ว' });
    expect(done.status).toBe(200);
    const answer = (await done.json()) as Answer;
    expect(answer.notice).toContain('ปิดการยืนยันตัวตนสองขั้นตอนของสมาชิกแล้ว');
    expect(answer.member?.secondFactor).toBe(false);
    expect(await secondFactorEnabled(NO)).toBe(false);
    expect(
      await db.selectFrom('totp_recovery_codes').select('code_hash').where('subject', '=', memberSubject(NO)).execute(),
    ).toEqual([]);
    expect(await db.selectFrom('login_challenges').select('id_hash').where('membership_no', '=', NO).execute()).toEqual(
      [],
    );
    expect(await removals()).toEqual([
      { actor: 'support1', membership_no: NO, detail: 'reason=ทำโทรศัพท์หาย ตรวจบัตรแล้ว' },
    ]);

    // Nothing left to remove: said so, and not audited again.
    const again = await post(cookie, { intent: 'remove-factor', membershipNo: NO, reason: 'อีกครั้ง' });
    expect(again.status).toBe(400);
    expect(((await again.json()) as Answer).error).toBe('สมาชิกไม่ได้เปิดใช้การยืนยันตัวตนสองขั้นตอน');
    expect(await removals()).toHaveLength(1);
  });
});

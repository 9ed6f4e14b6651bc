import { describe, expect, it } from 'vitest';

import { enableMemberFactor, useOwnStore } from '../app-store.test-support';
import { cookieOf, DEMO, halfSession, ORIGIN, verifyRequest, waitingSignIns } from './half-session.test-support';

useOwnStore('sign-out-everywhere');

const { app } = await import('../app.server');
const { requireMember } = await import('./auth.server');
const { completeSecondFactor } = await import('./second-factor.server');
const { signOutEverywhere } = await import('./password-change.server');
const { totpCodeAt } = await import('./totp/totp.server');
const { SECOND_FACTOR_MESSAGES } = await import('~/lib/forms/second-factor');

const STEP = 30_000;

describe('signing out everywhere (a password change, a reset) ends the sign-ins waiting for their code too', () => {
  it('a half-session started with the old password cannot be finished afterwards, even with a right code', async () => {
    const secret = await enableMemberFactor(DEMO.membershipNo);
    // The member signs in on their own device.
    const done = await completeSecondFactor(
      verifyRequest(await halfSession('10.3.3.1')),
      totpCodeAt(secret, Date.now() + STEP),
      '10.3.3.1',
    );
    if (!done.ok) throw new Error('refused');
    const member = await requireMember(
      new Request(`${ORIGIN}/member/password`, { headers: { Cookie: cookieOf(done.setCookies[0] ?? '') } }),
      {},
    );
    // Someone else, with the password, waits at the code page.
    const waiting = await halfSession('10.3.3.2');

    await signOutEverywhere(DEMO.membershipNo, { idHash: member.session.idHash, credentials: member.credentials });

    expect(await waitingSignIns(DEMO.membershipNo)).toEqual([]);
    const late = await completeSecondFactor(
      verifyRequest(waiting),
      totpCodeAt(secret, Date.now() + 2 * STEP),
      '10.3.3.2',
    );
    expect(late).toMatchObject({ ok: false, restart: true, message: SECOND_FACTOR_MESSAGES.expired });
    // The member's own session goes on.
    expect(await (await app()).backend.getAuthUser(member.credentials)).toBe(true);
  });
});

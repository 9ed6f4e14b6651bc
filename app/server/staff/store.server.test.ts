// The staff store (ADR 127): the one data path of the back office. In the embedded store it has both
// parts, the staff's own tables and the cooperative's (http mode: store-http.server.test.ts).
import { describe, expect, it } from 'vitest';

import { useOwnStore } from '../app-store.test-support';

useOwnStore('staff-store', {}, { startTimeoutMs: 120_000 });

const { app } = await import('../app.server');
const { createSession } = await import('../auth/session.server');
const { requireCoopStore, staffStore, staffStoreOf } = await import('./store.server');

describe('staffStore() in the embedded store', () => {
  it('has the staff tables and the cooperative tables, made once', async () => {
    const store = await staffStore();
    expect(store.coop).not.toBeNull();
    expect(await store.own.accounts.list()).toEqual(expect.any(Array));
    expect(typeof (await store.own.audit.signInsToday())).toBe('number');
    expect((await store.coop!.content.categories()).length).toBeGreaterThan(0);
    expect((await store.coop!.members.view('012345'))?.membershipNo).toBe('012345');
    expect(await store.coop!.menu.tree()).toEqual(expect.any(Array));
    expect(await staffStore()).toBe(store);
  });

  it('requireCoopStore answers the cooperative tables', async () => {
    const store = await staffStore();
    await expect(requireCoopStore(store)).resolves.toBe(store.coop);
  });

  it("unlocking a member hands the core's tokens behind the ended sessions back", async () => {
    const services = await app();
    const handedBack: string[] = [];
    const store = staffStoreOf({
      ...services,
      backend: {
        logout: async ({ token }) => {
          handedBack.push(token);
          throw new Error('the core is away'); // a failure to hand back does not stop the unlock
        },
      },
    });
    await createSession(new Request('http://coop.test/member/logon'), {
      membershipNo: '012345',
      memberName: 'ทดสอบ',
      upstreamToken: 'upstream-staff-store',
      upstreamExpiresInSeconds: 3600,
      remember: false,
    });
    const ended = await store.coop!.members.unlock('012345');
    expect(ended.sessions).toBe(1);
    expect(handedBack).toEqual(['upstream-staff-store']);
  });
});

// The staff store over http mode's core (ADR 127): only the staff's own tables; `coop === null` is
// what every staff page's http-mode answer follows (a 404, or a notice that the core owns this).
import { describe, expect, it } from 'vitest';

import { useOwnStore } from '../app-store.test-support';

// The core is never called here: the address is one nothing answers on.
useOwnStore(
  'staff-store-http',
  { COOP_BACKEND: 'http', COOP_API_URL: 'http://127.0.0.1:9/' },
  { startTimeoutMs: 120_000 },
);

const { requireCoopStore, staffStore } = await import('./store.server');

describe('staffStore() in http mode (COOP_BACKEND=http)', () => {
  it("has no cooperative tables, and the staff's own tables as ever", async () => {
    const store = await staffStore();
    expect(store.coop).toBeNull();
    expect(await store.own.accounts.list()).toEqual(expect.any(Array));
    expect(typeof (await store.own.audit.signInsToday())).toBe('number');
    expect(
      await store.own.handoffs.take({ ownerHash: 'x', kind: 'member_code', path: '/staff/members', staffId: 1 }),
    ).toBeNull();
  });

  it('requireCoopStore refuses with a 404, or with the answer the page gives', async () => {
    const store = await staffStore();
    const refused = await requireCoopStore(store).catch((error: unknown) => error);
    expect(refused).toBeInstanceOf(Response);
    expect((refused as Response).status).toBe(404);
    const back = new Response(null, { status: 303, headers: { Location: '/staff/content' } });
    await expect(requireCoopStore(store, () => back)).rejects.toBe(back);
  });
});

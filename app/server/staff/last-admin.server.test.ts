// "One working admin always remains" (docs/staff.md) holds when two admins act on each other at the
// same moment: the check and the change are one step, so of two admins demoting, disabling or
// resetting each other together, one is refused (ASVS 5.0 2.3.3, 2.3.4).
import type { AppLoadContext } from '@remix-run/node';
import { describe, expect, it } from 'vitest';

import { useOwnStore } from '../app-store.test-support';
import { signedInStaff } from './staff.test-support';

useOwnStore('last-admin', { PUBLIC_URL: 'http://coop.test' });

const { app } = await import('../app.server');
const { activeAdminCount } = await import('./accounts.server');
const route = await import('~/routes/staff.accounts');

const ORIGIN = 'http://coop.test';

async function post(cookie: string, fields: Record<string, string>): Promise<number> {
  const request = new Request(`${ORIGIN}/staff/accounts`, {
    method: 'POST',
    headers: { Cookie: cookie, 'Content-Type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams(fields),
  });
  const context = { clientAddress: '10.8.0.1' } as unknown as AppLoadContext;
  try {
    return ((await route.action({ request, context, params: {} })) as Response).status;
  } catch (thrown) {
    if (thrown instanceof Response) return thrown.status;
    throw thrown;
  }
}

/** Leaves exactly the given admins active (others from earlier tests are made editors). */
async function onlyAdmins(ids: number[]) {
  const { db } = await app();
  await db
    .updateTable('staff_accounts')
    .set({ role: 'editor' })
    .where('role', '=', 'admin')
    .where('id', 'not in', ids)
    .execute();
}

/**
 * Two new admins, the only active ones (`pair-a<n>`, `pair-b<n>`), post at once: a acts on b with
 * `aOnB`, b on a with `bOnA`. Checks that one working admin remains; answers the two statuses, sorted.
 */
async function atOnce(n: number, aOnB: Record<string, string>, bOnA: Record<string, string>): Promise<number[]> {
  const a = await signedInStaff(`pair-a${n}`, 'admin');
  const b = await signedInStaff(`pair-b${n}`, 'admin');
  await onlyAdmins([a.id, b.id]);
  const statuses = await Promise.all([
    post(a.cookie, { ...aOnB, id: String(b.id) }),
    post(b.cookie, { ...bOnA, id: String(a.id) }),
  ]);
  const { db } = await app();
  expect(await activeAdminCount(db)).toBe(1);
  return statuses.sort();
}

describe('the last working admin', () => {
  it('stays when two admins demote each other at once', async () => {
    const statuses = await atOnce(1, { intent: 'role', role: 'editor' }, { intent: 'role', role: 'editor' });
    expect(statuses).toEqual([303, 400]);
  });

  it('stays when two admins disable each other at once', async () => {
    await atOnce(2, { intent: 'disable', confirmed: '1' }, { intent: 'disable', confirmed: '1' });
  });

  it('stays when one demotes and the other resets the first at once', async () => {
    await atOnce(3, { intent: 'role', role: 'support' }, { intent: 'reset', confirmed: '1' });
  });
});

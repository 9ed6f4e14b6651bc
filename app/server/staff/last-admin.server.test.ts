// "One working admin always remains" (docs/staff.md) holds when two admins act on each other at the
// same moment: the check and the change are one step, so of two admins demoting, disabling or
// resetting each other together, one is refused (ASVS 5.0 2.3.3, 2.3.4).
import type { AppLoadContext } from '@remix-run/node';
import { describe, expect, it } from 'vitest';

import { useOwnStore } from '../app-store.test-support';

useOwnStore('last-admin', { PUBLIC_URL: 'http://coop.test' });

const { app } = await import('../app.server');
const { createStaffAccount, activeAdminCount } = await import('./accounts.server');
const { startStaffSession } = await import('./session.server');
const route = await import('~/routes/staff.accounts');

const ORIGIN = 'http://coop.test';

/** An enrolled admin, signed in: its id and session cookie. */
async function admin(username: string): Promise<{ id: number; cookie: string }> {
  const { db } = await app();
  const created = await createStaffAccount(db, { username, displayName: 'สมศรี ทดสอบ', role: 'admin' });
  if (!created.ok) throw new Error(created.reason);
  await db.updateTable('staff_accounts').set({ enrolled_at: Date.now() }).where('id', '=', created.account.id).execute();
  const setCookie = await startStaffSession(new Request(`${ORIGIN}/staff/login`), {
    staffId: created.account.id,
    stage: 'active',
  });
  return { id: created.account.id, cookie: setCookie.split(';')[0] ?? '' };
}

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
  await db.updateTable('staff_accounts').set({ role: 'editor' }).where('role', '=', 'admin').where('id', 'not in', ids).execute();
}

describe('the last working admin', () => {
  it('stays when two admins demote each other at once', async () => {
    const a = await admin('pair-a1');
    const b = await admin('pair-b1');
    await onlyAdmins([a.id, b.id]);
    const statuses = await Promise.all([
      post(a.cookie, { intent: 'role', id: String(b.id), role: 'editor' }),
      post(b.cookie, { intent: 'role', id: String(a.id), role: 'editor' }),
    ]);
    const { db } = await app();
    expect(await activeAdminCount(db)).toBe(1);
    expect(statuses.sort()).toEqual([303, 400]);
  });

  it('stays when two admins disable each other at once', async () => {
    const a = await admin('pair-a2');
    const b = await admin('pair-b2');
    await onlyAdmins([a.id, b.id]);
    await Promise.all([
      post(a.cookie, { intent: 'disable', id: String(b.id), confirmed: '1' }),
      post(b.cookie, { intent: 'disable', id: String(a.id), confirmed: '1' }),
    ]);
    const { db } = await app();
    expect(await activeAdminCount(db)).toBe(1);
  });

  it('stays when one demotes and the other resets the first at once', async () => {
    const a = await admin('pair-a3');
    const b = await admin('pair-b3');
    await onlyAdmins([a.id, b.id]);
    await Promise.all([
      post(a.cookie, { intent: 'role', id: String(b.id), role: 'support' }),
      post(b.cookie, { intent: 'reset', id: String(a.id), confirmed: '1' }),
    ]);
    const { db } = await app();
    expect(await activeAdminCount(db)).toBe(1);
  });
});

// A change is saved, then its audit row is written. When the store fails between the two, the staff
// member is told what happened (saved), not a failure page that would have them do it again; the event
// goes to the application log (audit.server.ts `audit`).
import type { AppLoadContext } from '@remix-run/node';
import { sql } from 'kysely';
import { describe, expect, it, vi } from 'vitest';

import { useOwnStore } from '../app-store.test-support';
import { enrolledStaff, signedInStaff } from './staff.test-support';

useOwnStore('audit-after-save', { PUBLIC_URL: 'http://coop.test' });

const { app } = await import('../app.server');
const { log } = await import('../log.server');
const route = await import('~/routes/staff.accounts');

const ORIGIN = 'http://coop.test';

describe('a change whose audit row cannot be written', () => {
  it('is answered as saved, stays saved, and its event is logged', async () => {
    const admin = await signedInStaff('saver-admin', 'admin');
    const colleague = await enrolledStaff('saver-editor', 'editor');
    const { db } = await app();
    const error = vi.spyOn(log, 'error');
    // The audit table goes away between the change and its row (as a store failing at that moment).
    await sql`alter table audit_events rename to audit_events_away`.execute(db);
    let answer: Response;
    try {
      answer = (await route.action({
        request: new Request(`${ORIGIN}/staff/accounts`, {
          method: 'POST',
          headers: { Cookie: admin.cookie, 'Content-Type': 'application/x-www-form-urlencoded' },
          body: new URLSearchParams({ intent: 'role', id: String(colleague), role: 'moderator' }),
        }),
        context: { clientAddress: '10.8.0.2' } as unknown as AppLoadContext,
        params: {},
      })) as Response;
    } finally {
      await sql`alter table audit_events_away rename to audit_events`.execute(db);
    }
    expect(answer.status).toBe(303);
    const row = await db
      .selectFrom('staff_accounts')
      .select('role')
      .where('id', '=', colleague)
      .executeTakeFirstOrThrow();
    expect(row.role).toBe('moderator');
    expect(error).toHaveBeenCalledWith('audit not recorded', expect.objectContaining({ event: 'staff_role_changed' }));
  });
});

/**
 * For the back office's tests: enrolled staff accounts, signed in, and what the audit holds of them.
 * The app's modules are imported when a helper first runs, so a test file can point the environment at
 * its own store (`useOwnStore`) before anything reads it.
 */

/** A back-office role. */
export type StaffRole = 'editor' | 'moderator' | 'support' | 'admin';

const ORIGIN = 'http://coop.test';

/** A staff account of the role, made as an admin makes it and marked enrolled; answers its id. */
export async function enrolledStaff(username: string, role: StaffRole): Promise<number> {
  const { app } = await import('../app.server');
  const { createStaffAccount } = await import('./accounts.server');
  const { db } = await app();
  const created = await createStaffAccount(db, { username, displayName: 'สมศรี ทดสอบ', role });
  if (!created.ok) throw new Error(created.reason);
  await db
    .updateTable('staff_accounts')
    .set({ enrolled_at: Date.now() })
    .where('id', '=', created.account.id)
    .execute();
  return created.account.id;
}

/** An enrolled staff account of the role, signed in (past its second factor): its id and session cookie. */
export async function signedInStaff(username: string, role: StaffRole): Promise<{ id: number; cookie: string }> {
  const { startStaffSession } = await import('./session.server');
  const id = await enrolledStaff(username, role);
  const setCookie = await startStaffSession(new Request(`${ORIGIN}/staff/login`), { staffId: id, stage: 'active' });
  return { id, cookie: setCookie.split(';')[0] ?? '' };
}

/** The `detail` of each audit event of the type whose actor is `actor`. */
export async function auditDetails(type: string, actor: string): Promise<(string | null)[]> {
  const { app } = await import('../app.server');
  const { db } = await app();
  const events = db.selectFrom('audit_events').select('detail');
  const rows = await events.where('type', '=', type).where('actor', '=', actor).execute();
  return rows.map((row) => row.detail);
}

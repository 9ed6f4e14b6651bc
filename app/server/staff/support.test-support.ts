/** For the support desk's tests: rows that stand for a member's sign-ins. */
import type { Db } from '../db/index.server';

/**
 * A half-session: the member passed the password and waits to give a second-factor code, for a
 * minute from `now`; the core's token `upstreamToken` is held for it.
 */
export async function insertHalfSession(
  db: Db,
  membershipNo: string,
  idHash: string,
  upstreamToken: string,
  now = Date.now(),
): Promise<void> {
  await db
    .insertInto('login_challenges')
    .values({
      id_hash: idHash,
      membership_no: membershipNo,
      upstream_token: upstreamToken,
      upstream_expires_in: 3600,
      remember: 0,
      redirect_to: null,
      failures: 0,
      created_at: now,
      expires_at: now + 60_000,
    })
    .execute();
}

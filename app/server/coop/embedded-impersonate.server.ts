import type { Db } from '../db/index.server';
import { issueToken } from './embedded-tokens.server';
import type { CoopBackend, MemberName } from './types';

/** Lifetime of a token issued for staff impersonation; the session is capped to the same (ADR 010). */
export const IMPERSONATION_TOKEN_TTL_MS = 30 * 60_000;

/** The member's name when the number belongs to an active member (status '0', as login requires), else null. */
export async function activeMember(db: Db, membershipNo: string): Promise<MemberName | null> {
  const row = await db
    .selectFrom('members')
    .select(['membership_no', 'prename', 'first_name', 'last_name'])
    .where('membership_no', '=', membershipNo)
    .where('status_code', '=', '0')
    .executeTakeFirst();
  return row
    ? { membershipNo: row.membership_no, prename: row.prename, firstName: row.first_name, lastName: row.last_name }
    : null;
}

/**
 * `impersonate` of the embedded backend: a bearer token like login's, without a password check and
 * with a short lifetime. A member without online credentials can still be looked at (staff support
 * before registration); a resigned member cannot, as they cannot log in either.
 */
export function createImpersonation(db: Db, now: () => number): Pick<CoopBackend, 'impersonate'> {
  return {
    async impersonate(membershipNo, staff) {
      const member = await activeMember(db, membershipNo);
      if (!member) return { ok: false, reason: 'unknown_member' };
      const issuedAt = now();
      const token = await issueToken(db, {
        membershipNo: member.membershipNo,
        issuedAt,
        expiresAt: issuedAt + IMPERSONATION_TOKEN_TTL_MS,
        // The token is staff's, whoever asked: what only the member may do is refused with it (ADR 037).
        actingStaff: staff ?? 'staff',
      });
      return { ok: true, token, expiresInSeconds: IMPERSONATION_TOKEN_TTL_MS / 1000, member };
    },
  };
}

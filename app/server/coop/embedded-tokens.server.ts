import { randomToken, sha256 } from '../crypto.server';
import type { Db } from '../db/index.server';
import type { CoopBackend, MemberOf } from './types';

/**
 * Stores a new bearer token of the member (under its SHA-256) and answers it: it holds from `issuedAt`
 * until `expiresAt`, and is staff's when `actingStaff` names them (ADR 037).
 */
export async function issueToken(
  db: Db,
  token: { membershipNo: string; issuedAt: number; expiresAt: number; actingStaff?: string | null },
): Promise<string> {
  const value = randomToken();
  await db
    .insertInto('coop_tokens')
    .values({
      token_hash: sha256(value),
      membership_no: token.membershipNo,
      issued_at: token.issuedAt,
      expires_at: token.expiresAt,
      acting_staff: token.actingStaff ?? null,
    })
    .execute();
  return value;
}

type TokenFeeds = Required<Pick<CoopBackend, 'listApiTokens' | 'revokeApiToken' | 'revokeOtherApiTokens'>>;

/**
 * The member's own bearer tokens (ADR 040): listed and ended from the account-security page. A token
 * is known by the SHA-256 it is stored under, which is its id on the page; every query is scoped to the
 * member the request's token belongs to.
 */
export function createTokenFeeds(db: Db, memberOf: MemberOf, now: () => number): TokenFeeds {
  return {
    async listApiTokens(cred, except) {
      const membershipNo = await memberOf(cred);
      const skip = new Set(except.map(sha256));
      const rows = await db
        .selectFrom('coop_tokens')
        .select(['token_hash', 'issued_at', 'expires_at'])
        .where('membership_no', '=', membershipNo)
        .where('expires_at', '>', now())
        .orderBy('issued_at', 'desc')
        .execute();
      return rows
        .filter((row) => !skip.has(row.token_hash))
        .map((row) => ({ id: row.token_hash, issuedAt: new Date(row.issued_at), expiresAt: new Date(row.expires_at) }));
    },

    async revokeApiToken(cred, id) {
      const membershipNo = await memberOf(cred);
      if (id === sha256(cred.token)) return false;
      const removed = await db
        .deleteFrom('coop_tokens')
        .where('token_hash', '=', id)
        .where('membership_no', '=', membershipNo)
        .executeTakeFirst();
      return removed.numDeletedRows > 0n;
    },

    async revokeOtherApiTokens(cred, keep) {
      const membershipNo = await memberOf(cred);
      const kept = [...new Set([cred.token, ...keep])].map(sha256);
      const removed = await db
        .deleteFrom('coop_tokens')
        .where('membership_no', '=', membershipNo)
        .where('token_hash', 'not in', kept)
        .executeTakeFirst();
      return Number(removed.numDeletedRows);
    },
  };
}

import { createHmac, timingSafeEqual } from 'node:crypto';

import { withoutTrailingSlashes } from '~/lib/trim';

import { recordAudit } from '../audit.server';
import { activeMember } from '../coop/embedded-impersonate.server';
import type { CoopBackend, LinkRedemption } from '../coop/types';
import { randomToken, sha256 } from '../crypto.server';
import type { Db } from '../db/index.server';

/**
 * Staff impersonation links (ADR 010): `/member/impersonate?t=<nonce>.<expiry>.<mac>`.
 * The nonce is random and carries no member data; the grant row it names (by its SHA-256) holds the
 * member and the staff. The MAC (HMAC-SHA256 with IMPERSONATION_SECRET) covers nonce and expiry, so
 * nobody without the secret can make or stretch a link; the row makes it single-use.
 */

/** How long a printed link can be used. */
export const LINK_TTL_MS = 60_000;
/** Where the link points. */
export const IMPERSONATE_PATH = '/member/impersonate';

const MAC_CONTEXT = 'sahakorn-impersonation-v1';
const B64URL_32_BYTES = '[A-Za-z0-9_-]{43}';
const TOKEN_PATTERN = new RegExp(`^(${B64URL_32_BYTES})\\.(\\d{13})\\.(${B64URL_32_BYTES})$`);
/** The staff name or id as given to the CLI: shown in the banner and kept in the audit log. */
const STAFF_PATTERN = /^[^\p{Cc}\p{Cf}]{1,100}$/u;

function mac(nonce: string, expiresAt: number, secret: string): Buffer {
  return createHmac('sha256', secret).update(`${MAC_CONTEXT}.${nonce}.${expiresAt}`).digest();
}

/** The `t` value of a link. */
export function signToken(nonce: string, expiresAt: number, secret: string): string {
  return `${nonce}.${expiresAt}.${mac(nonce, expiresAt, secret).toString('base64url')}`;
}

/** Constant-time comparison of two MACs; different lengths are simply unequal (no early exit on content). */
export function macEquals(given: Buffer, expected: Buffer): boolean {
  if (given.length !== expected.length) {
    // Still spend one comparison, so a wrong length costs what a wrong value costs.
    timingSafeEqual(expected, expected);
    return false;
  }
  return timingSafeEqual(given, expected);
}

export type TokenCheck =
  | { ok: true; nonce: string; expiresAt: number }
  | { ok: false; reason: 'malformed' | 'bad_signature' | 'expired'; nonce?: string };

/** Check a link's format, signature (constant time) and expiry. Does not touch the database. */
export function verifyToken(token: string, secret: string, now = Date.now()): TokenCheck {
  const match = TOKEN_PATTERN.exec(token);
  if (!match) return { ok: false, reason: 'malformed' };
  const [, nonce = '', expiry = '', signature = ''] = match;
  const expiresAt = Number(expiry);
  // Compare the text, not decoded bytes: base64url ignores the low bits of its last character, so
  // several spellings decode to the same MAC and an altered link would still pass.
  const expected = Buffer.from(mac(nonce, expiresAt, secret).toString('base64url'));
  if (!macEquals(Buffer.from(signature), expected)) {
    return { ok: false, reason: 'bad_signature' };
  }
  if (expiresAt <= now) return { ok: false, reason: 'expired', nonce };
  return { ok: true, nonce, expiresAt };
}

/** A short, non-secret reference to a grant for the audit log (a prefix of the nonce's hash). */
export function grantRef(nonceHash: string): string {
  return nonceHash.slice(0, 12);
}

/** The staff name as accepted by the CLI (trimmed), or null when empty, too long or with control characters. */
export function normaliseStaff(raw: string): string | null {
  const staff = raw.trim().replace(/\s+/g, ' ');
  return STAFF_PATTERN.test(staff) ? staff : null;
}

export type IssueResult =
  { ok: true; url: string; expiresAt: number; grant: string } | { ok: false; reason: 'unknown_member' | 'bad_staff' };

/**
 * Create a single-use grant and return its link (what `npm run impersonate` prints). The member must
 * be an active member of the embedded store. Audited as `impersonation_issued`; the link is never logged.
 */
export async function issueImpersonationLink(
  db: Db,
  input: { membershipNo: string; staff: string; secret: string; baseUrl: string; now?: number },
): Promise<IssueResult> {
  const now = input.now ?? Date.now();
  const staff = normaliseStaff(input.staff);
  if (!staff) return { ok: false, reason: 'bad_staff' };
  const member = await activeMember(db, input.membershipNo);
  if (!member) return { ok: false, reason: 'unknown_member' };
  const nonce = randomToken();
  const nonceHash = sha256(nonce);
  const expiresAt = now + LINK_TTL_MS;
  // Grants are worth nothing a day after they expired (the audit log keeps the story).
  await db
    .deleteFrom('impersonation_grants')
    .where('expires_at', '<', now - 24 * 3600_000)
    .execute();
  await db
    .insertInto('impersonation_grants')
    .values({
      nonce_hash: nonceHash,
      membership_no: member.membershipNo,
      staff,
      created_at: now,
      expires_at: expiresAt,
      used_at: null,
    })
    .execute();
  await recordAudit(db, 'impersonation_issued', {
    membershipNo: member.membershipNo,
    detail: `staff=${staff}; grant=${grantRef(nonceHash)}`,
  });
  const url = `${withoutTrailingSlashes(input.baseUrl)}${IMPERSONATE_PATH}?t=${signToken(nonce, expiresAt, input.secret)}`;
  return { ok: true, url, expiresAt, grant: grantRef(nonceHash) };
}

/**
 * Redeem a link where its grant is kept (this database): use up the grant, then ask the backend for
 * the member's token. A refusal carries the audit log's detail: the reason, and the staff and grant
 * when the signature was good.
 */
export async function redeemLink(db: Db, backend: CoopBackend, token: string, secret: string): Promise<LinkRedemption> {
  const grant = await consumeGrant(db, token, secret);
  if (!grant.ok) {
    const about = grant.staff ? `; staff=${grant.staff}; grant=${grant.grant ?? ''}` : '';
    return { ok: false, membershipNo: grant.membershipNo, detail: `${grant.reason}${about}` };
  }
  const issued = await backend.impersonate(grant.membershipNo, grant.staff);
  if (!issued.ok) {
    return {
      ok: false,
      membershipNo: grant.membershipNo,
      detail: `${issued.reason}; staff=${grant.staff}; grant=${grant.grant}`,
    };
  }
  return { ...issued, staff: grant.staff, grant: grant.grant };
}

export type ConsumeResult =
  | { ok: true; membershipNo: string; staff: string; grant: string }
  | {
      ok: false;
      reason: 'malformed' | 'bad_signature' | 'expired' | 'used' | 'unknown';
      /** Known when the signature was good and the grant exists (for the audit log only). */
      membershipNo?: string;
      staff?: string;
      grant?: string;
    };

/**
 * Verify a link and use up its grant. The grant is claimed by one conditional UPDATE
 * (`used_at IS NULL AND expires_at > now`): of two concurrent uses, on one instance or several
 * sharing PostgreSQL, exactly one gets the row back.
 */
export async function consumeGrant(db: Db, token: string, secret: string, now = Date.now()): Promise<ConsumeResult> {
  const check = verifyToken(token, secret, now);
  if (!check.ok && check.reason !== 'expired') return { ok: false, reason: check.reason };
  const nonce = check.ok ? check.nonce : (check.nonce ?? '');
  const nonceHash = sha256(nonce);
  if (check.ok) {
    const claimed = await db
      .updateTable('impersonation_grants')
      .set({ used_at: now })
      .where('nonce_hash', '=', nonceHash)
      .where('expires_at', '=', check.expiresAt)
      .where('expires_at', '>', now)
      .where('used_at', 'is', null)
      .returning(['membership_no', 'staff'])
      .execute();
    const [row] = claimed;
    if (claimed.length === 1 && row) {
      return { ok: true, membershipNo: row.membership_no, staff: row.staff, grant: grantRef(nonceHash) };
    }
  }
  // Refused: say why in the audit log (never to the visitor).
  const grant = await db
    .selectFrom('impersonation_grants')
    .select(['membership_no', 'staff', 'expires_at', 'used_at'])
    .where('nonce_hash', '=', nonceHash)
    .executeTakeFirst();
  if (!grant) return { ok: false, reason: 'unknown' };
  const reason = grant.used_at !== null ? 'used' : 'expired';
  return { ok: false, reason, membershipNo: grant.membership_no, staff: grant.staff, grant: grantRef(nonceHash) };
}

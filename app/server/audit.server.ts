import { createHash, createHmac } from 'node:crypto';

import { app } from './app.server';
import { sealingKeys } from './auth/totp/seal.server';
import type { Db } from './db/index.server';
import { ADVISORY_LOCKS, lockWithinTransaction } from './db/locks';
import { env } from './env.server';
import { log } from './log.server';
import { currentRequestContext, currentRequestId, currentUserAgent } from './http/request-context.server';

export type AuditType =
  | 'login_success'
  | 'login_failure'
  | 'login_locked'
  | 'lockout'
  | 'logout'
  | 'session_expired'
  | 'terms_accepted'
  | 'password_changed'
  | 'password_change_failed'
  | 'photo_changed'
  | 'register_success'
  | 'register_failure'
  | 'forget_success'
  | 'forget_failure'
  /** A one-time code was sent for registration or a forgotten password (ADR 038). */
  | 'recovery_code_sent'
  /** A code or notice could not be handed to the mail server or SMS gateway. */
  | 'recovery_delivery_failed'
  /** No code or notice was sent: the member's messages for the day were used up (ADR 094). */
  | 'recovery_send_limited'
  /** Staff impersonation (ADR 010): a link was printed by the CLI. */
  | 'impersonation_issued'
  /** A link was used: a session acting as the member started. */
  | 'impersonation_started'
  /** A link was refused (tampered, expired, used, unknown member, rate limited). */
  | 'impersonation_refused'
  /** Staff ended the acting session (logout). */
  | 'impersonation_ended'
  /** An action that belongs to the member alone was refused while staff were acting. */
  | 'impersonation_blocked'
  /** Second factor (ADR 040): enrolment started, confirmed, a wrong confirmation code. */
  | 'totp_enrolment_started'
  | 'totp_enabled'
  | 'totp_enrolment_failed'
  /** Turned off (detail: by password or code), or a refused attempt to turn it off. */
  | 'totp_disabled'
  | 'totp_disable_failed'
  | 'recovery_codes_regenerated'
  /** A wrong current password given for a change of the account's security (ADR 090; detail: the change). */
  | 'reauth_failed'
  /**
   * The second factor and its recovery codes were removed by a reset of the password by one-time code
   * (detail: the member's own code, or one staff issued) (ADR 091).
   */
  | 'totp_cleared_by_reset'
  /** The password was right and the code page was shown (a half-session, not a session). */
  | 'second_factor_required'
  /** A wrong or replayed code at sign-in (detail: locked when the limit was reached). */
  | 'second_factor_failure'
  /** The member ended one of their sessions or API tokens, or all the others. */
  | 'session_ended'
  | 'api_token_revoked'
  /** `/api/member/auth/refresh` exchanged a token, or refused to (detail: why; ADR 092). */
  | 'api_token_refreshed'
  | 'api_token_refresh_refused'
  | 'other_sessions_ended'
  /**
   * The staff back office (ADR 059): every staff action, `actor` naming the staff member (staff sign-in,
   * staff accounts, member support; each staff page records its own `staff_…` names).
   */
  | `staff_${string}`;

export interface AuditFields {
  membershipNo?: string | null;
  /** The staff member's username, for staff events. */
  actor?: string | null;
  /** Default: the client address of the request being handled (`context.clientAddress`). */
  ip?: string | null;
  detail?: string | null;
  /** Default: the id of the request being handled (the one its log lines and the crash page show). */
  requestId?: string | null;
  /** Default: the User-Agent of the request being handled. */
  userAgent?: string | null;
}

/** Longest user agent kept in an audit row; control characters are dropped. */
export const AUDIT_USER_AGENT_MAX = 256;

function keptUserAgent(value: string | null | undefined): string | null {
  if (!value) return null;
  const clean = value.slice(0, AUDIT_USER_AGENT_MAX * 2).replace(/[\u0000-\u001f\u007f]/g, '');
  return clean.slice(0, AUDIT_USER_AGENT_MAX) || null;
}

/**
 * Record a security event in the audit table. Never pass passwords, tokens or cookie values. Inside a
 * request the row carries that request's id, user agent and client address (server.js puts them in the
 * request's context, which every log line already reads), so call sites need pass none of them.
 * The application log gets the event type only, without the member number.
 */
export async function audit(type: AuditType, fields: AuditFields = {}): Promise<void> {
  try {
    const { db } = await app();
    await recordAudit(db, type, fields);
  } catch (error) {
    // What the row records has happened (a change saved, a sign-in refused) and its answer must not
    // turn into a failure page because the store failed a moment later: the user would be told a saved
    // change was not saved, and send it again. The event goes to the application log instead, at
    // error level for whoever runs the site (without the member number, like every log line).
    log.error('audit not recorded', {
      event: type,
      actor: fields.actor ?? null,
      error: error instanceof Error ? error.message : String(error),
    });
  }
}

/** The fields of an audit row that its hash covers (every column but `id` and `hash`), in this order. */
export interface ChainedFields {
  at: number;
  type: string;
  membership_no: string | null;
  actor: string | null;
  ip: string | null;
  detail: string | null;
  request_id: string | null;
  user_agent: string | null;
}

/**
 * The canonical serialisation of a row (ADR 100): a JSON array of its fields in a fixed order, `at` as
 * a number and absent values as null. Changing it breaks every chain already written: do not.
 */
export function canonicalAuditRow(row: ChainedFields): string {
  return JSON.stringify([
    'v1',
    Number(row.at),
    row.type,
    row.membership_no ?? null,
    row.actor ?? null,
    row.ip ?? null,
    row.detail ?? null,
    row.request_id ?? null,
    row.user_agent ?? null,
  ]);
}

/** sha256(previous hash + canonical row), hex; the first row of the chain has '' before it. */
export function chainHash(previous: string | null, row: ChainedFields): string {
  return createHash('sha256')
    .update((previous ?? '') + canonicalAuditRow(row))
    .digest('hex');
}

/** A key the audit rows are signed with (ADR 134): `id` is stored in each row, the key never. */
export interface AuditKey {
  id: string;
  key: Buffer;
}

let derived: { secrets: readonly string[]; keys: AuditKey[] } | undefined;

/**
 * The audit keys (ADR 134), one per configured secret: SESSION_SECRET's first (the one new rows are
 * signed with), then SESSION_SECRET_PREVIOUS's (rows signed before a rotation still check out). Each is
 * the secret's HKDF-SHA256 key for this purpose alone (`sealingKeys`, ADR 040); its id is the first 16
 * hex digits of its SHA-256.
 */
export function auditKeys(secrets: readonly string[] = env().sessionSecrets): AuditKey[] {
  if (derived?.secrets === secrets) return derived.keys;
  const keys = sealingKeys(secrets, 'audit-row-mac-v1').map((key) => ({
    id: createHash('sha256').update(key).digest('hex').slice(0, 16),
    key,
  }));
  derived = { secrets, keys };
  return keys;
}

/** HMAC-SHA256 of a row's chain hash under an audit key, hex: what `mac` holds (ADR 134). */
export function auditMac(key: AuditKey, hash: string): string {
  return createHmac('sha256', key.key).update(`sahakorn-audit-v1\n${hash}`).digest('hex');
}

/**
 * `audit` with an explicit database, for scripts that do not start the app (the staff and
 * impersonation CLIs). The row is chained to the last one (ADR 100): reading the last hash and
 * inserting are one transaction, an immediate one on SQLite (one writer at a time, across processes)
 * and under a transaction-level advisory lock on PostgreSQL, so concurrent writers never fork the chain.
 */
export async function recordAudit(
  db: Db,
  type: AuditType,
  fields: AuditFields = {},
  keys: readonly AuditKey[] = auditKeys(),
): Promise<void> {
  const signing = keys[0];
  if (!signing) throw new Error('recordAudit: no audit key');
  const request = currentRequestContext();
  const row: ChainedFields = {
    at: Date.now(),
    type,
    membership_no: fields.membershipNo ?? null,
    actor: fields.actor ?? null,
    ip: (fields.ip !== undefined ? fields.ip : request?.clientAddress) ?? null,
    detail: fields.detail ?? null,
    request_id: fields.requestId !== undefined ? fields.requestId : (currentRequestId() ?? null),
    user_agent: keptUserAgent(fields.userAgent !== undefined ? fields.userAgent : currentUserAgent()),
  };
  const written = await db.transaction().execute(async (trx) => {
    await lockWithinTransaction(trx, ADVISORY_LOCKS.auditChain);
    const last = await trx
      .selectFrom('audit_events')
      .select('hash')
      .where('hash', 'is not', null)
      .orderBy('id', 'desc')
      .limit(1)
      .executeTakeFirst();
    const hash = chainHash(last?.hash ?? null, row);
    const mac = auditMac(signing, hash);
    const inserted = await trx
      .insertInto('audit_events')
      .values({ ...row, hash, mac_key: signing.id, mac })
      .returning('id')
      .executeTakeFirstOrThrow();
    return { id: Number(inserted.id), mac };
  });
  // The row's id and the start of its MAC go to the application log too, which lives outside the
  // database: a table rewritten from its first row (every MAC removed, or made under an invented key)
  // no longer matches the log (ADR 134). The MAC is keyed: it tells a reader of the log nothing of the row.
  log.info('audit', { event: type, auditId: written.id, mac: written.mac.slice(0, 16) });
}

export type ChainCheck =
  | {
      ok: true;
      rows: number;
      unchained: number;
      /** Chained rows written before the key (migration 0031): their hashes are checked, no MAC (ADR 134). */
      unkeyed: number;
      /** Rows signed with a key no longer configured (its secret dropped after a rotation): hashes checked only. */
      retired: number;
      lastId: number | null;
      lastHash: string | null;
    }
  /**
   * `id`: the first row whose hash does not follow from the row before it and its own fields
   * (`reason: 'hash'`), or whose MAC is missing, wrong or under an unknown key where a configured
   * one was expected (`reason: 'mac'`).
   */
  | { ok: false; id: number; rows: number; reason: 'hash' | 'mac' };

/** Rows read per query while checking the chain. */
const VERIFY_BATCH = 1000;

/**
 * Walks the audit chain in id order (ADR 100). Rows before the first hashed one were written before the
 * chain started (migration 0025) and are counted as `unchained`; after it every row must carry the hash
 * of the previous row's hash and its own fields. Answers the first row that does not (an altered field,
 * a removed or reordered row, a missing hash), or the number of chained rows.
 */
export async function verifyAuditChain(db: Db, keys: readonly AuditKey[] = auditKeys()): Promise<ChainCheck> {
  const first = await db
    .selectFrom('audit_events')
    .select('id')
    .where('hash', 'is not', null)
    .orderBy('id')
    .limit(1)
    .executeTakeFirst();
  if (!first) {
    const all = await db
      .selectFrom('audit_events')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirst();
    return { ok: true, rows: 0, unchained: Number(all?.n ?? 0), unkeyed: 0, retired: 0, lastId: null, lastHash: null };
  }
  const unchained = await db
    .selectFrom('audit_events')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('id', '<', first.id)
    .executeTakeFirst();
  const byId = new Map(keys.map((key) => [key.id, key]));
  let previous: string | null = null;
  let rows = 0;
  let unkeyed = 0;
  let retired = 0;
  // Once a row carries a MAC every later one must; once one is under a configured key, every later
  // one must be (rows under a dropped key all come before the rotation that replaced it).
  let keyed = false;
  let current = false;
  let after = Number(first.id) - 1;
  for (;;) {
    const batch = await db
      .selectFrom('audit_events')
      .selectAll()
      .where('id', '>', after)
      .orderBy('id')
      .limit(VERIFY_BATCH)
      .execute();
    for (const row of batch) {
      const id = Number(row.id);
      if (!row.hash || row.hash !== chainHash(previous, row)) return { ok: false, id, rows, reason: 'hash' };
      if (row.mac === null && row.mac_key === null && !keyed) unkeyed += 1;
      else {
        const key = row.mac_key === null ? undefined : byId.get(row.mac_key);
        if (row.mac === null || row.mac_key === null) return { ok: false, id, rows, reason: 'mac' };
        if (key) {
          if (row.mac !== auditMac(key, row.hash)) return { ok: false, id, rows, reason: 'mac' };
          current = true;
        } else if (current) return { ok: false, id, rows, reason: 'mac' };
        else retired += 1;
        keyed = true;
      }
      previous = row.hash;
      after = id;
      rows += 1;
    }
    if (batch.length < VERIFY_BATCH) break;
  }
  return { ok: true, rows, unchained: Number(unchained?.n ?? 0), unkeyed, retired, lastId: after, lastHash: previous };
}

/**
 * The pattern of a path for an audit row: every segment that is not a plain word (letters and dashes)
 * becomes `:param`, so no member number, id or name reaches the row; the query string is never kept.
 */
export function auditPathPattern(pathname: string): string {
  return pathname
    .split('/')
    .map((segment, index) => (index === 0 || /^[a-z][a-z_-]{0,39}$/i.test(segment) ? segment : ':param'))
    .join('/')
    .slice(0, 200);
}

/**
 * The guard of what only the member may do themselves (their password, their security settings, their
 * consent; ADR 010): when staff act as the member it records `impersonation_blocked` (`what` names the
 * action) and answers true, and the action must then be refused, whatever the page showed.
 */
export async function refusedToStaff(
  member: { membershipNo: string; actingStaff: string | null },
  ip: string | null | undefined,
  what: string,
): Promise<boolean> {
  if (member.actingStaff === null) return false;
  await audit('impersonation_blocked', {
    membershipNo: member.membershipNo,
    ip,
    detail: `${what}; staff=${member.actingStaff}`,
  });
  return true;
}

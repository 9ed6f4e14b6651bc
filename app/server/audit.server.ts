import { app } from './app.server';
import type { Db } from './db/index.server';
import { log } from './log.server';
import { currentRequestId, currentUserAgent } from './http/request-context.server';

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
 * request the row carries that request's id and user agent (server.js puts them in the request's
 * context, which every log line already reads), so call sites pass neither.
 * The application log gets the event type only, without the member number.
 */
export async function audit(type: AuditType, fields: AuditFields = {}): Promise<void> {
  const { db } = await app();
  await recordAudit(db, type, fields);
}

/** `audit` with an explicit database, for scripts that do not start the app (the impersonation CLI). */
export async function recordAudit(db: Db, type: AuditType, fields: AuditFields = {}): Promise<void> {
  await db
    .insertInto('audit_events')
    .values({
      at: Date.now(),
      type,
      membership_no: fields.membershipNo ?? null,
      actor: fields.actor ?? null,
      ip: fields.ip ?? null,
      detail: fields.detail ?? null,
      request_id: fields.requestId !== undefined ? fields.requestId : (currentRequestId() ?? null),
      user_agent: keptUserAgent(fields.userAgent !== undefined ? fields.userAgent : currentUserAgent()),
    })
    .execute();
  log.info('audit', { event: type });
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

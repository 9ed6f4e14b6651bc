import { app } from './app.server';
import type { Db } from './db/index.server';
import { log } from './log.server';

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
  /** Staff impersonation (ADR 010): a link was printed by the CLI. */
  | 'impersonation_issued'
  /** A link was used: a session acting as the member started. */
  | 'impersonation_started'
  /** A link was refused (tampered, expired, used, unknown member, rate limited). */
  | 'impersonation_refused'
  /** Staff ended the acting session (logout). */
  | 'impersonation_ended'
  /** An action that belongs to the member alone was refused while staff were acting. */
  | 'impersonation_blocked';

export interface AuditFields {
  membershipNo?: string | null;
  ip?: string | null;
  detail?: string | null;
}

/**
 * Record a security event in the audit table. Never pass passwords, tokens or cookie values.
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
      ip: fields.ip ?? null,
      detail: fields.detail ?? null,
    })
    .execute();
  log.info('audit', { event: type });
}

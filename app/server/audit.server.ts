import { app } from './app.server';
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
  | 'forget_failure';

/**
 * Record a security event in the audit table. Never pass passwords, tokens or cookie values.
 * The application log gets the event type only, without the member number.
 */
export async function audit(
  type: AuditType,
  fields: { membershipNo?: string | null; ip?: string | null; detail?: string | null } = {},
): Promise<void> {
  const { db } = await app();
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

import type { Kysely } from 'kysely';

/* eslint-disable @typescript-eslint/no-explicit-any -- migrations are frozen in time and use an untyped Kysely. */

/**
 * Audit rows carry the request they came from: its id (the `requestId` of every log line of that
 * request, and of nginx's access log) and the client's user agent, cut to 256 characters. Null for
 * rows written before, and for events outside a request (the impersonation CLI).
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('audit_events').addColumn('request_id', 'text').execute();
  await db.schema.alterTable('audit_events').addColumn('user_agent', 'text').execute();
  // Expired rate-limit windows are deleted in small batches by the oldest first (upkeep.server.ts).
  await db.schema.createIndex('rate_limits_reset_at').on('rate_limits').column('reset_at').execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex('rate_limits_reset_at').execute();
  await db.schema.alterTable('audit_events').dropColumn('user_agent').execute();
  await db.schema.alterTable('audit_events').dropColumn('request_id').execute();
}

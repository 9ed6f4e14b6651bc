import type { Kysely } from 'kysely';

/* eslint-disable @typescript-eslint/no-explicit-any -- migrations are frozen in time and use an untyped Kysely. */

/**
 * Which bearer tokens staff hold while acting as a member (ADR 010, 037): the staff name on a token
 * issued through an impersonation link, null for the member's own login. The API refuses such a token
 * what the member alone may do (accept the terms, change the password), as the web pages do.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('coop_tokens').addColumn('acting_staff', 'text').execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('coop_tokens').dropColumn('acting_staff').execute();
}

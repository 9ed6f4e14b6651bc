import type { Kysely } from 'kysely';

/* eslint-disable @typescript-eslint/no-explicit-any -- migrations are frozen in time and use an untyped Kysely. */

/**
 * The member's name on a sign-in waiting for its second factor (ADR 040, 093), as the core's login
 * answered it: the right code makes the session without asking the core for the member's profile,
 * which a Sahakorn core refuses to a member who has not accepted the published terms. Half-sessions
 * from before have none (null) and ask the core as before.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('login_challenges').addColumn('member_name', 'text').execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('login_challenges').dropColumn('member_name').execute();
}

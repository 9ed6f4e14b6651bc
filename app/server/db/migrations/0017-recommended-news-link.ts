import type { Kysely } from 'kysely';

/* eslint-disable @typescript-eslint/no-explicit-any -- migrations are frozen in time and use an untyped Kysely. */

/**
 * The starting 'เมนูแนะนำ' of the search linked its first entry to `/list/news_relations`, a category
 * no store has (the news list is `/list/news`): every store that still has that link gets the right one.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db
    .updateTable('search_recommended')
    .set({ note: '/list/news' })
    .where('note', '=', '/list/news_relations')
    .execute();
}

export async function down(): Promise<void> {
  // The old link led nowhere: nothing to restore.
}

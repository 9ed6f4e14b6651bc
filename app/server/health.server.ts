import { sql } from 'kysely';

import { app } from './app.server';

/** True when the database answers a trivial query. */
export async function databaseReachable(): Promise<boolean> {
  try {
    const { db } = await app();
    await sql`select 1`.execute(db);
    return true;
  } catch {
    return false;
  }
}

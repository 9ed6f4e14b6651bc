// `npm run migrate`: apply pending database migrations and exit (the server also does this at start).
import { migrate, openDb } from '../app/server/db/index.server';
import { parseEnv } from '../app/server/env.server';

const env = parseEnv();
const db = openDb({ databaseUrl: env.DATABASE_URL, dataDir: env.dataDir });
try {
  const applied = await migrate(db);
  console.log(applied.length ? `Applied: ${applied.join(', ')}` : 'Database is up to date.');
} finally {
  await db.destroy();
}

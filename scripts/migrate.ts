// `npm run migrate`: apply pending database migrations and exit (the server also does this at start).
import { parseEnv } from '../app/server/env.server';
import { withStore } from '../app/server/ops/cli.server';

const env = parseEnv();
await withStore(env, async (_db, applied) => {
  console.log(applied.length ? `Applied: ${applied.join(', ')}` : 'Database is up to date.');
});

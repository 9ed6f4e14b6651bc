// `npm run seed`: seed the demo cooperative into an empty store (SEED_MEMBERS members, default 1000).
import { migrate, openDb } from '../app/server/db/index.server';
import { parseEnv } from '../app/server/env.server';
import { DEMO_MEMBER, seedDemo } from '../app/server/seed/demo.server';

const env = parseEnv();
const db = openDb({ databaseUrl: env.DATABASE_URL, dataDir: env.dataDir });
try {
  await migrate(db);
  const result = await seedDemo(db, { members: env.SEED_MEMBERS });
  console.log(
    result.seeded
      ? `Seeded ${result.members} demo members. Demo login: ${DEMO_MEMBER.membershipNo} / ${DEMO_MEMBER.password}`
      : 'The store already has members: nothing seeded.',
  );
} finally {
  await db.destroy();
}

// `npm run seed`: seed the demo cooperative into an empty store (SEED_MEMBERS members, default 1000).
import { parseEnv } from '../app/server/env.server';
import { withStore } from '../app/server/ops/cli.server';
import { mediaDir } from '../app/server/content/media.server';
import { DEMO_MEDIA } from '../app/server/seed/content-build';
import { writeDemoMedia } from '../app/server/seed/content-media';
import { DEMO_MEMBER, seedDemo } from '../app/server/seed/demo.server';

const env = parseEnv();
// The demo member's password is published: a production store gets demo data only when asked for.
if (env.NODE_ENV === 'production' && env.SEED_DEMO !== true) {
  console.error('NODE_ENV=production: demo data is seeded only with SEED_DEMO=1 (its password is published).');
  process.exit(2);
}
await withStore(env, async (db) => {
  const result = await seedDemo(db, { members: env.SEED_MEMBERS });
  writeDemoMedia(mediaDir(env.dataDir), DEMO_MEDIA);
  console.log(
    result.seeded
      ? `Seeded ${result.members} demo members. Demo login: ${DEMO_MEMBER.membershipNo} / ${DEMO_MEMBER.password}`
      : 'The store already has members: nothing seeded.',
  );
});

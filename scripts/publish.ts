// `npm run publish -- <content No>`: publish a content item of the embedded store (it becomes
// visible) and announce it to the browsers that opted in to desktop notifications: the Pusher event
// `desktopNotify` {title, body, url} through the Pusher HTTP API (ADR 020). In http mode the core
// system publishes and broadcasts; Sahakorn only listens.
import { cliEnv, isEntryPoint, STDIO, type CliIo, withStore } from '../app/server/ops/cli.server';
import { publishContentItem } from '../app/server/content/publish.server';
import { pushTrigger } from '../app/server/content/push.server';

const USAGE = 'Usage: npm run publish -- <content No>';

/** The CLI without the process around it: returns the exit code. */
export async function main(
  argv: string[],
  source: Record<string, string | undefined> = process.env,
  io: CliIo = STDIO,
): Promise<number> {
  const [raw, ...extra] = argv;
  if (!raw || extra.length || !/^[1-9]\d{0,9}$/.test(raw)) {
    io.err(raw && !extra.length ? `Not a content number: ${raw}\n${USAGE}` : USAGE);
    return 2;
  }
  const env = cliEnv(source, io);
  if (!env) return 1;
  if (env.COOP_BACKEND === 'http') {
    io.err('COOP_BACKEND=http: the core system publishes content and broadcasts its announcements.');
    return 1;
  }
  const trigger = pushTrigger(env);
  return withStore(env, async (db) => {
    const announcement = await publishContentItem(db, Number(raw));
    if (!announcement) {
      io.err(`No content item ${raw}.`);
      return 1;
    }
    io.out(`Published ${env.publicUrl}/show/${announcement.url}`);
    if (!trigger) {
      io.err(
        'Desktop notifications are not configured (PUSHER_APP_ID, PUSHER_KEY, PUSHER_SECRET): nobody was notified.',
      );
      return 0;
    }
    try {
      await trigger.send(announcement);
    } catch (error) {
      io.err(`Published, but the announcement failed: ${error instanceof Error ? error.message : String(error)}`);
      return 1;
    }
    io.out(`Announced on channel ${trigger.channel}.`);
    return 0;
  });
}

if (isEntryPoint(import.meta.url)) {
  process.exitCode = await main(process.argv.slice(2));
}

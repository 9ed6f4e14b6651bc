import { createEmbeddedBackend } from './coop/embedded.server';
import { createHttpBackend } from './coop/http/http-backend.server';
import { ensureSearchIndex } from './coop/embedded-search.server';
import type { CoopBackend } from './coop/types';
import { cacheSharedFeeds } from './coop/feed-cache.server';
import { keepLastGood } from './coop/last-good.server';
import { degradeGracefully } from './coop/unavailable.server';
import { refusePublishedDemoPassword } from './auth/demo-password.server';
import { migrate, openDb, poolSizeFor, type Db } from './db/index.server';
import { env, type Env } from './env.server';
import { log } from './log.server';
import { mediaDir } from './content/media.server';
import { onPublicContentChanged } from './content/public-content.server';
import { DEMO_MEDIA } from './seed/content-build';
import { writeDemoMedia } from './seed/content-media';
import { DEMO_MEMBER, seedDemo } from './seed/demo.server';
import { startUpkeep } from './ops/upkeep.server';

interface AppServices {
  env: Env;
  db: Db;
  backend: CoopBackend;
}

let services: Promise<AppServices> | undefined;
let stopUpkeep: (() => void) | undefined;

/**
 * Makes the store ready to serve: migrations, the demo data and its media (in demo mode), the search
 * index. Once per server, before any request: by the one process, or by the primary before it starts
 * the workers (ADR 071).
 */
async function prepare(db: Db, config: Env): Promise<void> {
  const applied = await migrate(db);
  if (applied.length) log.info('database migrated', { applied, store: config.store });
  if (config.demo) {
    const started = Date.now();
    const result = await seedDemo(db, { members: config.SEED_MEMBERS });
    if (result.seeded) log.info('demo data seeded', { members: result.members, ms: Date.now() - started });
    const media = writeDemoMedia(mediaDir(config.dataDir), DEMO_MEDIA);
    if (media) log.info('demo media written', { files: media });
    const banner = [
      '',
      '  ************************************************************************',
      '  *  DEMO MODE: this store holds generated demo data, not real members.  *',
      `  *  Demo member: membership number ${DEMO_MEMBER.membershipNo}, password ${DEMO_MEMBER.password}      *`,
      '  *  Set SEED_DEMO=0 and import real data for production.                *',
      '  ************************************************************************',
      '',
    ].join('\n');
    process.stdout.write(banner + '\n');
  }
  // A store seeded or imported before the search index existed, or a new ICU: index it now.
  if (await ensureSearchIndex(db)) log.info('search index rebuilt');
}

/** The database of this process; its PostgreSQL pool is this process's share among the workers. */
function open(config: Env): Db {
  return openDb({ databaseUrl: config.DATABASE_URL, dataDir: config.dataDir, poolSize: poolSizeFor(config.workers) });
}

/** Prepare the store and close it again: the primary's part before it starts the workers (ADR 071). */
export async function prepareStore(): Promise<void> {
  const config = env();
  const db = open(config);
  try {
    await prepare(db, config);
  } finally {
    await db.destroy();
  }
}

async function init({ prepared }: StartupOptions): Promise<AppServices> {
  const config = env();
  const db = open(config);
  if (!prepared) await prepare(db, config);
  // Sessions, rate limits, and the audit log stay in this database in either mode.
  const core =
    config.COOP_BACKEND === 'http' && config.COOP_API_URL
      ? createHttpBackend({
          baseUrl: config.COOP_API_URL,
          timeoutMs: config.COOP_TIMEOUT_MS,
          breakerThreshold: config.COOP_BREAKER_FAILURES,
          breakerCoolDownMs: config.COOP_BREAKER_COOLDOWN_MS,
          paths: config.COOP_PATHS,
          extensions: config.COOP_EXTENSIONS,
          forwardSecret: config.COOP_FORWARD_SECRET,
        })
      : createEmbeddedBackend(db);
  if (core.kind === 'http') log.info('cooperative data from the core system', { timeoutMs: config.COOP_TIMEOUT_MS });
  // Public feeds fall back to their last good answer when the backend fails (ADR 021).
  // Outside demo mode the README's demo password opens no account of ours. In http mode the core
  // checks passwords: a core that is not a demo refuses it itself.
  const guarded = config.demo || core.kind === 'http' ? core : refusePublishedDemoPassword(core);
  // Both forget their copies when staff change public content, in every worker (ADR 061, 071).
  const backend = keepLastGood(
    cacheSharedFeeds(degradeGracefully(guarded), config.FEED_CACHE_SECONDS * 1000, Date.now, onPublicContentChanged),
    { clearOn: onPublicContentChanged },
  );
  // Expired rate-limit windows are purged now and every ten minutes.
  stopUpkeep = startUpkeep(db);
  return { env: config, db, backend };
}

export interface StartupOptions {
  /** The primary has prepared the store (`prepareStore`): a worker only opens it. */
  prepared?: boolean;
}

/** Open the database, run migrations and seed demo data if demo mode is on. Idempotent. */
export function startup(options: StartupOptions = {}): Promise<AppServices> {
  services ??= init(options).catch((error: unknown) => {
    services = undefined;
    throw error;
  });
  return services;
}

/** The app's services (database, backend); starts them on first use. */
export function app(): Promise<AppServices> {
  return startup();
}

/** Close the database (graceful shutdown, tests). */
export async function shutdown(): Promise<void> {
  if (!services) return;
  const current = await services.catch(() => undefined);
  services = undefined;
  stopUpkeep?.();
  stopUpkeep = undefined;
  await current?.db.destroy();
}

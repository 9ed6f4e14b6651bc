import type { Db } from '../db/index.server';
import { log } from '../log.server';

/** Rows deleted per batch, and batches per run: a run stays short however much has piled up. */
const BATCH = 500;
const BATCHES_PER_RUN = 20;

/**
 * Deletes rate-limit windows that have ended (`reset_at` passed): `hit` starts such a window afresh
 * and `peek` ignores it, so they only take room. Bounded: at most BATCH × BATCHES_PER_RUN rows a run,
 * oldest first, each batch its own short statement. Answers how many rows went.
 */
export async function purgeExpiredRateLimits(db: Db, now = Date.now(), batches = BATCHES_PER_RUN): Promise<number> {
  let purged = 0;
  for (let i = 0; i < batches; i += 1) {
    const result = await db
      .deleteFrom('rate_limits')
      .where('key', 'in', (eb) =>
        eb.selectFrom('rate_limits').select('key').where('reset_at', '<=', now).orderBy('reset_at').limit(BATCH),
      )
      .where('reset_at', '<=', now)
      .executeTakeFirst();
    const n = Number(result.numDeletedRows);
    purged += n;
    if (n < BATCH) break;
  }
  return purged;
}

/**
 * Runs the purge now and then every `everyMs` (default 10 minutes) while the process lives; the timer
 * never keeps it alive. Several instances purging at once is harmless (a row is deleted once). A
 * failed run (database down) is logged and tried again next time. Answers a function that stops it.
 */
export function startUpkeep(db: Db, everyMs = 10 * 60_000): () => void {
  let running = false;
  const run = async () => {
    if (running) return;
    running = true;
    try {
      const purged = await purgeExpiredRateLimits(db);
      if (purged) log.debug('expired rate limits purged', { rows: purged });
    } catch (error) {
      log.warn('purging expired rate limits failed', { error: error instanceof Error ? error.message : String(error) });
    } finally {
      running = false;
    }
  };
  void run();
  const timer = setInterval(() => void run(), everyMs);
  timer.unref();
  return () => clearInterval(timer);
}

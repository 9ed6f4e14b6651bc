import { sql } from 'kysely';

import { app } from '../app.server';
import type { CoopBackend } from '../coop/types';
import { pendingMigrations, storeFileProblem, type Db } from '../db/index.server';
import { dataDiskProblem } from './disk.server';
import { env } from '../env.server';

export type Readiness = { ready: true } | { ready: false; reason: string };

let stopping = false;

/**
 * How long `/readyz` waits for the database (ADR 143): a PostgreSQL that hangs would otherwise hold
 * the check until the pool gives up (10 s for a connection, 20 s on one that went silent), past
 * compose's 5 s health-check timeout, and the operator would see a timeout instead of the reason.
 */
export const READY_DEADLINE_MS = 2_000;

/** `work`, or `fallback` if it has not settled within `ms`. */
async function within<T>(ms: number, work: Promise<T>, fallback: T): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<T>((resolve) => {
    timer = setTimeout(() => resolve(fallback), ms);
  });
  try {
    return await Promise.race([work, late]);
  } finally {
    clearTimeout(timer);
  }
}

/** Graceful shutdown has begun (server.js, SIGTERM): from now on the instance is not ready. */
export function markShuttingDown(): void {
  stopping = true;
}

/**
 * Whether this instance should get traffic (`/readyz`, ADR 016): not shutting down, the database
 * answers a trivial query, its SQLite file is still the one opened (ADR 144), every migration this code knows is applied, the data disk has room and
 * takes a write (DISK_MIN_FREE_MB), and — when the backend has a
 * `ready()` hook (http mode) — the core system answers.
 */
export async function checkReadiness(services: {
  db: Db;
  backend: Pick<CoopBackend, 'ready'>;
  /** The data disk's problem, if any (`dataDiskProblem`): full or not writable. */
  disk?: () => Promise<string | null>;
}): Promise<Readiness> {
  if (stopping) return { ready: false, reason: 'shutting down' };
  const answers = sql`select 1`.execute(services.db).then(
    () => true,
    () => false,
  );
  if (!(await within(READY_DEADLINE_MS, answers, false))) return { ready: false, reason: 'database unreachable' };
  // The SQLite file removed or replaced under the open store: it still answers, but takes no write.
  const file = storeFileProblem(services.db);
  if (file) return { ready: false, reason: file };
  let pending: string[];
  try {
    pending = await pendingMigrations(services.db);
  } catch {
    return { ready: false, reason: 'migrations unknown' };
  }
  if (pending.length) return { ready: false, reason: `migrations pending: ${pending.join(', ')}` };
  const disk = await services.disk?.();
  if (disk) return { ready: false, reason: disk };
  if (services.backend.ready) {
    try {
      await services.backend.ready();
    } catch {
      return { ready: false, reason: 'core system unreachable' };
    }
  }
  return { ready: true };
}

/** Readiness of this process's own services. */
export async function readiness(): Promise<Readiness> {
  if (stopping) return { ready: false, reason: 'shutting down' };
  try {
    const services = await app();
    const { dataDir, DISK_MIN_FREE_MB } = env();
    return await checkReadiness({ ...services, disk: () => dataDiskProblem(dataDir, DISK_MIN_FREE_MB * 1024 * 1024) });
  } catch {
    return { ready: false, reason: 'not started' };
  }
}

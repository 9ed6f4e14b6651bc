import fs from 'node:fs';
import path from 'node:path';

import { STORE_FILE_MISSING } from '../db/index.server';
import { isStoreUnavailable } from '../db/outage.server';
import { diskFullRecently, isDiskFull } from './disk-full.server';

/**
 * Whether DATA_DIR can take writes (`/readyz`): at least `minFreeBytes` free for this process's user,
 * and a small file can be written, synced and removed, and no write of this process failed for a
 * full disk in the last `DISK_FULL_HOLD_MS`. A reason when not, else null. A full disk
 * lets pages that only read still work, but sign-ins, board posts and photo uploads fail, so the
 * instance should get no new traffic until there is room again.
 */
export async function dataDiskProblem(dir: string, minFreeBytes: number): Promise<string | null> {
  // A write that failed for a full disk a moment ago outweighs statfs showing a little room (a
  // quota, SQLite needing more than the probe's few kilobytes, space freed and taken again).
  if (diskFullRecently()) return 'data disk full';
  try {
    const stats = await fs.promises.statfs(dir);
    if (stats.bavail * stats.bsize < minFreeBytes) return 'data disk full';
  } catch {
    return 'data disk unreachable';
  }
  const probe = path.join(dir, `.ready-probe-${process.pid}`);
  try {
    const handle = await fs.promises.open(probe, 'w');
    try {
      await handle.write(Buffer.alloc(4096, 0x2e));
      await handle.sync();
    } finally {
      await handle.close();
    }
    return null;
  } catch (error) {
    // statfs may count a little room that a write then cannot have (a quota, reserved blocks).
    return isDiskFull(error) ? 'data disk full' : 'data disk not writable';
  } finally {
    await fs.promises.rm(probe, { force: true }).catch(() => undefined);
  }
}

/**
 * The line server.js prints when the app cannot start: a full or unwritable data disk is said in
 * words (not as an ENOSPC stack), so is an unreachable database and a SQLite file removed from beside
 * its write-ahead log (ADR 144); anything else as it was thrown.
 */
export function startupFailureMessage(error: unknown, dataDir: string): string | null {
  const codes: unknown[] = [];
  for (let e = error, depth = 0; e instanceof Error && depth < 5; e = e.cause, depth += 1) {
    codes.push((e as { code?: unknown }).code);
  }
  if (codes.includes(STORE_FILE_MISSING)) {
    return `Sahakorn cannot start: ${path.join(dataDir, 'sahakorn.db')} is missing but its write-ahead log sahakorn.db-wal is there: the store was removed while in use. Put the database file back (docs/deploy.md, failure modes), or move sahakorn.db-wal and sahakorn.db-shm away to start an empty store.`;
  }
  if (isDiskFull(error)) {
    return `Sahakorn cannot start: the data disk is full (DATA_DIR=${dataDir}). Free some space or give DATA_DIR a larger volume, then start again.`;
  }
  if (codes.some((c) => c === 'EACCES' || c === 'EROFS' || c === 'EPERM' || c === 'SQLITE_READONLY')) {
    return `Sahakorn cannot start: DATA_DIR (${dataDir}) is not writable by this user. Fix its owner or mount, then start again.`;
  }
  if (isStoreUnavailable(error)) {
    return `Sahakorn cannot start: the database is unreachable (${error instanceof Error ? error.message : String(error)}). Check DATABASE_URL and that the database runs.`;
  }
  return null;
}

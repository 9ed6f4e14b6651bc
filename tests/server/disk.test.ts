// A full data disk (a small tmpfs mounted for the test; needs root, as in CI, else skipped):
// `/readyz` reports it while it lasts, and a fresh start on a disk too small exits with one clear line.
//   npx remix build && npx vitest run -c vitest.server.config.ts tests/server/disk.test.ts
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';

import { afterEach, describe, expect, it } from 'vitest';

import { get } from './http';
import { BUILT, TMP, startServer, stopServer, type RunningServer } from './process';

const MOUNT = path.join(TMP, 'small-disk');

function mountSmallDisk(size: string): boolean {
  fs.mkdirSync(MOUNT, { recursive: true });
  try {
    execFileSync('mount', ['-t', 'tmpfs', '-o', `size=${size}`, 'tmpfs', MOUNT], { stdio: 'pipe' });
    return true;
  } catch {
    return false;
  }
}

const canMount = BUILT && process.getuid?.() === 0 && mountSmallDisk('64k');
if (canMount) execFileSync('umount', [MOUNT]);
else console.warn('tests/server/disk: skipped — mounting a small tmpfs needs root (and the build).');

describe.skipIf(!canMount)('a full data disk', () => {
  let server: RunningServer | undefined;

  afterEach(async () => {
    await stopServer(server);
    server = undefined;
    execFileSync('umount', [MOUNT]);
  });

  it('/readyz answers 503 "data disk full" while the disk is full, and ready again once there is room', async () => {
    expect(mountSmallDisk('16m')).toBe(true);
    server = await startServer({ DATA_DIR: path.join(MOUNT, 'data'), DISK_MIN_FREE_MB: '4' });
    const ready = async () => {
      const answer = await get('/readyz');
      return { status: answer.status, body: JSON.parse(answer.body) as unknown };
    };
    expect(await ready()).toEqual({ status: 200, body: { status: 'ready' } });
    // Something else fills the disk up to less than 4 MB free.
    const { bavail, bsize } = fs.statfsSync(MOUNT);
    const filler = path.join(MOUNT, 'filler');
    fs.writeFileSync(filler, Buffer.alloc(bavail * bsize - 2 * 1024 * 1024));
    expect(await ready()).toEqual({ status: 503, body: { status: 'unavailable', reason: 'data disk full' } });
    expect((await get('/healthz')).status).toBe(200);
    fs.rmSync(filler);
    expect(await ready()).toEqual({ status: 200, body: { status: 'ready' } });
  });

  it('a fresh start on a disk too small for the store exits 1 with one clear line, no stack', async () => {
    expect(mountSmallDisk('256k')).toBe(true);
    let failure = '';
    try {
      server = await startServer({ DATA_DIR: path.join(MOUNT, 'data'), SEED_DEMO: '1', SEED_MEMBERS: '50' });
    } catch (error) {
      failure = String(error);
    }
    expect(failure).toContain(
      `Sahakorn cannot start: the data disk is full (DATA_DIR=${path.join(MOUNT, 'data')}). Free some space`,
    );
    expect(failure).not.toMatch(/\n\s+at /);
    expect(failure).not.toContain('ENOSPC:');
  });
});

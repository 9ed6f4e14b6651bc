import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

import { afterEach, describe, expect, it } from 'vitest';

import { forgetDiskFull, reportDiskFull } from './disk-full.server';
import { STORE_FILE_MISSING } from '../db/index.server';
import { dataDiskProblem, startupFailureMessage } from './disk.server';

const withCode = (message: string, code: string) => Object.assign(new Error(message), { code });

describe('dataDiskProblem', () => {
  afterEach(forgetDiskFull);
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'sahakorn-disk-'));

  it('is null when the disk has room and takes a write, and leaves no probe behind', async () => {
    expect(await dataDiskProblem(dir, 1024 * 1024)).toBeNull();
    expect(fs.readdirSync(dir)).toEqual([]);
  });

  it('reports a disk with less free space than the threshold as full', async () => {
    const { bavail, bsize } = fs.statfsSync(dir);
    expect(await dataDiskProblem(dir, bavail * bsize + 1024 ** 3)).toBe('data disk full');
  });

  it('reports the disk full for a while after a write failed for it, even with room on the disk', async () => {
    reportDiskFull('test', withCode('database or disk is full', 'SQLITE_FULL'));
    expect(await dataDiskProblem(dir, 1024)).toBe('data disk full');
    forgetDiskFull();
    expect(await dataDiskProblem(dir, 1024)).toBeNull();
  });

  it('reports a data folder that cannot be written', async () => {
    const file = path.join(dir, 'not-a-folder');
    fs.writeFileSync(file, '');
    expect(await dataDiskProblem(file, 0)).toBe('data disk not writable');
    expect(await dataDiskProblem(path.join(dir, 'missing'), 0)).toBe('data disk unreachable');
  });
});

describe('startupFailureMessage', () => {
  it('says that the store file is missing beside its write-ahead log, and what to do (ADR 144)', () => {
    expect(startupFailureMessage(withCode('sahakorn.db is missing', STORE_FILE_MISSING), '/data')).toBe(
      'Sahakorn cannot start: /data/sahakorn.db is missing but its write-ahead log sahakorn.db-wal is there: the store was removed while in use. Put the database file back (docs/deploy.md, failure modes), or move sahakorn.db-wal and sahakorn.db-shm away to start an empty store.',
    );
  });

  it('says in words that the data disk is full, not read-only, or the database unreachable', () => {
    expect(startupFailureMessage(withCode('ENOSPC: no space left on device, write', 'ENOSPC'), '/data')).toBe(
      'Sahakorn cannot start: the data disk is full (DATA_DIR=/data). Free some space or give DATA_DIR a larger volume, then start again.',
    );
    expect(startupFailureMessage(withCode('database or disk is full', 'SQLITE_FULL'), '/data')).toContain(
      'the data disk is full',
    );
    expect(
      startupFailureMessage(
        new Error('Database migration 0001-foundation failed', { cause: withCode('x', 'SQLITE_FULL') }),
        '/d',
      ),
    ).toContain('the data disk is full (DATA_DIR=/d)');
    // A seeding transaction whose rollback failed after SQLite had rolled back, the original kept as cause.
    expect(
      startupFailureMessage(
        Object.assign(
          new Error('cannot rollback - no transaction is active', { cause: withCode('x', 'SQLITE_FULL') }),
          {
            code: 'SQLITE_ERROR',
          },
        ),
        '/d',
      ),
    ).toContain('the data disk is full');
    expect(startupFailureMessage(new Error('database or disk is full'), '/d')).toContain('the data disk is full');
    expect(startupFailureMessage(withCode('EACCES: permission denied', 'EACCES'), '/data')).toContain('not writable');
    expect(startupFailureMessage(withCode('connect ECONNREFUSED 127.0.0.1:5432', 'ECONNREFUSED'), '/data')).toContain(
      'the database is unreachable',
    );
    expect(startupFailureMessage(new TypeError('a bug'), '/data')).toBeNull();
  });
});

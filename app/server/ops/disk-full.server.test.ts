import { afterEach, describe, expect, it } from 'vitest';

import {
  DISK_FULL_HOLD_MS,
  diskFullRecently,
  diskFullResponse,
  forgetDiskFull,
  isDiskFull,
  reportDiskFull,
} from './disk-full.server';

const withCode = (message: string, code: string) => Object.assign(new Error(message), { code });

describe('isDiskFull', () => {
  it('recognises a full disk by its code: node, a quota, SQLite, PostgreSQL', () => {
    expect(isDiskFull(withCode('ENOSPC: no space left on device, write', 'ENOSPC'))).toBe(true);
    expect(isDiskFull(withCode('EDQUOT: disk quota exceeded, write', 'EDQUOT'))).toBe(true);
    expect(isDiskFull(withCode('database or disk is full', 'SQLITE_FULL'))).toBe(true);
    expect(isDiskFull(withCode('could not extend file "base/16384/2619": No space left on device', '53100'))).toBe(
      true,
    );
  });

  it('recognises it deep in the cause chain: a failed migration, the rollback that failed after SQLite rolled back', () => {
    const full = withCode('database or disk is full', 'SQLITE_FULL');
    expect(isDiskFull(new Error('Database migration 0020-board-moderation failed', { cause: full }))).toBe(true);
    const rollback = Object.assign(new Error('cannot rollback - no transaction is active', { cause: full }), {
      code: 'SQLITE_ERROR',
    });
    expect(isDiskFull(new Error('seeding failed', { cause: rollback }))).toBe(true);
    expect(isDiskFull(new AggregateError([new Error('x'), full]))).toBe(true);
  });

  it('recognises the words when an error was passed on without its code', () => {
    expect(isDiskFull(new Error('database or disk is full'))).toBe(true);
    expect(isDiskFull(new Error('write failed: No space left on device'))).toBe(true);
  });

  it('recognises the 503 answer made for it, and nothing else', () => {
    expect(isDiskFull(diskFullResponse())).toBe(true);
    expect(isDiskFull(new Response(null, { status: 503 }))).toBe(false);
    expect(isDiskFull(withCode('cannot rollback - no transaction is active', 'SQLITE_ERROR'))).toBe(false);
    expect(isDiskFull(withCode('connect ECONNREFUSED 127.0.0.1:5432', 'ECONNREFUSED'))).toBe(false);
    expect(isDiskFull(withCode('out of memory', '53200'))).toBe(false);
    expect(isDiskFull(withCode('database is locked', 'SQLITE_BUSY'))).toBe(false);
    expect(isDiskFull(new TypeError('a bug'))).toBe(false);
    expect(isDiskFull('ENOSPC')).toBe(false);
    expect(isDiskFull(null)).toBe(false);
  });

  it('ends on an error that is its own cause', () => {
    const loop = new Error('loop');
    (loop as { cause?: unknown }).cause = loop;
    expect(isDiskFull(loop)).toBe(false);
  });
});

describe('the 503 answer for a full disk', () => {
  it('is a 503 the boundaries recognise, with the Thai message, never stored', async () => {
    const response = diskFullResponse();
    expect(response.status).toBe(503);
    expect(response.headers.get('Cache-Control')).toBe('no-store');
    expect(await response.json()).toEqual({
      message: 'ขออภัย ระบบไม่สามารถบันทึกข้อมูลได้ในขณะนี้ เนื่องจากพื้นที่จัดเก็บข้อมูลเต็ม กรุณาลองใหม่อีกครั้งในภายหลัง หรือติดต่อสหกรณ์',
      diskFull: true,
    });
  });
});

describe('a recent disk-full failure', () => {
  afterEach(forgetDiskFull);

  it('is remembered for DISK_FULL_HOLD_MS after it was reported', () => {
    expect(diskFullRecently(1_000)).toBe(false);
    reportDiskFull('test', withCode('database or disk is full', 'SQLITE_FULL'), 1_000);
    expect(diskFullRecently(1_000 + DISK_FULL_HOLD_MS - 1)).toBe(true);
    expect(diskFullRecently(1_000 + DISK_FULL_HOLD_MS)).toBe(false);
  });
});

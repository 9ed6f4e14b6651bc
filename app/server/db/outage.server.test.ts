import { describe, expect, it } from 'vitest';

import { isStoreUnavailable } from './outage.server';

const withCode = (message: string, code: string) => Object.assign(new Error(message), { code });

describe('isStoreUnavailable', () => {
  it('knows a database that is down, restarting or full', () => {
    expect(isStoreUnavailable(withCode('terminating connection due to administrator command', '57P01'))).toBe(true);
    expect(isStoreUnavailable(withCode('the database system is starting up', '57P03'))).toBe(true);
    expect(isStoreUnavailable(withCode('connect ECONNREFUSED 127.0.0.1:5432', 'ECONNREFUSED'))).toBe(true);
    expect(isStoreUnavailable(new Error('Connection terminated unexpectedly'))).toBe(true);
    expect(isStoreUnavailable(withCode('could not extend file: No space left on device', '53100'))).toBe(true);
    expect(isStoreUnavailable(withCode('database or disk is full', 'SQLITE_FULL'))).toBe(true);
    expect(isStoreUnavailable(withCode('database is locked', 'SQLITE_BUSY'))).toBe(true);
    // Mid fail-over: the old primary, now a standby, refuses writes; an idle session ended by the server.
    expect(isStoreUnavailable(withCode('cannot execute INSERT in a read-only transaction', '25006'))).toBe(true);
    expect(isStoreUnavailable(withCode('terminating connection due to idle-session timeout', '57P05'))).toBe(true);
    // Too slow (ADR 143): a statement cancelled by statement_timeout, a query with no answer, no connection in time.
    expect(isStoreUnavailable(withCode('canceling statement due to statement timeout', '57014'))).toBe(true);
    expect(isStoreUnavailable(new Error('Query read timeout'))).toBe(true);
    expect(isStoreUnavailable(new Error('timeout exceeded when trying to connect'))).toBe(true);
    // A transaction the server rolled back whole: the same request again succeeds.
    expect(isStoreUnavailable(withCode('could not serialize access due to concurrent update', '40001'))).toBe(true);
    expect(isStoreUnavailable(withCode('deadlock detected', '40P01'))).toBe(true);
    expect(isStoreUnavailable(withCode('canceling statement due to lock timeout', '55P03'))).toBe(true);
    // The data disk remounted read-only after errors, or failing: a media upload or a SQLite write.
    expect(isStoreUnavailable(withCode("EROFS: read-only file system, open '/data/mediafiles/x.jpg'", 'EROFS'))).toBe(
      true,
    );
    expect(isStoreUnavailable(withCode('EIO: i/o error, write', 'EIO'))).toBe(true);
    // Wrapped by a caller that kept the cause.
    expect(isStoreUnavailable(new Error('session lookup failed', { cause: withCode('x', 'ECONNRESET') }))).toBe(true);
  });

  it('leaves bugs and bad data to the crash page', () => {
    expect(isStoreUnavailable(new TypeError("Cannot read properties of undefined (reading 'id')"))).toBe(false);
    expect(isStoreUnavailable(withCode('duplicate key value violates unique constraint', '23505'))).toBe(false);
    expect(isStoreUnavailable(withCode('syntax error at or near "form"', '42601'))).toBe(false);
    expect(isStoreUnavailable(withCode('UNIQUE constraint failed: members.id', 'SQLITE_CONSTRAINT_PRIMARYKEY'))).toBe(
      false,
    );
    expect(isStoreUnavailable('Connection terminated')).toBe(false);
  });
});

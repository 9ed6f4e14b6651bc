/**
 * Whether an error means the store could not be reached or written — PostgreSQL down, restarting or
 * failing over, a connection dropped, SQLite's disk full or its file locked too long — rather than a
 * bug. Such a request is answered 503 with the Thai "temporarily unavailable" page (docs/deploy.md,
 * failure modes); the next one, once the store is back, succeeds.
 */
export function isStoreUnavailable(error: unknown): boolean {
  for (let e = error, depth = 0; e instanceof Error && depth < 5; e = e.cause, depth += 1) {
    const code = (e as { code?: unknown }).code;
    if (typeof code === 'string' && STORE_DOWN_CODES.test(code)) return true;
    if (CONNECTION_MESSAGES.test(e.message)) return true;
  }
  return false;
}

/**
 * PostgreSQL SQLSTATE classes 08 (connection exception), 53 (insufficient resources: disk full, out of
 * memory, too many connections) and 57P (operator intervention: shutdown, cannot connect now, an idle
 * session ended), 25006 (a read-only transaction: mid fail-over the address still reaches the old
 * primary, now a standby), 57014
 * (a statement cancelled for running past `statement_timeout`, ADR 143), 40001 and 40P01 (a
 * transaction rolled back for a serialization failure or a deadlock: nothing of it was kept, the same
 * request again succeeds) and 55P03 (a lock not had in time); the data disk remounted read-only
 * (EROFS, what Linux does after disk errors) or failing (EIO), under the media files too; socket
 * errors from node; SQLite's busy, full, I/O, read-only and cannot-open results.
 */
const STORE_DOWN_CODES =
  /^(08\w{3}|53\w{3}|57P0[1-5]|25006|ECONNREFUSED|ECONNRESET|ETIMEDOUT|EPIPE|EHOSTUNREACH|ENETUNREACH|ENOTFOUND|EAI_AGAIN|ENOSPC|EROFS|EIO|57014|40001|40P01|55P03|SQLITE_(BUSY|FULL|IOERR|READONLY|CANTOPEN|LOCKED)\w*)$/;

/**
 * What node-postgres says when a connection ends under it, when none could be had in time, and when a
 * query got no answer within `query_timeout` (ADR 143); it sets no code.
 */
const CONNECTION_MESSAGES =
  /^(Connection terminated|Client has encountered a connection error|timeout exceeded when trying to connect|Connection ended|Query read timeout$)/;

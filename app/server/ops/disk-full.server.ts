import { json } from '@remix-run/node';

import { DISK_FULL_MESSAGE } from '~/lib/messages';

import { log } from '../log.server';

/**
 * The one place that tells "the disk is full" from any other failure (ADR 098): node's ENOSPC and
 * EDQUOT (a quota), SQLite's SQLITE_FULL, PostgreSQL's SQLSTATE 53100 (disk_full), their messages
 * when an error was rewrapped without its code, anywhere in the `cause` chain (a failed migration
 * wraps its error; a rollback that failed after SQLite had already rolled back keeps the original as
 * its cause), and the 503 answer `diskFullResponse` made for one.
 */
export function isDiskFull(error: unknown): boolean {
  const seen = new Set<unknown>();
  const pending: unknown[] = [error];
  while (pending.length && seen.size < 16) {
    const e = pending.shift();
    if (e === null || typeof e !== 'object' || seen.has(e)) continue;
    seen.add(e);
    if (e instanceof Response) {
      if (DISK_FULL_RESPONSES.has(e)) return true;
      continue;
    }
    const code = (e as { code?: unknown }).code;
    if (typeof code === 'string' && DISK_FULL_CODES.has(code)) return true;
    const message = (e as { message?: unknown }).message;
    if (typeof message === 'string' && DISK_FULL_MESSAGES.test(message)) return true;
    pending.push((e as { cause?: unknown }).cause);
    if (e instanceof AggregateError) pending.push(...(e.errors as unknown[]));
  }
  return false;
}

const DISK_FULL_CODES = new Set(['ENOSPC', 'EDQUOT', 'SQLITE_FULL', '53100']);

/** SQLite's, node's and PostgreSQL's words for it (an error passed on without its code). */
const DISK_FULL_MESSAGES =
  /database or disk is full|no space left on device|disk quota exceeded|could not extend file/i;

const DISK_FULL_RESPONSES = new WeakSet<Response>();

/** How long a failed write keeps `/readyz` red after it, whatever statfs says (ADR 098). */
export const DISK_FULL_HOLD_MS = 30_000;

let lastDiskFull = Number.NEGATIVE_INFINITY;

/**
 * A request failed because the disk is full: one line `disk full` at error level (what failed, the
 * error's code, never member data), and `/readyz` stays red for `DISK_FULL_HOLD_MS`. The answer made
 * by `diskFullResponse` was reported already: passed again, it is not logged twice.
 */
export function reportDiskFull(what: string, error: unknown, now = Date.now()): void {
  lastDiskFull = now;
  // The 503 answer made for it was reported when it was made.
  if (error instanceof Response) return;
  log.error('disk full', { what, code: codeOf(error) });
}

/** Whether a write failed for a full disk in the last `DISK_FULL_HOLD_MS` (`/readyz`). */
export function diskFullRecently(now = Date.now()): boolean {
  return now - lastDiskFull < DISK_FULL_HOLD_MS;
}

/** Forget the last disk-full failure (tests). */
export function forgetDiskFull(): void {
  lastDiskFull = Number.NEGATIVE_INFINITY;
}

/**
 * The answer to throw for a request that could not be saved because the disk is full: a 503 whose
 * data the error boundaries recognise (`diskFull: true`) and show as the Thai disk-full page.
 */
export function diskFullResponse(): Response {
  const response = json(DISK_FULL_BODY, {
    status: 503,
    headers: { 'Cache-Control': 'no-store', 'Retry-After': '60' },
  });
  DISK_FULL_RESPONSES.add(response);
  return response;
}

/** What a disk-full 503 carries (the boundaries read `diskFull`). */
export const DISK_FULL_BODY = { message: DISK_FULL_MESSAGE, diskFull: true } as const;

/** The disk-full code in the error's chain, else its first code. */
function codeOf(error: unknown): string | undefined {
  let first: string | undefined;
  for (let e = error, depth = 0; e instanceof Error && depth < 8; e = e.cause, depth += 1) {
    const code = (e as { code?: unknown }).code;
    if (typeof code !== 'string') continue;
    if (DISK_FULL_CODES.has(code)) return code;
    first ??= code;
  }
  return first;
}

import { createCookie, type Cookie } from '@remix-run/node';

import { app } from '../app.server';
import { randomToken, sha256 } from '../crypto.server';
import type { Db } from '../db/index.server';
import { env } from '../env.server';

/**
 * Staff sessions (ADR 059): server-side rows keyed by the SHA-256 of a random id held in their own
 * cookie, scoped to `/staff` (a member page never receives it, and the member cookie opens nothing
 * here). 15 minutes idle, 12 hours at most however active. A session has a stage: 'code' between the
 * password and the TOTP code, 'enrol' while a new account confirms its authenticator, 'active' once
 * signed in. Only 'active' passes `requireStaff`.
 */
export const STAFF_IDLE_MS = 15 * 60_000;
export const STAFF_ABSOLUTE_MS = 12 * 3600_000;
/** The code page waits this long after the password. */
export const STAFF_CODE_TTL_MS = 5 * 60_000;
/** A new account has this long to confirm its authenticator after setting its password. */
export const STAFF_ENROL_TTL_MS = 30 * 60_000;
/** Idle sessions are extended at most this often. */
export const TOUCH_EVERY_MS = 60_000;
/**
 * An ended session's row stays this long after its end (refused all the same), so that a form posted
 * after it ended still says whose it was and can be kept for them (ADR 116); a working day.
 */
export const ENDED_KEPT_MS = 10 * 3600_000;
const USER_AGENT_MAX = 300;
export const STAFF_PATH = '/staff';

export type StaffStage = 'enrol' | 'code' | 'active';

export interface StaffSessionRow {
  idHash: string;
  staffId: number;
  stage: StaffStage;
  redirectTo: string | null;
  failures: number;
  createdAt: number;
  expiresAt: number;
}

/**
 * A signed, HttpOnly, SameSite=Lax cookie of the back office (Path=/staff), Secure and `__Secure-`
 * prefixed when secure cookies are on.
 */
export function staffPathCookie(name: string, options: { secrets: string[]; maxAge?: number }): Cookie {
  const config = env();
  return createCookie(config.secureCookies ? `__Secure-${name}` : name, {
    httpOnly: true,
    sameSite: 'lax',
    secure: config.secureCookies,
    path: STAFF_PATH,
    ...options,
  });
}

let cookie: Cookie | undefined;

/**
 * The staff cookie: signed, HttpOnly, SameSite=Lax, Path=/staff, Secure (and `__Secure-` prefixed) when
 * secure cookies are on. No Max-Age: it ends with the browser; the row ends sooner.
 */
export function staffCookie(): Cookie {
  cookie ??= staffPathCookie('sahakorn_staff', { secrets: [...env().sessionSecrets] });
  return cookie;
}

/** The hash of the staff session id the request carries (signature checked), or null. */
export async function presentedStaffId(request: Request): Promise<string | null> {
  const value: unknown = await staffCookie().parse(request.headers.get('Cookie'));
  return typeof value === 'string' && value.length >= 32 ? sha256(value) : null;
}

export type StaffLookup =
  | { status: 'none' }
  /** `endedStaffId`: the account of a signed-in session that ended (idle or at its end), when still known. */
  | { status: 'invalid'; endedStaffId?: number }
  | { status: 'found'; session: StaffSessionRow };

/**
 * The request's staff session row. An expired one (idle, absolute end, stage timeout) is deleted and
 * reported as invalid; an active one's idle end slides forward (at most once a minute).
 */
export async function lookupStaffSession(request: Request, now = Date.now()): Promise<StaffLookup> {
  const idHash = await presentedStaffId(request);
  if (!idHash) return { status: 'none' };
  const { db } = await app();
  return lookupStaffSessionIn(db, idHash, now);
}

export async function lookupStaffSessionIn(db: Db, idHash: string, now = Date.now()): Promise<StaffLookup> {
  const row = await db.selectFrom('staff_sessions').selectAll().where('id_hash', '=', idHash).executeTakeFirst();
  if (!row) return { status: 'invalid' };
  const endsAt = row.created_at + STAFF_ABSOLUTE_MS;
  if (row.expires_at <= now || endsAt <= now) {
    await db.deleteFrom('staff_sessions').where('id_hash', '=', idHash).execute();
    return row.stage === 'active' ? { status: 'invalid', endedStaffId: Number(row.staff_id) } : { status: 'invalid' };
  }
  const expiresAt =
    row.stage === 'active' && now - row.last_seen_at >= TOUCH_EVERY_MS
      ? await slideIdleEnd(db, idHash, row.created_at, now)
      : row.expires_at;
  return {
    status: 'found',
    session: {
      idHash,
      staffId: Number(row.staff_id),
      stage: row.stage as StaffStage,
      redirectTo: row.redirect_to,
      failures: row.failures,
      createdAt: row.created_at,
      expiresAt,
    },
  };
}

/**
 * Moves a signed-in session's idle end to `now + STAFF_IDLE_MS`, never past its absolute end (it
 * started at `createdAt`); answers the new end.
 */
async function slideIdleEnd(db: Db, idHash: string, createdAt: number, now: number): Promise<number> {
  const expiresAt = Math.min(now + STAFF_IDLE_MS, createdAt + STAFF_ABSOLUTE_MS);
  await db
    .updateTable('staff_sessions')
    .set({ last_seen_at: now, expires_at: expiresAt })
    .where('id_hash', '=', idHash)
    .execute();
  return expiresAt;
}

function lifetime(stage: StaffStage): number {
  return stage === 'code' ? STAFF_CODE_TTL_MS : stage === 'enrol' ? STAFF_ENROL_TTL_MS : STAFF_IDLE_MS;
}

/**
 * Start a staff session at `stage` with a fresh id (the request's previous staff session, if any, is
 * deleted: no fixation, and each step up — password, code — gets a new id). Answers the Set-Cookie value.
 */
export async function startStaffSession(
  request: Request,
  input: { staffId: number; stage: StaffStage; redirectTo?: string | null; ip?: string | null; id?: string },
  now = Date.now(),
): Promise<string> {
  const { db } = await app();
  const previous = await presentedStaffId(request);
  if (previous) await db.deleteFrom('staff_sessions').where('id_hash', '=', previous).execute();
  // Rows ended long ago go; a recently ended one is kept a while, refused all the same (ENDED_KEPT_MS).
  await db
    .deleteFrom('staff_sessions')
    .where('expires_at', '<=', now - ENDED_KEPT_MS)
    .execute();
  const id = input.id ?? randomToken();
  await db
    .insertInto('staff_sessions')
    .values({
      id_hash: sha256(id),
      staff_id: input.staffId,
      stage: input.stage,
      redirect_to: input.redirectTo?.slice(0, 2000) ?? null,
      failures: 0,
      created_at: now,
      last_seen_at: now,
      expires_at: now + lifetime(input.stage),
      user_agent: request.headers.get('User-Agent')?.slice(0, USER_AGENT_MAX) ?? null,
      ip: input.ip ?? null,
    })
    .execute();
  return staffCookie().serialize(id);
}

/**
 * Extend the request's signed-in session now (the editor asked to stay: ADR 116), up to its absolute
 * end; answers the new end, or null when there is no such session.
 */
export async function extendStaffSession(request: Request, now = Date.now()): Promise<number | null> {
  const found = await lookupStaffSession(request, now);
  if (found.status !== 'found' || found.session.stage !== 'active') return null;
  const { db } = await app();
  return slideIdleEnd(db, found.session.idHash, found.session.createdAt, now);
}

/** Delete the request's staff session; answers the Set-Cookie value that clears the cookie. */
export async function endStaffSession(request: Request): Promise<string> {
  const idHash = await presentedStaffId(request);
  if (idHash) {
    const { db } = await app();
    await db.deleteFrom('staff_sessions').where('id_hash', '=', idHash).execute();
  }
  return clearStaffCookie();
}

export function clearStaffCookie(): Promise<string> {
  return staffCookie().serialize('', { maxAge: 0, expires: new Date(0) });
}

/** End every session of a staff account (disabled, role changed, enrolment reset). */
export async function endAllStaffSessions(db: Db, staffId: number): Promise<number> {
  const result = await db.deleteFrom('staff_sessions').where('staff_id', '=', staffId).executeTakeFirst();
  return Number(result.numDeletedRows);
}

/** Count one code attempt on a half-session, before its code is checked; answers the attempts so far (0 when the row is gone). */
export async function countStaffCodeFailure(db: Db, idHash: string): Promise<number> {
  const row = await db
    .updateTable('staff_sessions')
    .set((eb) => ({ failures: eb('failures', '+', 1) }))
    .where('id_hash', '=', idHash)
    .returning('failures')
    .executeTakeFirst();
  return row ? Number(row.failures) : 0;
}

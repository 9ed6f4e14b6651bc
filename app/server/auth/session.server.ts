import type { Cookie } from '@remix-run/node';
import { parse as parseCookie } from 'cookie';
import { LRUCache } from 'lru-cache';

import { app } from '../app.server';
import { appCookie } from '../http/cookies.server';
import { randomToken, sha256 } from '../crypto.server';
import { env } from '../env.server';

const DAY = 24 * 3600_000;
export const REMEMBER_MS = 30 * DAY;
/** Idle sessions are extended at most this often, to spare the database a write per request. */
const TOUCH_EVERY_MS = 60_000;
/**
 * Absolute lifetimes (ADR 037): however active, a session ends this long after sign-in — a working
 * day without "stay signed in", 30 days with it — on top of the idle timeout.
 */
export const ABSOLUTE_MS = { normal: 12 * 3600_000, remember: REMEMBER_MS } as const;
/** A staff-acting session (ADR 010) ends this long after it started, however active. */
export const IMPERSONATION_MAX_MS = 30 * 60_000;
/** The part of a User-Agent kept with a session (enough to name the browser and system). */
const USER_AGENT_MAX = 300;

export interface MemberSession {
  idHash: string;
  membershipNo: string;
  memberName: string;
  upstreamToken: string;
  /** When the upstream token expires (ms since the epoch), or null when the backend did not say. */
  upstreamExpiresAt: number | null;
  remember: boolean;
  expiresAt: number;
  /** The staff member acting as this member (impersonation link), or null for the member's own login. */
  actingStaff: string | null;
}

/** The session cookie: a signed random id, nothing else. */
export function sessionCookie(): Cookie {
  return appCookie('sahakorn_sid');
}

function idleMs(): number {
  return env().SESSION_IDLE_MINUTES * 60_000;
}

/** Signed cookie values already checked → the hash of the session id they carry. */
const checkedCookies = new LRUCache<string, string>({ max: 1000 });

/** The session cookie's value as sent (still signed), or null. */
function rawSessionCookie(header: string | null): string | null {
  if (!header) return null;
  return parseCookie(header, { decode: (value) => value })[sessionCookie().name] || null;
}

/**
 * The hash of the session id presented by the request (signature checked; rows are keyed by it), or
 * null. A signed value that was checked once is remembered (bounded): checking it again gives the same
 * answer, and would cost an HMAC and a hash on every page. The session row is still read every time.
 */
async function presentedIdHash(request: Request): Promise<string | null> {
  const header = request.headers.get('Cookie');
  const raw = rawSessionCookie(header);
  if (!raw) return null;
  const known = checkedCookies.get(raw);
  if (known) return known;
  const value: unknown = await sessionCookie().parse(header);
  if (typeof value !== 'string' || value.length < 32) return null;
  const idHash = sha256(value);
  checkedCookies.set(raw, idHash);
  return idHash;
}

export type SessionLookup =
  | { status: 'none' }
  /** A cookie was presented but its session is gone (logged out, expired, replayed). */
  | { status: 'invalid' }
  | { status: 'active'; session: MemberSession };

/** Resolve the request's session row; slides the idle expiry of browser-session logins, up to their absolute end. */
export async function lookupSession(request: Request, now = Date.now()): Promise<SessionLookup> {
  const idHash = await presentedIdHash(request);
  if (!idHash) return { status: 'none' };
  const { db } = await app();
  const row = await db.selectFrom('sessions').selectAll().where('id_hash', '=', idHash).executeTakeFirst();
  if (!row) return { status: 'invalid' };
  const endsAt = row.created_at + (row.remember ? ABSOLUTE_MS.remember : ABSOLUTE_MS.normal);
  if (row.expires_at <= now || endsAt <= now) {
    await db.deleteFrom('sessions').where('id_hash', '=', idHash).execute();
    return { status: 'invalid' };
  }
  let expiresAt = row.expires_at;
  if (!row.remember && now - row.last_seen_at >= TOUCH_EVERY_MS) {
    expiresAt = Math.min(now + idleMs(), endsAt);
    if (row.acting_staff !== null) expiresAt = Math.min(expiresAt, row.created_at + IMPERSONATION_MAX_MS);
    await db
      .updateTable('sessions')
      .set({ last_seen_at: now, expires_at: expiresAt })
      .where('id_hash', '=', idHash)
      .execute();
  }
  return {
    status: 'active',
    session: {
      idHash,
      membershipNo: row.membership_no,
      memberName: row.member_name,
      upstreamToken: row.upstream_token,
      upstreamExpiresAt: row.upstream_expires_at,
      remember: row.remember === 1,
      expiresAt,
      actingStaff: row.acting_staff ?? null,
    },
  };
}

/**
 * Start a session after a successful login: always a fresh id (no fixation), any session the
 * request carried is deleted. Returns the Set-Cookie header value. A staff-acting session
 * (`actingStaff`) is never remembered and lasts at most IMPERSONATION_MAX_MS.
 */
export async function createSession(
  request: Request,
  input: {
    membershipNo: string;
    memberName: string;
    upstreamToken: string;
    /** The upstream token's lifetime as the backend gave it at login. */
    upstreamExpiresInSeconds: number;
    remember: boolean;
    actingStaff?: string | null;
    /** The client address, shown on the account-security page with the browser's User-Agent. */
    ip?: string | null;
  },
  now = Date.now(),
): Promise<string> {
  const { db } = await app();
  const actingStaff = input.actingStaff ?? null;
  const remember = input.remember && actingStaff === null;
  const lifetime = remember
    ? ABSOLUTE_MS.remember
    : Math.min(actingStaff ? Math.min(idleMs(), IMPERSONATION_MAX_MS) : idleMs(), ABSOLUTE_MS.normal);
  const previous = await presentedIdHash(request);
  if (previous) await db.deleteFrom('sessions').where('id_hash', '=', previous).execute();
  const id = randomToken();
  await db
    .insertInto('sessions')
    .values({
      id_hash: sha256(id),
      membership_no: input.membershipNo,
      member_name: input.memberName,
      upstream_token: input.upstreamToken,
      upstream_expires_at: now + input.upstreamExpiresInSeconds * 1000,
      remember: remember ? 1 : 0,
      created_at: now,
      last_seen_at: now,
      expires_at: now + lifetime,
      acting_staff: actingStaff,
      user_agent: request.headers.get('User-Agent')?.slice(0, USER_AGENT_MAX) ?? null,
      ip: input.ip ?? null,
    })
    .execute();
  // Without "stay signed in" the cookie has no Max-Age: it ends with the browser session.
  return sessionCookie().serialize(id, remember ? { maxAge: REMEMBER_MS / 1000 } : {});
}

/** A new session id and its hash, for `renewSessionId` (made first when something is kept under the hash). */
export function newSessionId(): { id: string; idHash: string } {
  const id = randomToken();
  return { id, idHash: sha256(id) };
}

/**
 * Give the request's session a new id after the member proved who they are again (their current
 * password for a change of the account's security or the password itself; ASVS 7.2.4): the row keeps
 * everything but its key, so the old id stops working at once. Call it as the action redirects: the
 * loaders of a page the same request renders still read the old cookie. Answers the Set-Cookie value
 * and the new id's hash, or null when the session ended meanwhile.
 */
export async function renewSessionId(
  session: Pick<MemberSession, 'idHash' | 'remember' | 'expiresAt'>,
  next = newSessionId(),
  now = Date.now(),
): Promise<{ setCookie: string; idHash: string } | null> {
  const { db } = await app();
  const renewed = await db
    .updateTable('sessions')
    .set({ id_hash: next.idHash })
    .where('id_hash', '=', session.idHash)
    .executeTakeFirst();
  if (renewed.numUpdatedRows === 0n) return null;
  // A remembered session's cookie lasts as long as the session still does; any other ends with the browser.
  const options = session.remember ? { maxAge: Math.max(1, Math.floor((session.expiresAt - now) / 1000)) } : {};
  return { setCookie: await sessionCookie().serialize(next.id, options), idHash: next.idHash };
}

/**
 * Swap the session's upstream token for a refreshed one, unless another request already did: true
 * when this call's token was still the session's (compare-and-set, safe across instances).
 */
export async function replaceUpstreamToken(
  idHash: string,
  previousToken: string,
  /** `expiresAt` null: the session checks the token on each request instead of exchanging it. */
  next: { token: string; expiresAt: number | null },
): Promise<boolean> {
  const { db } = await app();
  const result = await db
    .updateTable('sessions')
    .set({ upstream_token: next.token, upstream_expires_at: next.expiresAt })
    .where('id_hash', '=', idHash)
    .where('upstream_token', '=', previousToken)
    .executeTakeFirst();
  return result.numUpdatedRows > 0n;
}

/** The session's current upstream token and its expiry (after a refresh elsewhere), or null if it ended. */
export async function currentUpstreamToken(
  idHash: string,
): Promise<{ token: string; expiresAt: number | null } | null> {
  const { db } = await app();
  const row = await db
    .selectFrom('sessions')
    .select(['upstream_token', 'upstream_expires_at'])
    .where('id_hash', '=', idHash)
    .executeTakeFirst();
  return row ? { token: row.upstream_token, expiresAt: row.upstream_expires_at } : null;
}

/** Delete the request's session row; returns the Set-Cookie header that clears the cookie. */
export async function destroySession(request: Request): Promise<string> {
  const idHash = await presentedIdHash(request);
  if (idHash) {
    const { db } = await app();
    await db.deleteFrom('sessions').where('id_hash', '=', idHash).execute();
  }
  return sessionCookie().serialize('', { maxAge: 0, expires: new Date(0) });
}

/**
 * "This browser signed out": a cookie that carries nothing but `1` (no member data), kept until the
 * browser closes. Signing out removes the session cookie for every tab; a member page requested
 * without a session but with this mark was open in another tab, and the login page says the session
 * ended instead of nothing. It is read once, then removed.
 */
function signedOutCookie(): Cookie {
  return appCookie('sahakorn_out');
}

/** Set-Cookie value that marks this browser as signed out (`signedOutCookie`). */
export function markSignedOut(): Promise<string> {
  return signedOutCookie().serialize('1');
}

/** Whether the request carries the signed-out mark, and the Set-Cookie value that removes it. */
export async function takeSignedOutMark(request: Request): Promise<{ marked: boolean; setCookie: string | null }> {
  const header = request.headers.get('Cookie');
  if (!header?.includes('sahakorn_out=')) return { marked: false, setCookie: null };
  return {
    marked: (await signedOutCookie().parse(header)) === '1',
    setCookie: await signedOutCookie().serialize('', { maxAge: 0, expires: new Date(0) }),
  };
}

/** Remove expired session rows (called opportunistically at login). */
export async function purgeExpiredSessions(now = Date.now()): Promise<void> {
  const { db } = await app();
  await db.deleteFrom('sessions').where('expires_at', '<=', now).execute();
}

/** End every other session of this member (after a password change); returns their upstream tokens. */
export async function endOtherSessions(membershipNo: string, keepIdHash: string): Promise<string[]> {
  const { db } = await app();
  const others = await db
    .selectFrom('sessions')
    .select(['id_hash', 'upstream_token'])
    .where('membership_no', '=', membershipNo)
    .where('id_hash', '!=', keepIdHash)
    .execute();
  if (others.length) {
    await db
      .deleteFrom('sessions')
      .where(
        'id_hash',
        'in',
        others.map((o) => o.id_hash),
      )
      .execute();
  }
  return others.map((o) => o.upstream_token);
}

import { type AppLoadContext, redirect } from '@remix-run/node';

import { app } from '../app.server';
import { audit } from '../audit.server';
import {
  CoopAuthError,
  type CoopBackend,
  CoopUnavailableError,
  type LinkRedemption,
  type LoginResult,
  type MemberCredentials,
  type MemberTokenGrant,
  type PerRequestCredentials,
} from '../coop/types';
import { setFlash } from '../flash.server';
import { shareOutcome } from '../http/shared-outcome.server';
import { redeemLink } from './impersonation.server';
import { startSecondFactor } from './second-factor.server';
import { addressLimitKey } from './limit-address.server';
import { loginLimits, reserveLoginAttempt } from './login-limit.server';
import { giveBackIn, hitIn } from '../rate-limit.server';
import { termsAccepted } from './terms-gate.server';
import {
  createSession,
  currentUpstreamToken,
  destroySession,
  lookupSession,
  purgeExpiredSessions,
  replaceUpstreamToken,
  takeSignedOutMark,
  type MemberSession,
} from './session.server';
import { LOGIN_MESSAGES, type LoginInput } from '~/lib/forms/login';

export interface AuthedMember {
  membershipNo: string;
  memberName: string;
  credentials: MemberCredentials;
  session: MemberSession;
  /** The staff member acting as this member through an impersonation link (ADR 010), or null. */
  actingStaff: string | null;
}

/** The login page with a way back to where the visitor was going. */
export function logonUrl(request: Request): string {
  const url = new URL(request.url);
  const back = `${url.pathname}${url.search}`;
  return back === '/' || back.startsWith('/member/logon')
    ? '/member/logon'
    : `/member/logon?redirectTo=${encodeURIComponent(back)}`;
}

export interface RequireMemberOptions {
  /**
   * 'skip' only on the routes a member who has not accepted the terms must reach: the welcome page
   * and the terms' acceptance (logging out needs no member check at all).
   */
  terms?: 'enforce' | 'skip';
}

/**
 * The logged-in member, or a thrown redirect to /member/logon. Call it in every member loader and
 * action with the loader's `context`. It runs the session check (core `getAuthUser`) on first use
 * and keeps it in the request's context; a refused token ends the session with the spec's
 * session-expired notice. Then the terms gate (spec §4): a member who has not accepted the published
 * terms is sent to /member/welcome, from a loader (page or `?_data=` read) and from an action alike.
 * Staff acting as the member pass it: only the member can accept (ADR 010).
 *
 * Remix gives each loader its own copy of the Request, so the page read's loaders (the member
 * layout's and the page's) share one check through the context. An action has its own: it may
 * change the session (a new password, a sign-out) before the loaders run again.
 */
export function requireMember(
  request: Request,
  context: Pick<AppLoadContext, 'member'>,
  options: RequireMemberOptions = {},
): Promise<AuthedMember> {
  const checks = (context.member ??= {});
  const phase = request.method === 'GET' || request.method === 'HEAD' ? 'read' : 'action';
  // The page's loaders share one check, and each throws a redirect or a 503 of its own: a
  // response's body can be read once (`shareOutcome`).
  const made = (checks[phase] ??= { check: shareOutcome(resolveMember(request)) });
  if (options.terms === 'skip') return made.check();
  return (made.gated ??= shareOutcome(termsGate(request, made.check())))();
}

async function termsGate(request: Request, pending: Promise<AuthedMember>): Promise<AuthedMember> {
  const member = await pending;
  if (member.actingStaff === null && !(await termsAccepted(member))) {
    throw redirect(welcomeUrl(request), { status: 303, headers: noStore() });
  }
  return member;
}

/**
 * The welcome page, remembering the page a read was for (never a data request's `_data`, never a
 * POST's target), so that accepting the terms continues there.
 */
function welcomeUrl(request: Request): string {
  if (request.method !== 'GET' && request.method !== 'HEAD') return '/member/welcome';
  const url = new URL(request.url);
  url.searchParams.delete('_data');
  const target = `${url.pathname}${url.search}`;
  if (target === '/member/status' || !target.startsWith('/member/')) return '/member/welcome';
  return `/member/welcome?${new URLSearchParams({ redirectTo: target })}`;
}

async function resolveMember(request: Request): Promise<AuthedMember> {
  const found = await lookupSession(request);
  if (found.status === 'none') throw await noSession(request);
  if (found.status === 'invalid') throw await expired(request);
  const { session } = found;
  const { backend } = await app();
  const endSession = async () => {
    await audit('session_expired', { membershipNo: session.membershipNo });
    return expired(request);
  };
  // This request's credentials: what the backend fetches with them is shared for the rest of the
  // request; once the check has passed, a refusal of the token ends the session (`degradeGracefully`).
  const perRequest: PerRequestCredentials = { answers: new Map() };
  let credentials: MemberCredentials;
  if (refreshDue(session)) {
    // The exchange proves the token as the session check would; refused, the session ends.
    const token = await refreshedToken(backend, session);
    if (token === null) throw await endSession();
    credentials = { token, membershipNo: session.membershipNo, perRequest };
  } else {
    credentials = { token: session.upstreamToken, membershipNo: session.membershipNo, perRequest };
    // getAuthUser answers false for a refused token; the feeds later on throw, and end the session so.
    if (!(await backend.getAuthUser(credentials))) throw await endSession();
  }
  perRequest.endSession = endSession;
  return {
    membershipNo: session.membershipNo,
    memberName: session.memberName,
    credentials,
    session,
    actingStaff: session.actingStaff,
  };
}

/** The upstream token is exchanged for a new one when less than this is left of it (core tokens: 15 min). */
export const REFRESH_BEFORE_MS = 3 * 60_000;

/**
 * Whether the session's token is exchanged instead of checked. Never a staff-acting session's: such a
 * token is never refreshed, and its 30 minutes are the session's (ADR 010, 092).
 */
function refreshDue(session: MemberSession, now = Date.now()): boolean {
  return (
    session.actingStaff === null &&
    session.upstreamExpiresAt !== null &&
    session.upstreamExpiresAt - now <= REFRESH_BEFORE_MS
  );
}

/**
 * Exchanges in flight in this process, per session: parallel requests of one page share one, and
 * each gets a 503 of its own when the backend fails (`shareOutcome`).
 */
const refreshing = new Map<string, () => Promise<string | null>>();

/**
 * The session's token after exchanging it with the backend, or null when the backend refused it.
 * Another instance (or request) may have exchanged it first; the core then refuses the old token,
 * so a refusal re-reads the session row and takes the token found there if it changed.
 */
function refreshedToken(backend: CoopBackend, session: MemberSession): Promise<string | null> {
  let pending = refreshing.get(session.idHash);
  if (!pending) {
    pending = shareOutcome(
      (async () => {
        try {
          const grant = await backend.refresh({ token: session.upstreamToken, membershipNo: session.membershipNo });
          const renewedUntil = Date.now() + grant.expiresInSeconds * 1000;
          // A token that ends with its login gains nothing from another exchange (ADR 092): without an
          // expiry, the session checks it plainly from now on, and ends when the backend refuses it.
          const extended = session.upstreamExpiresAt === null || renewedUntil > session.upstreamExpiresAt + 1000;
          const expiresAt = extended ? renewedUntil : null;
          if (await replaceUpstreamToken(session.idHash, session.upstreamToken, { token: grant.token, expiresAt })) {
            return grant.token;
          }
          // Exchanged elsewhere meanwhile: ours is a spare token; hand it back and use the session's.
          await backend.logout({ token: grant.token }).catch(() => undefined);
          return (await currentUpstreamToken(session.idHash))?.token ?? null;
        } catch (error) {
          if (!(error instanceof CoopAuthError)) throw error;
          const current = await currentUpstreamToken(session.idHash);
          return current && current.token !== session.upstreamToken ? current.token : null;
        }
      })().finally(() => refreshing.delete(session.idHash)),
    );
    refreshing.set(session.idHash, pending);
  }
  return pending();
}

async function expired(request: Request): Promise<Response> {
  const headers = noStore();
  headers.append('Set-Cookie', await destroySession(request));
  headers.append('Set-Cookie', await setFlash({ kind: 'error', text: LOGIN_MESSAGES.sessionExpired }));
  // Said now: a signed-out mark left from an earlier sign-out would say it a second time.
  const mark = await takeSignedOutMark(request);
  if (mark.setCookie) headers.append('Set-Cookie', mark.setCookie);
  return redirect(logonUrl(request), { headers });
}

/**
 * No session cookie: the login page. After signing out in another tab of this browser (the
 * signed-out mark), with the spec's session-ended notice, once.
 */
async function noSession(request: Request): Promise<Response> {
  const headers = noStore();
  const mark = await takeSignedOutMark(request);
  if (mark.setCookie) headers.append('Set-Cookie', mark.setCookie);
  if (mark.marked) headers.append('Set-Cookie', await setFlash({ kind: 'error', text: LOGIN_MESSAGES.sessionExpired }));
  return redirect(logonUrl(request), { headers });
}

function noStore(): Headers {
  return new Headers({ 'Cache-Control': 'private, no-store' });
}

/** The session of the request if it is still valid, without redirecting (login page, headers). */
export async function optionalMember(request: Request): Promise<MemberSession | null> {
  const found = await lookupSession(request);
  return found.status === 'active' ? found.session : null;
}

export type LoginOutcome =
  /** `secondFactor`: the cookie is a half-session; the code page comes next (ADR 040). */
  | { ok: true; membershipNo: string; setCookie: string; secondFactor?: boolean }
  | { ok: false; status: 401 | 429 | 403 | 503; message: string; resetRequired?: boolean };

/** A new session's member and core token, from the token the core issued (sign-in or impersonation). */
function sessionOfGrant(grant: MemberTokenGrant) {
  const { membershipNo, prename, firstName, lastName } = grant.member;
  return {
    membershipNo,
    memberName: `${prename}${firstName} ${lastName}`,
    upstreamToken: grant.token,
    upstreamExpiresInSeconds: grant.expiresInSeconds,
  };
}

/**
 * Check the rate limits, verify the credentials and start a session. `input` is the login form as the
 * members' form strategy read and validated it, once (the number padded); the credentials go straight
 * to `CoopBackend.login` (ADR 108). `request` gives only the cookie the new session replaces.
 *
 * The attempt is counted before the password is checked (ADR 036): parallel requests cannot get
 * more checks than the limits allow. Only an explicit refusal of the credentials keeps its count;
 * an attempt the backend could not judge (unavailable, reset required) is given back.
 */
export async function login(request: Request, input: LoginInput, clientAddress: string | null): Promise<LoginOutcome> {
  const { db, env: config, backend } = await app();
  const reservation = await reserveLoginAttempt(db, input.membershipNo, clientAddress, loginLimits(config));
  if (!reservation.ok) {
    await audit('login_locked', { membershipNo: input.membershipNo, ip: clientAddress, detail: reservation.reason });
    return {
      ok: false,
      status: 429,
      message: LOGIN_MESSAGES.locked(Math.max(1, Math.ceil((reservation.retryAt - Date.now()) / 60_000))),
    };
  }

  let verified: LoginResult;
  try {
    verified = await backend.login({
      membershipNo: input.membershipNo,
      password: input.password,
      remember: Boolean(input.remember),
    });
  } catch (error) {
    // No verdict on the password (core down, timeout, malformed answer): the attempt does not count.
    await reservation.settle('void');
    throw error;
  }

  if (!verified.ok) {
    if (verified.reason !== 'invalid_credentials') {
      await reservation.settle('void');
      await audit('login_failure', { membershipNo: input.membershipNo, ip: clientAddress, detail: verified.reason });
      if (verified.reason === 'password_reset_required') {
        return { ok: false, status: 403, message: LOGIN_MESSAGES.resetRequired, resetRequired: true };
      }
      // Any other answer is not a refusal of the password (ADR 036): the backend was not able to judge.
      throw new CoopUnavailableError('login: no verdict on the credentials');
    }
    const { lockedOut } = await reservation.settle('refused');
    await audit('login_failure', { membershipNo: input.membershipNo, ip: clientAddress });
    if (lockedOut) await audit('lockout', { membershipNo: input.membershipNo, ip: clientAddress });
    return { ok: false, status: 401, message: LOGIN_MESSAGES.invalid };
  }

  await reservation.settle('accepted');
  // A member with a second factor gets a half-session and the code page, not a session (ADR 040).
  const challenge = await startSecondFactor(
    {
      member: verified.member,
      upstreamToken: verified.token,
      upstreamExpiresInSeconds: verified.expiresInSeconds,
      remember: Boolean(input.remember),
      redirectTo: input.redirectTo,
    },
    clientAddress,
  );
  if (challenge)
    return { ok: true, membershipNo: verified.member.membershipNo, setCookie: challenge, secondFactor: true };
  await purgeExpiredSessions();
  const setCookie = await createSession(request, {
    ...sessionOfGrant(verified),
    remember: Boolean(input.remember),
    ip: clientAddress,
  });
  await audit('login_success', { membershipNo: verified.member.membershipNo, ip: clientAddress });
  return { ok: true, membershipNo: verified.member.membershipNo, setCookie };
}

/** End the member's session here and upstream; returns the Set-Cookie header that clears it. */
export async function logout(request: Request, clientAddress: string | null = null): Promise<string> {
  const found = await lookupSession(request);
  if (found.status === 'active') {
    const { session } = found;
    const { backend } = await app();
    await backend.logout({ token: session.upstreamToken }).catch(() => undefined);
    if (session.actingStaff !== null) {
      await audit('impersonation_ended', {
        membershipNo: session.membershipNo,
        ip: clientAddress,
        detail: `staff=${session.actingStaff}`,
      });
    } else {
      await audit('logout', { membershipNo: session.membershipNo, ip: clientAddress });
    }
  }
  return destroySession(request);
}

/** Refused impersonation links allowed per client address in the window; later ones are refused unchecked. */
export const IMPERSONATION_MAX_REFUSALS = 30;
const IMPERSONATION_WINDOW_MS = 15 * 60_000;

export type ImpersonationOutcome =
  { ok: true; membershipNo: string; actingStaff: string; setCookie: string } | { ok: false };

/**
 * Redeem a staff impersonation link (ADR 010) under this instance's limit on refused links per
 * address: where the grants are kept here, verify and use up the grant and get the member's token
 * from the backend; where the core keeps them (ADR 025), the core does both. Every refusal is
 * audited; past the limit nothing more is checked or written (a flood of bad links cannot flood the
 * audit log), counted before the check so that links at once cannot get round it.
 */
export async function redeemImpersonation(
  token: string,
  secret: string | undefined,
  clientAddress: string | null,
): Promise<LinkRedemption> {
  const addressKey = addressLimitKey('impersonate', clientAddress);
  const { db, backend } = await app();
  // Counted before the link is checked (one atomic upsert), so links sent at once get no more checks
  // than the limit; a link that works is given back.
  const state = await hitIn(db, addressKey, IMPERSONATION_WINDOW_MS);
  const giveBack = () => giveBackIn(db, addressKey, state.resetAt);
  if (state.count > IMPERSONATION_MAX_REFUSALS) {
    await giveBack();
    return { ok: false, detail: 'rate_limited' };
  }
  let redeemed: LinkRedemption;
  try {
    redeemed = backend.redeemImpersonationLink
      ? await backend.redeemImpersonationLink(token)
      : secret
        ? await redeemLink(db, backend, token, secret)
        : { ok: false, detail: 'off' };
  } catch (error) {
    await giveBack();
    throw error;
  }
  if (redeemed.ok) {
    await giveBack();
    return redeemed;
  }
  const detail = state.count === IMPERSONATION_MAX_REFUSALS ? `${redeemed.detail}; rate_limited` : redeemed.detail;
  await audit('impersonation_refused', { membershipNo: redeemed.membershipNo, ip: clientAddress, detail });
  return redeemed;
}

/**
 * Use a staff impersonation link (ADR 010): redeem it, then start a staff-acting session the way
 * login does (fresh id, the request's old session deleted, never remembered). Every outcome is
 * audited; the visitor learns only ok or not.
 */
export async function impersonate(
  request: Request,
  token: string,
  secret: string | undefined,
  clientAddress: string | null,
): Promise<ImpersonationOutcome> {
  const issued = await redeemImpersonation(token, secret, clientAddress);
  if (!issued.ok) return { ok: false };
  const about = `staff=${issued.staff}; grant=${issued.grant}`;

  await purgeExpiredSessions();
  const setCookie = await createSession(request, {
    ...sessionOfGrant(issued),
    remember: false,
    actingStaff: issued.staff,
    ip: clientAddress,
  });
  await audit('impersonation_started', { membershipNo: issued.member.membershipNo, ip: clientAddress, detail: about });
  return { ok: true, membershipNo: issued.member.membershipNo, actingStaff: issued.staff, setCookie };
}

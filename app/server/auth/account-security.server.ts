import QRCode from 'qrcode';

import { site } from '~/config/site';

import { app } from '../app.server';
import type { AuthedMember } from './auth.server';
import type { ApiToken } from '../coop/types';
import { describeDevice } from './device.server';
import { endOtherSessions } from './session.server';
import { memberSubject, memberTotp } from './second-factor.server';

/**
 * What the account-security page shows and changes (ADR 040), always for the signed-in member only:
 * every query is scoped by the member number from the session, never by the form.
 */

export interface SessionView {
  id: string;
  device: string;
  ip: string | null;
  lastSeenAt: number;
  createdAt: number;
  current: boolean;
  actingStaff: string | null;
}

/** The member's live web sessions, this one first, then the most recently seen. */
export async function listSessions(member: AuthedMember, now = Date.now()): Promise<SessionView[]> {
  const { db } = await app();
  const rows = await db
    .selectFrom('sessions')
    .select(['id_hash', 'user_agent', 'ip', 'last_seen_at', 'created_at', 'acting_staff'])
    .where('membership_no', '=', member.membershipNo)
    .where('expires_at', '>', now)
    .orderBy('last_seen_at', 'desc')
    .execute();
  return rows
    .map((row) => ({
      id: row.id_hash,
      device: describeDevice(row.user_agent),
      ip: row.ip,
      lastSeenAt: row.last_seen_at,
      createdAt: row.created_at,
      current: row.id_hash === member.session.idHash,
      actingStaff: row.acting_staff,
    }))
    .sort((a, b) => Number(b.current) - Number(a.current));
}

/** End another of the member's sessions (its core token too); false when it is not theirs, gone, or this one. */
export async function endSession(member: AuthedMember, id: string): Promise<boolean> {
  if (id === member.session.idHash) return false;
  const { db, backend } = await app();
  const row = await db
    .deleteFrom('sessions')
    .where('id_hash', '=', id)
    .where('membership_no', '=', member.membershipNo)
    .returning('upstream_token')
    .executeTakeFirst();
  if (!row) return false;
  await backend.logout({ token: row.upstream_token }).catch(() => undefined);
  return true;
}

/** "ออกจากระบบทุกอุปกรณ์": every other session and every API token end; this session goes on. */
export async function endEverywhereElse(member: AuthedMember): Promise<{ sessions: number; tokens: number }> {
  const { db, backend } = await app();
  // Sign-ins waiting for their code end too (their tokens with them).
  const pending = await db
    .deleteFrom('login_challenges')
    .where('membership_no', '=', member.membershipNo)
    .returning('upstream_token')
    .execute();
  const ended = await endOtherSessions(member.membershipNo, member.session.idHash);
  const tokens = [...ended, ...pending.map((row) => row.upstream_token)];
  await Promise.all(tokens.map((token) => backend.logout({ token }).catch(() => undefined)));
  const revoked = backend.revokeOtherApiTokens ? await backend.revokeOtherApiTokens(member.credentials, []) : 0;
  return { sessions: ended.length, tokens: revoked };
}

/** The member's API tokens, or null where the core manages them (http mode). */
export async function listApiTokens(member: AuthedMember): Promise<ApiToken[] | null> {
  const { db, backend } = await app();
  if (!backend.listApiTokens) return null;
  // The tokens behind web sessions are listed as sessions; those of sign-ins waiting for a code, not at all.
  const [sessionTokens, pendingTokens] = await Promise.all([
    db.selectFrom('sessions').select('upstream_token').where('membership_no', '=', member.membershipNo).execute(),
    db
      .selectFrom('login_challenges')
      .select('upstream_token')
      .where('membership_no', '=', member.membershipNo)
      .execute(),
  ]);
  return backend.listApiTokens(
    member.credentials,
    [...sessionTokens, ...pendingTokens].map((row) => row.upstream_token),
  );
}

/** The QR code of an otpauth URI as SVG markup (made here: the page needs no script to show it). */
export function qrSvg(uri: string): Promise<string> {
  return QRCode.toString(uri, { type: 'svg', errorCorrectionLevel: 'M', margin: 2 });
}

/** The label an authenticator app shows for the member's entry: the cooperative and the member number. */
export function authenticatorLabel(membershipNo: string) {
  return { issuer: site.shortNameTh, account: membershipNo };
}

/** The member's TOTP state, the pending enrolment (secret and QR) and fresh recovery codes for this session. */
export async function secondFactorView(member: AuthedMember) {
  const totp = await memberTotp();
  const subject = memberSubject(member.membershipNo);
  const status = await totp.status(subject);
  const pending = status.pending ? await totp.pendingEnrolment(subject, authenticatorLabel(member.membershipNo)) : null;
  return {
    ...status,
    enrolment: pending ? { secret: pending.secret, qr: await qrSvg(pending.uri) } : null,
    freshCodes: await totp.revealedRecoveryCodes(subject, member.session.idHash),
  };
}

import { createHmac, randomInt } from 'node:crypto';

import { sql } from 'kysely';

import { randomToken, sha256 } from '../../crypto.server';
import type { Db } from '../../db/index.server';

/**
 * One-time codes for registration and forgotten passwords (ADR 038). A challenge is made for every
 * well-formed identity step, whether the identity matched or not: the browser holds its random
 * token, the database its SHA-256 and, when a code was really sent, the code's HMAC. Codes have 6
 * digits, last 10 minutes, allow 5 tries and work once.
 */
export const CODE_DIGITS = 6;
export const CODE_TTL_MS = 10 * 60_000;
export const CODE_MAX_TRIES = 5;

export type RecoveryPurpose = 'register' | 'forget';

/** A fresh code: 6 digits from the system's CSPRNG, leading zeros kept. */
export function newCode(): string {
  return String(randomInt(0, 10 ** CODE_DIGITS)).padStart(CODE_DIGITS, '0');
}

/** The stored form of a code: keyed (a bare hash of 6 digits is undone in a million guesses). */
export function hashCode(key: string, challengeHash: string, code: string): string {
  return createHmac('sha256', key).update(`recovery-code:${challengeHash}:${code}`).digest('hex');
}

/**
 * Store a challenge for `membershipNo` and return its token (for the browser only). `code` null: no
 * code was sent (unknown identity, no contact on file); the challenge then behaves like any other
 * and no code is ever right.
 */
export async function createChallenge(
  db: Db,
  key: string,
  input: { purpose: RecoveryPurpose; membershipNo: string; code: string | null },
  now = Date.now(),
): Promise<string> {
  const token = randomToken();
  const challengeHash = sha256(token);
  // Expired challenges are of no use to anyone: cleared as new ones come.
  await db.deleteFrom('recovery_codes').where('expires_at', '<=', now).execute();
  await db
    .insertInto('recovery_codes')
    .values({
      challenge_hash: challengeHash,
      purpose: input.purpose,
      membership_no: input.membershipNo,
      code_hash: input.code === null ? null : hashCode(key, challengeHash, input.code),
      attempts: 0,
      created_at: now,
      expires_at: now + CODE_TTL_MS,
      used_at: null,
    })
    .execute();
  return token;
}

export type CodeCheck =
  | { ok: true }
  /** Not the code; `triesLeft` more may be made with this challenge. */
  | { ok: false; reason: 'wrong'; triesLeft: number }
  /** Unknown, expired, used, or out of tries: the member must ask for a new code. */
  | { ok: false; reason: 'spent' };

/**
 * What one try of a one-time code sets, in the UPDATE that finds the code (here and for the codes
 * support staff issue): the try counted and, when `tried` (the typed code's hash) is the stored
 * `code_hash`, the code used at `now`.
 */
export function countedTry(tried: string, now: number) {
  return {
    attempts: sql<number>`attempts + 1`,
    used_at: sql<number | null>`case when code_hash = ${tried} then cast(${now} as bigint) else null end`,
  };
}

/**
 * Try a code. One atomic UPDATE counts the try and, when the code is right, marks it used, so two
 * requests at once cannot both use it and a sixth try is never counted as a first. With `madeAfter`,
 * only a challenge made after that moment is tried (a number locked for the day, ADR 131); an older
 * one answers as spent, untouched.
 */
export async function redeemCode(
  db: Db,
  key: string,
  input: { token: string; purpose: RecoveryPurpose; membershipNo: string; code: string; madeAfter?: number },
  now = Date.now(),
): Promise<CodeCheck> {
  const challengeHash = sha256(input.token);
  const tried = hashCode(key, challengeHash, input.code);
  let update = db
    .updateTable('recovery_codes')
    .set(countedTry(tried, now))
    .where('challenge_hash', '=', challengeHash)
    .where('purpose', '=', input.purpose)
    .where('membership_no', '=', input.membershipNo)
    .where('used_at', 'is', null)
    .where('attempts', '<', CODE_MAX_TRIES)
    .where('expires_at', '>', now);
  if (input.madeAfter !== undefined) update = update.where('created_at', '>', input.madeAfter);
  const row = await update.returning(['attempts', 'used_at']).executeTakeFirst();
  if (!row) return { ok: false, reason: 'spent' };
  if (row.used_at !== null) return { ok: true };
  const triesLeft = CODE_MAX_TRIES - Number(row.attempts);
  return triesLeft > 0 ? { ok: false, reason: 'wrong', triesLeft } : { ok: false, reason: 'spent' };
}

/**
 * Give back a used code whose password could not be set because the backend did not answer: the
 * member may try the same code again while it lasts.
 */
export async function releaseCode(db: Db, token: string): Promise<void> {
  await db.updateTable('recovery_codes').set({ used_at: null }).where('challenge_hash', '=', sha256(token)).execute();
}

import { createHash, randomInt } from 'node:crypto';
import { Secret, TOTP } from 'otpauth';

/**
 * Time-based one-time passwords (RFC 6238) and recovery codes: the parts of a second factor that know
 * nothing about who holds it (ADR 040). Members use it now; any other account kind (staff) can reuse it
 * through `createTotpStore` with its own subject names. Every function that depends on the time takes
 * it as an argument, so tests run on a fake clock.
 */

/** The parameters every authenticator app understands: SHA-1, 6 digits, 30-second steps. */
export const TOTP_PERIOD_SECONDS = 30;
export const TOTP_DIGITS = 6;
/** Codes of one step before and after the current one are accepted (clock drift, slow typing). */
export const TOTP_WINDOW = 1;
/** Recovery codes given at enrolment and at each renewal. */
export const RECOVERY_CODE_COUNT = 10;

const ALGORITHM = 'SHA1';
/** 20 random bytes, as RFC 4226 recommends for SHA-1. */
const SECRET_BYTES = 20;

function totp(secret: string, issuer = '', label = ''): TOTP {
  return new TOTP({
    issuer,
    label,
    algorithm: ALGORITHM,
    digits: TOTP_DIGITS,
    period: TOTP_PERIOD_SECONDS,
    secret: Secret.fromBase32(secret),
  });
}

/** A new random shared secret, base32 (what authenticator apps take when typed in). */
export function newTotpSecret(): string {
  return new Secret({ size: SECRET_BYTES }).base32;
}

/** The `otpauth://totp/…` URI an authenticator app reads from the QR code. */
export function otpauthUri({ issuer, account, secret }: { issuer: string; account: string; secret: string }): string {
  return totp(secret, issuer, account).toString();
}

/** The time step a moment falls in (seconds since the epoch / 30). */
export function timeStep(nowMs: number): number {
  return Math.floor(nowMs / 1000 / TOTP_PERIOD_SECONDS);
}

/** The code of a secret at a moment (tests, and nothing else in the app: codes come from the member). */
export function totpCodeAt(secret: string, nowMs: number): string {
  return totp(secret).generate({ timestamp: nowMs });
}

/** Six digits typed with or without spaces or a dash in the middle; null for anything else. */
export function asTotpCode(input: string): string | null {
  const digits = input.replace(/[\s-]/g, '');
  return digits.length === TOTP_DIGITS && /^\d+$/.test(digits) ? digits : null;
}

/**
 * The time step a code belongs to when it matches the secret within ±TOTP_WINDOW steps of `nowMs`,
 * otherwise null. The caller refuses a step at or before the last one it accepted (a code works once).
 */
export function matchTotpStep(secret: string, code: string, nowMs: number): number | null {
  const token = asTotpCode(code);
  if (!token) return null;
  const delta = totp(secret).validate({ token, timestamp: nowMs, window: TOTP_WINDOW });
  return delta === null ? null : timeStep(nowMs) + delta;
}

/** Crockford's base32 alphabet, lower case: no i, l, o or u to misread. */
const RECOVERY_ALPHABET = '0123456789abcdefghjkmnpqrstvwxyz';
/** 16 characters of 5 bits: 80 random bits, beyond guessing; stored by argon2id with a salt (`store.server.ts`). */
const RECOVERY_LENGTH = 16;

/** New recovery codes: four groups of four characters joined by hyphens, as the member writes them down. */
export function newRecoveryCodes(count = RECOVERY_CODE_COUNT): string[] {
  return Array.from({ length: count }, () => {
    let code = '';
    for (let i = 0; i < RECOVERY_LENGTH; i += 1) code += RECOVERY_ALPHABET[randomInt(RECOVERY_ALPHABET.length)];
    return code.replace(/(.{4})(?!$)/g, '$1-');
  });
}

/**
 * A recovery code as typed (any case, spaces or dashes, i/l for 1 and o for 0) in its canonical form,
 * or null when it cannot be one.
 */
export function normaliseRecoveryCode(input: string): string | null {
  if (input.length > 64) return null;
  const code = input.toLowerCase().replace(/[\s-]/g, '').replace(/[il]/g, '1').replace(/o/g, '0');
  if (code.length !== RECOVERY_LENGTH) return null;
  for (const char of code) if (!RECOVERY_ALPHABET.includes(char)) return null;
  return code;
}

/**
 * How a recovery code was stored before ASVS 5.0 (6.5.2) asked for a salted password hash under 112
 * bits: SHA-256 of its canonical form. Codes issued since are argon2id-hashed (`store.server.ts`);
 * this still recognises the ones members hold from before.
 */
export function hashRecoveryCode(input: string): string | null {
  const code = normaliseRecoveryCode(input);
  return code === null ? null : createHash('sha256').update(`recovery:${code}`).digest('hex');
}

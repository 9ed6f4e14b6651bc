import { createHash, randomBytes } from 'node:crypto';
import { hash, verify } from '@node-rs/argon2';

/** A URL-safe random secret with 256 bits of entropy (session ids, bearer tokens). */
export function randomToken(): string {
  return randomBytes(32).toString('base64url');
}

/** SHA-256 hex: how session ids and tokens are stored, so a database leak reveals no live secret. */
export function sha256(value: string): string {
  return createHash('sha256').update(value).digest('hex');
}

// argon2id (the library's default algorithm) at OWASP's baseline: 19 MiB, t=2, p=1.
const ARGON2 = { memoryCost: 19456, timeCost: 2, parallelism: 1 } as const;

/** Hash a password with argon2id. */
export function hashPassword(password: string): Promise<string> {
  return hash(password, ARGON2);
}

// Verified against when the member does not exist, so both failures cost the same time.
let dummyHash: Promise<string> | undefined;

/** Check a password; `storedHash` null still spends the same effort (no user enumeration by timing). */
export async function verifyPassword(storedHash: string | null, password: string): Promise<boolean> {
  if (!storedHash) {
    dummyHash ??= hashPassword(randomToken());
    await verify(await dummyHash, password).catch(() => false);
    return false;
  }
  try {
    return await verify(storedHash, password);
  } catch {
    return false;
  }
}

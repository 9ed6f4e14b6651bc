import { randomBytes } from 'node:crypto';

/** Random bytes drawn by `randomText`, refilled this many at a time. */
const POOL_BYTES = 4096;
let pool = Buffer.alloc(0);
let drawn = 0;

/**
 * `bytes` random bytes (from the system's CSPRNG) as text, for values every request needs: its CSP
 * nonce and its id. They are drawn from a pool filled 4 KiB at a time, so a request does not pay a
 * call into OpenSSL for each (about 1 % of a member page's CPU, docs/performance.md). Secrets that
 * outlive a request (session ids, tokens) use `randomToken` in crypto.server.
 */
export function randomText(bytes: number, encoding: 'hex' | 'base64' | 'base64url'): string {
  if (drawn + bytes > pool.length) {
    pool = randomBytes(Math.max(POOL_BYTES, bytes));
    drawn = 0;
  }
  const text = pool.toString(encoding, drawn, drawn + bytes);
  // A value handed out does not stay behind in the pool.
  pool.fill(0, drawn, drawn + bytes);
  drawn += bytes;
  return text;
}

/** A CSP nonce: 128 random bits, base64 (CSP3 asks for at least 128 bits). */
export function cspNonce(): string {
  return randomText(16, 'base64');
}

import { randomBytes } from 'node:crypto';

/**
 * `bytes` random bytes from the system's CSPRNG, as text: for values every request needs, its CSP
 * nonce and its id. Secrets that outlive a request (session ids, tokens) use `randomToken` in
 * crypto.server.
 */
export function randomText(bytes: number, encoding: 'hex' | 'base64' | 'base64url'): string {
  return randomBytes(bytes).toString(encoding);
}

/** A CSP nonce: 128 random bits, base64 (CSP3 asks for at least 128 bits). */
export function cspNonce(): string {
  return randomText(16, 'base64');
}

import { randomUUID } from 'node:crypto';

// Random values every request needs: its id and its CSP nonce. They come through `randomUUID`, which
// Node serves from a buffer of CSPRNG output it refills for 128 UUIDs at a time: about 1 µs, where a
// `randomBytes` call costs about 10 µs, a tenth of the time a kept page takes to answer. Secrets that
// outlive a request (session ids, tokens) use `randomToken` in crypto.server.

/** A request id: 122 random bits as 32 hex digits (a UUID v4 without its dashes). */
export function requestId(): string {
  return randomUUID().replaceAll('-', '');
}

/** A CSP nonce: 244 random bits as 64 hex digits (CSP3 asks for at least 128 bits). */
export function cspNonce(): string {
  return requestId() + requestId();
}

import { createHmac, timingSafeEqual } from 'node:crypto';

/**
 * The visitor's address, passed from a front in http mode to the Sahakorn core behind it (ADR 042).
 * Behind a front every request comes from the front's address, so the core's per-address limits
 * (the board's) would count the whole site as one visitor. The front signs the address with the
 * secret both share (`COOP_FORWARD_SECRET`); the core counts the signed address, and only when the
 * signature holds and is recent. Without the secret, or with a header that does not verify, the core
 * counts the connection's address as before: nobody else can pick the address they are counted under.
 */

export const VISITOR_HEADER = 'Sahakorn-Visitor';
/** How far the signing time may lie from the core's clock (both ways). */
export const VISITOR_MAX_SKEW_SECONDS = 60;

/** An IPv4 or IPv6 address as Express gives it (`::ffff:` mapped ones included); no zone ids. */
const ADDRESS = /^[0-9A-Fa-f:.]{2,45}$/;
const HEADER = /^([0-9A-Fa-f:.]{2,45}); t=(\d{1,12}); sig=([A-Za-z0-9_-]{43})$/;

function mac(secret: string, address: string, seconds: number): string {
  return createHmac('sha256', secret).update(`sahakorn-visitor\n${address}\n${seconds}`).digest('base64url');
}

/** The header's value for `address`: `<address>; t=<unix seconds>; sig=<HMAC-SHA256, base64url>`. */
export function signVisitor(address: string, secret: string, now: number = Date.now()): string | null {
  if (!ADDRESS.test(address)) return null;
  const seconds = Math.floor(now / 1000);
  return `${address}; t=${seconds}; sig=${mac(secret, address, seconds)}`;
}

/** The address a header names when its signature holds under `secret` and it is recent; else null. */
export function verifiedVisitor(
  header: string | null,
  secret: string | undefined,
  now: number = Date.now(),
): string | null {
  if (!header || !secret) return null;
  const m = HEADER.exec(header.trim());
  if (!m) return null;
  const [, address = '', t = '', sig = ''] = m;
  const seconds = Number(t);
  if (Math.abs(seconds - now / 1000) > VISITOR_MAX_SKEW_SECONDS) return null;
  const expected = Buffer.from(mac(secret, address, seconds));
  const given = Buffer.from(sig);
  return given.length === expected.length && timingSafeEqual(given, expected) ? address : null;
}

/**
 * The address a per-address limit of the core's vendor API counts: the visitor a trusted front
 * names, or else the connection's.
 */
export function countedAddress(
  request: Request,
  clientAddress: string | null,
  secret: string | undefined,
): string | null {
  return verifiedVisitor(request.headers.get(VISITOR_HEADER), secret) ?? clientAddress;
}

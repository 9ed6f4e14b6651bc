/**
 * The answers routes throw or send in more than one place: the not-found page, and the two ways of
 * saying "never keep this".
 */

/** For what is one visitor's own (a member's or a staff member's page, their files): no cache keeps it. */
export const PRIVATE_NO_STORE = { 'Cache-Control': 'private, no-store' } as const;

/** For what is nobody's to keep, shared caches included (health checks, outages, the vendor API). */
export const NO_STORE = { 'Cache-Control': 'no-store' } as const;

/**
 * Throws the 404 answer, which the route's error boundary shows as the Thai not-found page, unless
 * `condition` holds: `notFoundUnless(item)` narrows `item` for the code after it. `headers` go with
 * the 404 (for example `PRIVATE_NO_STORE` on a member's file).
 */
export function notFoundUnless(condition: unknown, headers?: HeadersInit): asserts condition {
  if (!condition) throw new Response(null, { status: 404, headers });
}

/**
 * What to do when the cooperative refuses a member's token in the middle of a request, after the
 * session check passed (the core's token expired a moment later, or was revoked). `requireMember`
 * registers, for the credentials it hands to the loader, how to end that session (the expiry notice
 * and a redirect to /member/logon, spec §8); the backend wrapper (`degradeGracefully`) calls it when
 * a member call is refused. Keyed by the credentials object, so it lives exactly as long as the
 * request's own objects.
 */
const endings = new WeakMap<object, () => Promise<Response>>();

export function onTokenRefused(credentials: object, endSession: () => Promise<Response>): void {
  endings.set(credentials, endSession);
}

/** The response that ends the session these credentials belong to, or null if none is registered. */
export function sessionEndFor(credentials: unknown): Promise<Response> | null {
  if (typeof credentials !== 'object' || credentials === null) return null;
  return endings.get(credentials)?.() ?? null;
}

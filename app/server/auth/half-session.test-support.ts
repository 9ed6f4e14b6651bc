/**
 * For the auth tests that take the demo member through the password step to the code page (a
 * half-session) and post codes there. App modules are imported when a helper runs, not when this
 * file loads, so a test file can still call `useOwnStore` before any app module reads the environment.
 */
export const ORIGIN = 'http://coop.test';
export const DEMO = { membershipNo: '012345', password: 'sahakorn-demo' };

/** The `name=value` part of a Set-Cookie header, as the browser sends it back. */
export const cookieOf = (setCookie: string) => setCookie.split(';')[0] ?? '';

/** The code page's POST, carrying the half-session's cookie. */
export const verifyRequest = (cookie: string) =>
  new Request(`${ORIGIN}/member/logon/verify`, { method: 'POST', headers: { Cookie: cookie } });

/** The demo member (who has a second factor) passes the password step from `address`: the half-session's cookie. */
export async function halfSession(address: string): Promise<string> {
  const { login } = await import('./auth.server');
  const outcome = await login(new Request(`${ORIGIN}/member/logon`), { ...DEMO }, address);
  if (!outcome.ok || !outcome.secondFactor) throw new Error('no half-session');
  return cookieOf(outcome.setCookie);
}

/** The member's sign-ins still waiting for their code (rows of `login_challenges`). */
export async function waitingSignIns(membershipNo: string): Promise<{ id_hash: string }[]> {
  const { app } = await import('../app.server');
  const { db } = await app();
  return db.selectFrom('login_challenges').select('id_hash').where('membership_no', '=', membershipNo).execute();
}

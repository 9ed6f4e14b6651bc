import { createCookie, type Cookie, type CookieOptions } from '@remix-run/node';

import { env } from '../env.server';

const made = new Map<string, Cookie>();

/**
 * One of the app's cookies: signed with SESSION_SECRET (and still read when signed with a
 * previous one, ADR 124), HttpOnly, SameSite=Lax, path `/`; Secure and
 * `__Host-` prefixed when secure cookies are on (ADR 004). Created once per name.
 */
export function appCookie(name: string, options: Pick<CookieOptions, 'maxAge'> = {}): Cookie {
  let cookie = made.get(name);
  if (!cookie) {
    const config = env();
    cookie = createCookie(config.secureCookies ? `__Host-${name}` : name, {
      httpOnly: true,
      sameSite: 'lax',
      secure: config.secureCookies,
      path: '/',
      secrets: [...config.sessionSecrets],
      ...options,
    });
    made.set(name, cookie);
  }
  return cookie;
}

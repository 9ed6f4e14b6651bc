// Security headers on every answer (ADR 006, ADR 034): a fresh CSP nonce per response, the rest as
// helmet sets them — for pages, files, redirects and the edge's own refusals alike.
import type { IncomingMessage, ServerResponse } from 'node:http';

import type { RequestHandler, Response } from 'express';
import helmet, { type HelmetOptions } from 'helmet';

import { host } from '../app/server/http/host.server';

type Directives = Record<string, Iterable<string | ((req: IncomingMessage, res: ServerResponse) => string)>>;

/** helmet's options with the given CSP directives: the pages' policy, or the refusals'. */
function helmetOptions(directives: Directives): HelmetOptions {
  const hstsMaxAge = host.security.hstsMaxAge();
  return {
    contentSecurityPolicy: { useDefaults: false, directives },
    strictTransportSecurity: hstsMaxAge === null ? false : { maxAge: hstsMaxAge, includeSubDomains: true },
    xFrameOptions: { action: 'deny' },
    referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
    crossOriginOpenerPolicy: { policy: 'same-origin' },
  };
}

/** Express middleware: this response's nonce in `res.locals.cspNonce`, and every security header. */
export function securityHeaders(): RequestHandler[] {
  return [
    (_req, res, next) => {
      res.locals.cspNonce = host.security.cspNonce();
      res.set('Permissions-Policy', host.security.permissionsPolicy);
      next();
    },
    helmet(
      helmetOptions(
        host.security.cspDirectives(
          (_req: IncomingMessage, res: ServerResponse) => `'nonce-${(res as Response).locals.cspNonce as string}'`,
        ),
      ),
    ),
  ];
}

/**
 * The same headers for an answer Node writes itself before Express sees the request (a malformed
 * request line, an over-long head): a page that loads nothing, so CSP `default-src 'none'`.
 */
export function refusalHeaders(): Record<string, string> {
  const headers: Record<string, string> = {};
  const res = {
    setHeader: (name: string, value: unknown) => (headers[name] = String(value)),
    removeHeader: (name: string) => delete headers[name],
    getHeader: (name: string) => headers[name],
  };
  const middleware = helmet(helmetOptions({ defaultSrc: ["'none'"], frameAncestors: ["'none'"] }));
  (middleware as unknown as (req: unknown, res: unknown, next: () => void) => void)(
    { headers: {} },
    res,
    () => undefined,
  );
  return { ...headers, 'Permissions-Policy': host.security.permissionsPolicy };
}

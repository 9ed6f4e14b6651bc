// Every back-office route, loader and action alike, refuses a signed-in staff member of the wrong role
// (403, recorded as `staff_refused`) and sends a visitor without a staff session to the sign-in page
// (ASVS 5.0 8.2.1, 8.3.1). The list below is the back office's role map: a route file under
// app/routes/staff* that is not in it, or that exports a loader or an action the map does not name,
// fails here, so a new page cannot arrive without its check.
import fs from 'node:fs';

import type { AppLoadContext } from '@remix-run/node';
import { describe, expect, it } from 'vitest';

import { useOwnStore } from '../app-store.test-support';
import { auditDetails, signedInStaff, type StaffRole } from './staff.test-support';

useOwnStore('route-roles', { PUBLIC_URL: 'http://coop.test' });

type Role = StaffRole;
/**
 * Who may reach a handler: a role (admin too), `staff` (any signed-in staff member), or `open` (the
 * sign-in, enrolment and sign-out steps, and addresses that only redirect: they decide for themselves).
 */
type Need = Role | 'staff' | 'open';

const ROLES: Role[] = ['editor', 'moderator', 'support', 'admin'];

const MAP: Record<string, { loader?: Need; action?: Need }> = {
  'staff.tsx': { loader: 'staff' },
  'staff._index.tsx': { loader: 'staff' },
  'staff.account.tsx': { loader: 'staff', action: 'staff' },
  'staff.accounts.tsx': { loader: 'admin', action: 'admin' },
  'staff.audit.tsx': { loader: 'admin', action: 'admin' },
  'staff_.audit.export.tsx': { loader: 'admin', action: 'admin' },
  'staff.blocks.tsx': { loader: 'moderator', action: 'moderator' },
  'staff.board._index.tsx': { loader: 'moderator', action: 'moderator' },
  'staff.board.$topicId.tsx': { loader: 'moderator', action: 'moderator' },
  'staff.board.topics.tsx': { loader: 'moderator' },
  'staff.demand._index.tsx': { loader: 'moderator' },
  'staff.demand.$itemId.tsx': { loader: 'moderator', action: 'moderator' },
  'staff.content._index.tsx': { loader: 'editor', action: 'editor' },
  'staff.content.new.tsx': { loader: 'editor', action: 'editor' },
  'staff.content.$no.tsx': { loader: 'editor', action: 'editor' },
  'staff.content.$no_.delete.tsx': { loader: 'editor', action: 'editor' },
  'staff.content.$no_.files.tsx': { loader: 'editor', action: 'editor' },
  'staff.content.$no_.preview.tsx': { loader: 'editor' },
  'staff.content.$no_.publish.tsx': { loader: 'editor', action: 'editor' },
  'staff.content.$no_.revisions.tsx': { loader: 'editor', action: 'editor' },
  'staff.content.trash.tsx': { loader: 'editor', action: 'editor' },
  'staff_.content.export.tsx': { loader: 'editor' },
  'staff.home.tsx': { loader: 'editor', action: 'editor' },
  'staff.media.tsx': { loader: 'editor' },
  'staff.menu.tsx': { loader: 'editor', action: 'editor' },
  'staff.members.tsx': { loader: 'support', action: 'support' },
  'staff.members_.locked.tsx': { loader: 'support' },
  'staff_.session.tsx': { loader: 'open', action: 'staff' },
  'staff_.login.tsx': { loader: 'open', action: 'open' },
  'staff_.enrol.tsx': { loader: 'open', action: 'open' },
  'staff_.logout.tsx': { loader: 'open', action: 'open' },
};

const ROUTES = 'app/routes';
const files = fs
  .readdirSync(ROUTES)
  .filter((file) => /^staff_?\./.test(file))
  .sort();

/** A plausible value for each dynamic segment of the route's file name. */
function paramsOf(file: string): Record<string, string> {
  const params: Record<string, string> = {};
  for (const [, name] of file.matchAll(/\$([A-Za-z]+)/g)) params[name!] = '1';
  return params;
}

/** The URL path Remix serves the file at (pathless `_` parts dropped, params filled in). */
function pathOf(file: string): string {
  const segments = file
    .replace(/\.tsx?$/, '')
    .split('.')
    .map((s) => s.replace(/_$/, ''))
    .filter((s) => s !== '_index' && s !== '');
  return '/' + segments.map((s) => (s.startsWith('$') ? '1' : s)).join('/');
}

const ORIGIN = 'http://coop.test';
const context = { clientAddress: '10.7.0.1', cspNonce: 'n' } as unknown as AppLoadContext;

const cookies = new Map<Role, string>();
/** A signed-in staff member of the role (one per role); answers the session cookie. */
async function staffCookie(role: Role): Promise<string> {
  const known = cookies.get(role);
  if (known) return known;
  const { cookie } = await signedInStaff(`roles-${role}`, role);
  cookies.set(role, cookie);
  return cookie;
}

/** The route module of a file under app/routes. */
async function routeModule(file: string): Promise<Record<string, unknown>> {
  return (await import(/* @vite-ignore */ `~/routes/${file.replace(/\.tsx?$/, '')}`)) as Record<string, unknown>;
}

type Handler = (args: { request: Request; params: Record<string, string>; context: AppLoadContext }) => unknown;

/** What a handler answers, thrown or returned: a Response's status and Location, or `error` for anything else. */
async function outcome(
  handler: Handler,
  file: string,
  method: 'GET' | 'POST',
  cookie: string | null,
): Promise<{ status: number | 'error'; location: string | null }> {
  const headers: Record<string, string> = { Origin: ORIGIN };
  if (cookie) headers.Cookie = cookie;
  const request = new Request(`${ORIGIN}${pathOf(file)}`, {
    method,
    headers: method === 'POST' ? { ...headers, 'Content-Type': 'application/x-www-form-urlencoded' } : headers,
    body: method === 'POST' ? new URLSearchParams({ intent: 'x' }) : undefined,
  });
  try {
    const answer = await handler({ request, params: paramsOf(file), context });
    if (answer instanceof Response) return { status: answer.status, location: answer.headers.get('Location') };
    return { status: 200, location: null };
  } catch (thrown) {
    if (thrown instanceof Response) return { status: thrown.status, location: thrown.headers.get('Location') };
    return { status: 'error', location: null };
  }
}

/** How many refusals the audit holds of `actor`. */
async function refusals(actor: string): Promise<number> {
  return (await auditDetails('staff_refused', actor)).length;
}

const isSignIn = (location: string | null) => location !== null && location.startsWith('/staff/login');

describe('the back office role map (every staff route)', () => {
  it('names every staff route file, and each handler a file exports', async () => {
    expect(files.length).toBeGreaterThan(25);
    for (const file of files) {
      const need = MAP[file];
      expect(need, `${file} is not in the role map: add it with the role its loader and action check`).toBeDefined();
      const mod = await routeModule(file);
      expect({ file, loader: typeof mod.loader === 'function', action: typeof mod.action === 'function' }).toEqual({
        file,
        loader: need!.loader !== undefined,
        action: need!.action !== undefined,
      });
    }
    for (const file of Object.keys(MAP)) expect(files, `${file} is in the map but not a route`).toContain(file);
  });

  for (const file of files) {
    const need = MAP[file];
    if (!need) continue;
    for (const kind of ['loader', 'action'] as const) {
      const role = need[kind];
      if (role === undefined || role === 'open') continue;
      const method = kind === 'loader' ? 'GET' : 'POST';

      it(`${file} ${kind} (${method}): no staff session goes to the sign-in page`, async () => {
        const mod = (await routeModule(file)) as Record<string, Handler>;
        const answer = await outcome(mod[kind]!, file, method, null);
        expect(answer.status === 302 || answer.status === 303 || answer.status === 401).toBe(true);
        if (answer.status !== 401) expect(isSignIn(answer.location)).toBe(true);
      });

      if (role === 'staff') continue;
      for (const other of ROLES.filter((r) => r !== role && r !== 'admin')) {
        it(`${file} ${kind} (${method}): ${other} is refused with 403, recorded`, async () => {
          const mod = (await routeModule(file)) as Record<string, Handler>;
          const cookie = await staffCookie(other);
          const before = await refusals(`roles-${other}`);
          const answer = await outcome(mod[kind]!, file, method, cookie);
          expect(answer.status).toBe(403);
          expect(await refusals(`roles-${other}`)).toBe(before + 1);
        });
      }
      for (const allowed of [role, 'admin'] as const) {
        it(`${file} ${kind} (${method}): ${allowed} passes the role check`, async () => {
          const mod = (await routeModule(file)) as Record<string, Handler>;
          const cookie = await staffCookie(allowed);
          const before = await refusals(`roles-${allowed}`);
          const answer = await outcome(mod[kind]!, file, method, cookie);
          expect(answer.status).not.toBe(403);
          expect(isSignIn(answer.location)).toBe(false);
          expect(await refusals(`roles-${allowed}`)).toBe(before);
        });
      }
    }
  }

  it('maps the path of a file as Remix serves it (the refusals above name real addresses)', () => {
    expect(pathOf('staff_.audit.export.tsx')).toBe('/staff/audit/export');
    expect(pathOf('staff.content.$no_.files.tsx')).toBe('/staff/content/1/files');
    expect(pathOf('staff._index.tsx')).toBe('/staff');
  });
});

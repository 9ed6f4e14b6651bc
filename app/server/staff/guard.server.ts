import { json, redirect } from '@remix-run/node';

import { safeRedirect } from '~/lib/safe-redirect';
import { STAFF_MESSAGES } from '~/lib/staff';

import { app } from '../app.server';
import { audit, auditPathPattern } from '../audit.server';
import { env } from '../env.server';
import { setFlash } from '../flash.server';
import { findStaffById } from './accounts.server';
import { contentUploadCeiling, readContentUpload } from './content-form.server';
import { keepableFields, keepForm } from './handoff.server';
import { clearStaffCookie, lookupStaffSession } from './session.server';
import { PRIVATE_NO_STORE } from '../http/responses.server';

/**
 * The staff back office's guard (ADR 059): who is signed in at /staff and what their role lets them
 * do. Every staff loader and action calls `requireStaff`; every staff action records `staffAudit`.
 */
export type StaffRole = 'editor' | 'moderator' | 'support' | 'admin';
export interface StaffUser {
  id: number;
  username: string;
  displayName: string;
  role: StaffRole;
}

/** admin may do everything; every other role only its own pages. */
export function staffCan(user: StaffUser, role: StaffRole): boolean {
  return user.role === 'admin' || user.role === role;
}

/** The sign-in page, remembering the staff page asked for (never a data request's `_data`). */
export function staffLoginUrl(request: Request): string {
  const url = new URL(request.url);
  url.searchParams.delete('_data');
  const back = request.method === 'GET' || request.method === 'HEAD' ? `${url.pathname}${url.search}` : url.pathname;
  const target = safeRedirect(back, '/staff');
  if (target === '/staff' || !isStaffPath(target)) return '/staff/login';
  return `/staff/login?${new URLSearchParams({ redirectTo: target })}`;
}

/** A path inside the back office (where a signed-in staff member may be sent). */
export function isStaffPath(path: string): boolean {
  return path === '/staff' || path.startsWith('/staff/') || path.startsWith('/staff?');
}

/**
 * No or ended staff session → throws a redirect to /staff/login?redirectTo=<safe path>.
 * Signed in without the role → records `staff_refused` and throws a 403 Response (the /staff error
 * boundary shows a Thai page).
 * In every staff loader AND action.
 */
export async function requireStaff(request: Request, role?: StaffRole): Promise<StaffUser> {
  const found = await lookupStaffSession(request);
  const headers = new Headers(PRIVATE_NO_STORE);
  if (found.status === 'none') throw redirect(staffLoginUrl(request), { headers });
  const signIn = async (notice: boolean) => {
    headers.append('Set-Cookie', await clearStaffCookie());
    if (notice) headers.append('Set-Cookie', await setFlash({ kind: 'error', text: STAFF_MESSAGES.sessionEnded }));
    return redirect(staffLoginUrl(request), { headers });
  };
  if (found.status === 'invalid') {
    // A form posted after the session ended is kept for its editor (ADR 116).
    if (found.endedStaffId !== undefined && request.method === 'POST') {
      const kept = await keepPostedForm(request, found.endedStaffId);
      if (kept) {
        headers.append('Set-Cookie', kept);
        headers.append('Set-Cookie', await clearStaffCookie());
        headers.append('Set-Cookie', await setFlash({ kind: 'info', text: STAFF_MESSAGES.sessionEndedKept }));
        throw redirect(staffLoginUrl(request), { status: 303, headers });
      }
    }
    throw await signIn(true);
  }
  // A half-session (password given, code not yet) or an enrolment in progress is not a session.
  if (found.session.stage !== 'active') throw redirect(staffLoginUrl(request), { headers });
  const { db } = await app();
  const account = await findStaffById(db, found.session.staffId);
  if (!account || account.disabledAt !== null || account.enrolledAt === null) {
    await db.deleteFrom('staff_sessions').where('id_hash', '=', found.session.idHash).execute();
    throw await signIn(false);
  }
  const user: StaffUser = {
    id: account.id,
    username: account.username,
    displayName: account.displayName,
    role: account.role,
  };
  if (role && !staffCan(user, role)) {
    // Recorded with the path's pattern only (no query string, no member number or id) and the address.
    await audit('staff_refused', {
      actor: user.username,
      detail: `${request.method} ${auditPathPattern(new URL(request.url).pathname)}; role=${user.role}; needs=${role}`,
    });
    throw json({ message: STAFF_MESSAGES.forbiddenTitle }, { status: 403, headers });
  }
  return user;
}

/** Pages whose forms are kept when posted after the session ended, and given back after signing in again. */
const KEPT_FORM_PATH = /^\/staff\/content\/(new|[1-9]\d{0,9})$/;

/**
 * Keep the text fields of a content form posted after `staffId`'s session ended (files are not kept:
 * the page asks for them again). Answers the kept-form cookie, or null when nothing was kept.
 */
async function keepPostedForm(request: Request, staffId: number): Promise<string | null> {
  const { pathname } = new URL(request.url);
  if (!KEPT_FORM_PATH.test(pathname)) return null;
  const type = (request.headers.get('Content-Type') ?? '').split(';', 1)[0]?.trim().toLowerCase();
  if (type !== 'multipart/form-data') return null;
  const { db } = await app();
  const upload = await readContentUpload(request, { bodyMaxBytes: contentUploadCeiling(env().PHOTO_MAX_BYTES) });
  if (!upload.fields.size) return null;
  return keepForm(db, request, { staffId, path: pathname, fields: keepableFields(upload.fields) });
}

/** What a staff audit row's detail says about the target and the reason (each cut, without control characters). */
export function staffAuditDetail(detail: { target?: string; reason?: string } = {}): string | null {
  const clean = (text: string) => text.replace(/[\u0000-\u001f\u007f]/g, ' ').slice(0, 500);
  const parts: string[] = [];
  if (detail.target) parts.push(`target=${clean(detail.target)}`);
  if (detail.reason) parts.push(`reason=${clean(detail.reason)}`);
  return parts.length ? parts.join('; ') : null;
}

/**
 * One audit event per staff action (who, what, member, target, reason); searchable by admins. The
 * event is recorded as `staff_<event>` (an event already starting with `staff_` as it is).
 */
export async function staffAudit(
  request: Request,
  user: StaffUser,
  event: string,
  detail?: { membershipNo?: string; target?: string; reason?: string },
): Promise<void> {
  void request;
  const type = event.startsWith('staff_') ? (event as `staff_${string}`) : (`staff_${event}` as const);
  await audit(type, {
    actor: user.username,
    membershipNo: detail?.membershipNo ?? null,
    detail: staffAuditDetail(detail),
  });
}

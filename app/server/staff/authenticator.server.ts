import { Authenticator } from 'remix-auth';
import { FormStrategy } from 'remix-auth-form';

import { PASSWORD_MAX } from '~/lib/forms/password-rules';
import { STAFF_MESSAGES as M } from '~/lib/staff';

import { audit } from '../audit.server';
import { formText } from './form.server';
import { pendingCodeStep, staffCodeStep, staffPasswordStep } from './login.server';
import { endStaffSession } from './session.server';

/**
 * The staff's way in (ADR 059, 108): one remix-auth `Authenticator` for the audience, with one
 * `FormStrategy` for the sign-in form of /staff/login. The form has steps — the password, then the
 * code from the authenticator app (the second factor), or beginning again — told apart by its posted
 * `intent`; the strategy reads the form once and `verify` takes the step it names. The second factor
 * is a step of this strategy rather than a strategy of its own: choosing a strategy by the intent
 * would mean reading the form before the strategy does.
 */

/** The sign-in form of /staff/login, all of its steps. */
export const STAFF_FORM = 'staff-form';

/** Where a refusal puts the form: the step shown again, the field in error, the words. */
export interface StaffRefusal {
  step: 'password' | 'code';
  field?: string;
  error: string;
}

export type StaffSignIn =
  /** The code was right: a session (with a new id) for the staff member, and where they were going. */
  | { kind: 'signed-in'; staff: { id: number; username: string }; setCookie: string; redirectTo: string }
  /** The password was right: a half-session; the code step comes next. */
  | { kind: 'code-next'; setCookie: string }
  /** Began again: the half-session ended; the password step comes next. */
  | { kind: 'restarted'; setCookie: string }
  | { kind: 'refused'; status: 400 | 401 | 429; refusal: StaffRefusal };

/**
 * The staff's authenticator for one request. The strategy closes over the client address the edge
 * put in the load context (the rate limits and the audit log want it): `authenticate()` hands the
 * strategy a copy of the request, so nothing keyed by the route's request would reach `verify`.
 */
export function staffAuthenticator(clientAddress: string | null): Authenticator<StaffSignIn> {
  return new Authenticator<StaffSignIn>().use(
    new FormStrategy(({ form, request }) => verifyStaffForm(form, request, clientAddress)),
    STAFF_FORM,
  );
}

const refused = (status: 400 | 401 | 429, refusal: StaffRefusal): StaffSignIn => ({ kind: 'refused', status, refusal });

async function verifyStaffForm(form: FormData, request: Request, ip: string | null): Promise<StaffSignIn> {
  const intent = formText(form, 'intent', 20);

  if (intent === 'restart') {
    const pending = await pendingCodeStep(request);
    const setCookie = await endStaffSession(request);
    if (pending) await audit('staff_code_abandoned', { ip });
    return { kind: 'restarted', setCookie };
  }

  if (intent === 'code') {
    const outcome = await staffCodeStep(request, formText(form, 'code', 64), ip);
    if (outcome.ok) {
      return { kind: 'signed-in', staff: outcome.staff, setCookie: outcome.setCookie, redirectTo: outcome.redirectTo };
    }
    switch (outcome.reason) {
      case 'restart':
        return refused(401, { step: 'password', error: M.codeExpired });
      case 'locked':
        return refused(429, { step: 'code', field: 'staff-code', error: M.locked(outcome.minutes) });
      case 'required':
        return refused(400, { step: 'code', field: 'staff-code', error: M.codeRequired });
      default:
        return refused(401, { step: 'code', field: 'staff-code', error: M.codeWrong });
    }
  }

  // The password step (any other intent, as a form posted without one).
  const username = formText(form, 'username', 64);
  const password = formText(form, 'password', PASSWORD_MAX * 4);
  if (!username.trim() || !password) return refused(400, { step: 'password', error: M.loginRequired });
  const outcome = await staffPasswordStep(
    request,
    { username, password, redirectTo: formText(form, 'redirectTo', 2000) },
    ip,
  );
  if (!outcome.ok) {
    return outcome.reason === 'locked'
      ? refused(429, { step: 'password', error: M.locked(outcome.minutes) })
      : refused(401, { step: 'password', field: 'staff-password', error: M.loginInvalid });
  }
  return { kind: 'code-next', setCookie: outcome.setCookie };
}

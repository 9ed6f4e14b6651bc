import type { SubmissionResult } from '@conform-to/react';
import { parseWithZod } from '@conform-to/zod/v4';
import { Authenticator } from 'remix-auth';
import { FormStrategy } from 'remix-auth-form';

import { LOGIN_MESSAGES, LoginSchema } from '~/lib/forms/login';
import { SecondFactorCodeSchema } from '~/lib/forms/second-factor-code';
import { DISK_FULL_MESSAGE } from '~/lib/messages';

import { isUnavailable } from '../coop/unavailable.server';
import { env } from '../env.server';
import { isDiskFull, reportDiskFull } from '../ops/disk-full.server';
import { impersonate, login, type LoginOutcome } from './auth.server';
import { ImpersonationLinkStrategy } from './impersonation-strategy.server';
import { completeSecondFactor } from './second-factor.server';

/**
 * The members' ways in (ADR 108): one remix-auth `Authenticator` for the audience, with a strategy
 * per way — the login form (`FormStrategy`, which reads the posted form once and hands it to
 * `verify`), the code page after a right password (a second `FormStrategy`, ADR 040) and the staff
 * impersonation link (ADR 010). `authenticate()` answers what `verify`
 * returns: a member signed in (the session's cookie), or a refusal the route answers with.
 */

/** The login form of /member/logon. */
export const MEMBER_FORM = 'member-form';
/** The second factor's code form of /member/logon/verify. */
export const MEMBER_CODE = 'member-code';
/** The staff impersonation link of /member/impersonate. */
export const IMPERSONATION_LINK = 'impersonation-link';

export type MemberSignIn =
  | {
      ok: true;
      /** The member now signed in, and the staff member acting as them (the link), or null. */
      member: { membershipNo: string; actingStaff: string | null };
      /**
       * The new session's cookie; with `secondFactor`, a half-session's (the code page comes next,
       * ADR 040); after the code, the half-session's cookie cleared too.
       */
      setCookies: string[];
      secondFactor: boolean;
      /** Where the form asked to go next (not yet made safe: the route does that). */
      redirectTo: string | undefined;
    }
  | {
      ok: false;
      status: 400 | 401 | 403 | 429 | 503;
      /** What the form shows again (its errors, the number typed, never a password or code); none for a link. */
      form?: { result: SubmissionResult<string[]>; resetRequired: boolean };
      /** The code page's half-session is gone (expired, ended, too many wrong codes): sign in again, told why. */
      restart?: { message: string; setCookie: string };
    };

/**
 * The members' authenticator for one request. The strategies close over the client address the edge
 * put in the load context (the rate limits and the audit log want it): `authenticate()` hands the
 * strategy a copy of the request, so nothing keyed by the route's request would reach `verify`.
 */
export function memberAuthenticator(clientAddress: string | null): Authenticator<MemberSignIn> {
  return new Authenticator<MemberSignIn>()
    .use(new FormStrategy(({ form, request }) => verifyLoginForm(form, request, clientAddress)), MEMBER_FORM)
    .use(new FormStrategy(({ form, request }) => verifyCodeForm(form, request, clientAddress)), MEMBER_CODE)
    .use(
      new ImpersonationLinkStrategy(({ token, request }) => verifyLink(token, request, clientAddress)),
      IMPERSONATION_LINK,
    );
}

/**
 * The login form, read once by the strategy: validated by the route's schema (the number padded
 * first), then `login()` reserves the attempt against the rate limits (ADR 036), asks the backend and
 * starts the session. Errors go back to the form without the password.
 */
async function verifyLoginForm(form: FormData, request: Request, clientAddress: string | null): Promise<MemberSignIn> {
  const submission = parseWithZod(form, { schema: LoginSchema });
  if (submission.status !== 'success') {
    return {
      ok: false,
      status: 400,
      form: { result: submission.reply({ hideFields: ['password'] }), resetRequired: false },
    };
  }
  let outcome: LoginOutcome;
  try {
    outcome = await login(request, submission.value, clientAddress);
  } catch (error) {
    // The core could not answer: say so on the form, keeping the number typed (never the password).
    // Login is never retried (ADR 018), so nothing reaches the core twice. A session that could not be
    // stored for a full disk is said as that (ADR 098).
    if (isDiskFull(error)) reportDiskFull('sign-in', error);
    else if (!isUnavailable(error)) throw error;
    const message = isDiskFull(error) ? DISK_FULL_MESSAGE : LOGIN_MESSAGES.unavailable;
    outcome = { ok: false, status: 503, message };
  }
  if (!outcome.ok) {
    return {
      ok: false,
      status: outcome.status,
      form: {
        result: submission.reply({ formErrors: [outcome.message], hideFields: ['password'] }),
        resetRequired: Boolean(outcome.resetRequired),
      },
    };
  }
  return {
    ok: true,
    member: { membershipNo: outcome.membershipNo, actingStaff: null },
    setCookies: [outcome.setCookie],
    secondFactor: Boolean(outcome.secondFactor),
    redirectTo: submission.value.redirectTo,
  };
}

/**
 * The code page's form, read once by the strategy and validated by the route's schema; then
 * `completeSecondFactor()` checks the half-session first (gone: sign in again, whatever was typed),
 * then the code under its limits, and turns the half-session into a session. An empty code is
 * answered there, after the half-session's check, so the order of the answers is the page's own.
 * The code typed is never sent back.
 */
async function verifyCodeForm(form: FormData, request: Request, clientAddress: string | null): Promise<MemberSignIn> {
  const submission = parseWithZod(form, { schema: SecondFactorCodeSchema });
  const code = submission.status === 'success' ? submission.value.code : '';
  const outcome = await completeSecondFactor(request, code, clientAddress);
  if (outcome.ok) {
    return {
      ok: true,
      member: { membershipNo: outcome.membershipNo, actingStaff: null },
      setCookies: outcome.setCookies,
      secondFactor: false,
      redirectTo: outcome.redirectTo ?? undefined,
    };
  }
  if ('restart' in outcome) {
    return { ok: false, status: 403, restart: { message: outcome.message, setCookie: outcome.setCookie } };
  }
  return {
    ok: false,
    status: outcome.status,
    form: {
      result: submission.reply({ fieldErrors: { code: [outcome.message] }, hideFields: ['code'] }),
      resetRequired: false,
    },
  };
}

/** The impersonation link's token: redeemed and a staff-acting session started, or refused (one answer for all). */
async function verifyLink(token: string, request: Request, clientAddress: string | null): Promise<MemberSignIn> {
  const outcome = await impersonate(request, token, env().IMPERSONATION_SECRET, clientAddress);
  if (!outcome.ok) return { ok: false, status: 403 };
  return {
    ok: true,
    member: { membershipNo: outcome.membershipNo, actingStaff: outcome.actingStaff },
    setCookies: [outcome.setCookie],
    secondFactor: false,
    redirectTo: undefined,
  };
}

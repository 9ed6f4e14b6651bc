import { parseWithZod } from '@conform-to/zod/v4';
import type { ActionFunctionArgs } from '@remix-run/node';
import { json, redirect } from '@remix-run/node';

import { app } from './app.server';
import { audit } from './audit.server';
import { env } from './env.server';
import { isUnavailable } from './coop/unavailable.server';
import { setFlash } from './flash.server';
import { LONG_NOTICE_MS } from '~/components/notices';
import { passwordPolicyError } from './password-policy.server';
import { hit } from './rate-limit.server';
import { LOGIN_MESSAGES } from '~/lib/forms/login';
import { REGISTER_MESSAGES, registerSchema, type RegisterMode } from '~/lib/forms/register';

/** Identity checks (register and forget share the counters) are counted over this window. */
const IDENTITY_WINDOW_MS = 15 * 60_000;

const NO_STORE = { 'Cache-Control': 'private, no-store' } as const;
/** The passwords typed are never sent back. */
const HIDDEN: ['password', 'confirmPassword'] = ['password', 'confirmPassword'];

/** GET of /member/register, /member/registerauth and /member/forget. */
export function registerLoader(mode: RegisterMode) {
  return json({ mode }, { headers: NO_STORE });
}

/**
 * POST of the shared register / forgotten-password screen: validate, rate-limit, apply the server
 * password policy, then ask the backend. Success goes to the login page with the backend's message.
 */
export async function registerAction(mode: RegisterMode, { request, context }: ActionFunctionArgs) {
  const formData = await request.formData();
  const submission = parseWithZod(formData, { schema: registerSchema(mode) });
  const fail = (status: number, result: ReturnType<typeof submission.reply>) => {
    context.formErrors = true;
    return json({ result, attempt: Date.now() }, { status, headers: NO_STORE });
  };
  if (submission.status !== 'success') return fail(400, submission.reply({ hideFields: HIDDEN }));
  const { membershipNo, nationalId, firstName, lastName, birthDate, password } = submission.value;

  // Every well-formed attempt counts, successful or not: guessing someone's identity is slow.
  const now = Date.now();
  const limits = env();
  const [byAddress, byMember] = await Promise.all([
    hit(`identity:address:${context.clientAddress ?? 'unknown'}`, IDENTITY_WINDOW_MS, now),
    hit(`identity:member:${membershipNo}`, IDENTITY_WINDOW_MS, now),
  ]);
  const blockedUntil = Math.max(
    byAddress.count > limits.IDENTITY_MAX_PER_ADDRESS ? byAddress.resetAt : 0,
    byMember.count > limits.IDENTITY_MAX_PER_MEMBER ? byMember.resetAt : 0,
  );
  if (blockedUntil > now) {
    await audit(`${mode}_failure`, { membershipNo, ip: context.clientAddress, detail: 'rate_limited' });
    const minutes = Math.max(1, Math.ceil((blockedUntil - now) / 60_000));
    return fail(429, submission.reply({ formErrors: [REGISTER_MESSAGES.tooMany(minutes)], hideFields: HIDDEN }));
  }

  const policy = await passwordPolicyError(password, { membershipNo, firstName, lastName, birthDate });
  if (policy) return fail(400, submission.reply({ fieldErrors: { password: [policy] }, hideFields: HIDDEN }));

  const { backend } = await app();
  const input = { membershipNo, nationalId, firstName, lastName, birthDate, password };
  const meta = { ip: context.clientAddress, userAgent: request.headers.get('user-agent') };
  let outcome;
  try {
    outcome =
      mode === 'register'
        ? await backend.registerMember(input, meta)
        : await backend.resetForgottenPassword(input, meta);
  } catch (error) {
    // The backend could not answer: say so on the form, keeping what was typed.
    if (!isUnavailable(error)) throw error;
    return fail(503, submission.reply({ formErrors: [LOGIN_MESSAGES.unavailable], hideFields: HIDDEN }));
  }
  if (!outcome.ok) {
    // The backend's messages carry no secret (at most the number typed); they say why for the audit trail.
    const detail = outcome.errors.join('; ').slice(0, 300);
    await audit(`${mode}_failure`, { membershipNo, ip: context.clientAddress, detail });
    return fail(400, submission.reply({ formErrors: outcome.errors, hideFields: HIDDEN }));
  }
  await audit(`${mode}_success`, { membershipNo, ip: context.clientAddress });

  return redirect('/member/logon', {
    headers: {
      ...NO_STORE,
      'Set-Cookie': await setFlash({ kind: 'success', text: outcome.message, durationMs: LONG_NOTICE_MS }),
    },
  });
}

import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from '@remix-run/node';
import { json, redirect } from '@remix-run/node';
import { Form, useActionData, useLoaderData } from '@remix-run/react';

import { AuthCard } from '~/components/auth-card';
import { ErrorSummary } from '~/components/error-summary';
import { CodeField, StaffField, SubmitButton } from '~/components/staff/fields';
import { titleFor } from '~/lib/meta';
import { STAFF_MESSAGES as M } from '~/lib/staff';
import { audit } from '~/server/audit.server';
import { formText, NO_STORE } from '~/server/staff/form.server';
import { pendingCodeStep, staffCodeStep, staffPasswordStep } from '~/server/staff/login.server';
import { endStaffSession, lookupStaffSession } from '~/server/staff/session.server';
import { PASSWORD_MAX } from '~/lib/forms/password-rules';

/**
 * Staff sign-in (ADR 059): username and password, then the code from the authenticator app (or a
 * recovery code). Plain forms; the same words for every refusal of the password step.
 */
export async function loader({ request }: LoaderFunctionArgs) {
  const found = await lookupStaffSession(request);
  if (found.status === 'found' && found.session.stage === 'active') throw redirect('/staff', { headers: NO_STORE });
  const redirectTo = new URL(request.url).searchParams.get('redirectTo')?.slice(0, 2000) ?? '';
  const step = found.status === 'found' && found.session.stage === 'code' ? 'code' : 'password';
  return json({ step, redirectTo }, { headers: NO_STORE });
}

type Failure = { step: 'password' | 'code'; field?: string; error: string; attempt: number };

export async function action({ request, context }: ActionFunctionArgs) {
  const form = await request.formData();
  const intent = formText(form, 'intent', 20);
  const ip = context.clientAddress;
  const fail = (status: number, failure: Omit<Failure, 'attempt'>) => {
    context.formErrors = true;
    return json({ ...failure, attempt: Date.now() } as Failure, { status, headers: NO_STORE });
  };

  if (intent === 'restart') {
    const pending = await pendingCodeStep(request);
    const setCookie = await endStaffSession(request);
    if (pending) await audit('staff_code_abandoned', { ip });
    return redirect('/staff/login', { headers: { ...NO_STORE, 'Set-Cookie': setCookie } });
  }

  if (intent === 'code') {
    const outcome = await staffCodeStep(request, formText(form, 'code', 64), ip);
    if (outcome.ok) {
      return redirect(outcome.redirectTo, { headers: { ...NO_STORE, 'Set-Cookie': outcome.setCookie } });
    }
    switch (outcome.reason) {
      case 'restart':
        return fail(401, { step: 'password', error: M.codeExpired });
      case 'locked':
        return fail(429, { step: 'code', field: 'staff-code', error: M.locked(outcome.minutes) });
      case 'required':
        return fail(400, { step: 'code', field: 'staff-code', error: M.codeRequired });
      default:
        return fail(401, { step: 'code', field: 'staff-code', error: M.codeWrong });
    }
  }

  const username = formText(form, 'username', 64);
  const password = formText(form, 'password', PASSWORD_MAX * 4);
  if (!username.trim() || !password) return fail(400, { step: 'password', error: M.loginRequired });
  const outcome = await staffPasswordStep(
    request,
    { username, password, redirectTo: formText(form, 'redirectTo', 2000) },
    ip,
  );
  if (!outcome.ok) {
    return outcome.reason === 'locked'
      ? fail(429, { step: 'password', error: M.locked(outcome.minutes) })
      : fail(401, { step: 'password', field: 'staff-password', error: M.loginInvalid });
  }
  return redirect('/staff/login', { headers: { ...NO_STORE, 'Set-Cookie': outcome.setCookie } });
}

export const meta: MetaFunction<typeof loader> = (args) => [
  titleFor(args, args.data?.step === 'code' ? M.codeTitle : M.loginTitle),
];

export default function StaffLoginPage() {
  const { step: loadedStep, redirectTo } = useLoaderData<typeof loader>();
  const failed = useActionData<typeof action>() as Failure | undefined;
  const step = failed?.step ?? loadedStep;
  const items = failed ? [{ fieldId: failed.field, message: failed.error }] : [];
  return (
    <AuthCard title={step === 'code' ? M.codeTitle : M.loginTitle}>
      <ErrorSummary key={failed?.attempt ?? 0} items={items} />
      {step === 'code' ? (
        <>
          <p>กรอกรหัส 6 หลักจากแอปยืนยันตัวตน หรือรหัสสำรองหนึ่งรหัส</p>
          <Form method="post" className="stack" noValidate>
            <CodeField
              id="staff-code"
              label="รหัสยืนยันตัวตน"
              error={failed?.field === 'staff-code' ? failed.error : undefined}
            />
            <SubmitButton intent="code">ยืนยัน</SubmitButton>
          </Form>
          <Form method="post">
            <SubmitButton intent="restart" secondary>
              เริ่มเข้าสู่ระบบใหม่
            </SubmitButton>
          </Form>
        </>
      ) : (
        <Form method="post" className="stack" noValidate>
          <input type="hidden" name="redirectTo" value={redirectTo} />
          <StaffField
            id="staff-username"
            name="username"
            label="ชื่อผู้ใช้"
            type="text"
            autoComplete="username"
            autoCapitalize="off"
            spellCheck={false}
            maxLength={64}
            required
          />
          <StaffField
            // A new element after each failed attempt, so the password typed is never kept.
            key={`password-${failed?.attempt ?? 0}`}
            id="staff-password"
            name="password"
            label="รหัสผ่าน"
            type="password"
            autoComplete="current-password"
            required
          />
          <SubmitButton intent="password">เข้าสู่ระบบ</SubmitButton>
        </Form>
      )}
      <p className="auth-card__back">
        <a href="/home">กลับสู่หน้าหลัก</a>
      </p>
    </AuthCard>
  );
}

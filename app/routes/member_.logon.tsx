import { getFormProps, useForm } from '@conform-to/react';
import { getZodConstraint, parseWithZod } from '@conform-to/zod/v4';
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from '@remix-run/node';
import { json, redirect } from '@remix-run/node';
import { Form, Link, useActionData, useLoaderData, useNavigation } from '@remix-run/react';
import { useState } from 'react';

import { ErrorSummary, Field, MembershipNoField, summaryItems } from '~/components/forms';
import { LOGIN_MESSAGES, LoginSchema } from '~/lib/forms/login';
import { useHydrated } from '~/lib/hooks';
import { AuthCard } from '~/components/auth-card';
import { titleFor } from '~/lib/meta';
import { safeRedirect } from '~/lib/safe-redirect';
import { login, optionalMember } from '~/server/auth/auth.server';
import { isUnavailable } from '~/server/coop/unavailable.server';
import { setFlash } from '~/server/flash.server';
import type { RouteHandle } from '~/root';

export const handle: RouteHandle = { hydrate: true };

export async function loader({ request }: LoaderFunctionArgs) {
  const session = await optionalMember(request);
  const redirectTo = new URL(request.url).searchParams.get('redirectTo') ?? '';
  return json({ loggedIn: Boolean(session), redirectTo, continueTo: safeRedirect(redirectTo) });
}

export async function action({ request, context }: ActionFunctionArgs) {
  const formData = await request.clone().formData();
  const submission = parseWithZod(formData, { schema: LoginSchema });
  if (submission.status !== 'success') {
    context.formErrors = true;
    return json(
      { result: submission.reply({ hideFields: ['password'] }), resetRequired: false, attempt: Date.now() },
      { status: 400 },
    );
  }
  let outcome;
  try {
    outcome = await login(request, submission.value, context.clientAddress);
  } catch (error) {
    // The core could not answer: say so on the form, keeping the number typed (never the password).
    // Login is never retried (ADR 018), so nothing reaches the core twice.
    if (!isUnavailable(error)) throw error;
    outcome = { ok: false as const, status: 503 as const, message: LOGIN_MESSAGES.unavailable };
  }
  if (!outcome.ok) {
    context.formErrors = true;
    return json(
      {
        result: submission.reply({ formErrors: [outcome.message], hideFields: ['password'] }),
        resetRequired: Boolean(outcome.resetRequired),
        attempt: Date.now(),
      },
      { status: outcome.status },
    );
  }
  const headers = new Headers();
  headers.append('Set-Cookie', outcome.setCookie);
  // The password was right and the member has a second factor: the code page (ADR 040).
  if (outcome.secondFactor) return redirect('/member/logon/verify', { headers });
  headers.append('Set-Cookie', await setFlash({ kind: 'success', text: LOGIN_MESSAGES.success }));
  return redirect(safeRedirect(submission.value.redirectTo), { headers });
}

export default function LogonPage() {
  const { loggedIn, redirectTo, continueTo } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const navigation = useNavigation();
  const hydrated = useHydrated();
  const [showPassword, setShowPassword] = useState(false);
  const submitting = navigation.state === 'submitting' && navigation.formAction?.startsWith('/member/logon');

  const [form, fields] = useForm({
    id: 'login',
    lastResult: actionData?.result,
    constraint: getZodConstraint(LoginSchema),
    shouldValidate: 'onBlur',
    shouldRevalidate: 'onInput',
    defaultValue: { redirectTo },
    onValidate: ({ formData }) => parseWithZod(formData, { schema: LoginSchema }),
  });

  return (
    <AuthCard title={'เข้าสู่ระบบสมาชิก'}>
      {loggedIn ? (
        <>
          <p>คุณเข้าสู่ระบบอยู่แล้ว</p>
          <p>
            <Link className="button button--block" to={continueTo}>
              ปิดหน้าต่าง
            </Link>
          </p>
        </>
      ) : (
        <>
          <ErrorSummary items={summaryItems([fields.membershipNo, fields.password], form.errors)} />
          {actionData?.resetRequired ? (
            <p className="callout">
              <Link to="/member/forget">ตั้งรหัสผ่านใหม่</Link>
            </p>
          ) : null}
          <Form method="post" {...getFormProps(form)} className="stack">
            <input type="hidden" name={fields.redirectTo.name} value={redirectTo} />
            <MembershipNoField meta={fields.membershipNo} />
            <Field
              // A new element after each failed attempt, so the password typed is never kept.
              key={`password-${actionData?.attempt ?? 0}`}
              meta={fields.password}
              label="รหัสผ่าน"
              type={showPassword ? 'text' : 'password'}
              inputProps={{ autoComplete: 'current-password', maxLength: undefined, minLength: undefined }}
              after={
                hydrated ? (
                  <button
                    type="button"
                    className="field__toggle"
                    aria-pressed={showPassword}
                    aria-controls={fields.password.id}
                    onClick={() => setShowPassword((v) => !v)}
                  >
                    {showPassword ? 'ซ่อนรหัสผ่าน' : 'แสดงรหัสผ่าน'}
                  </button>
                ) : null
              }
            />
            <div className="checkbox">
              <input id="login-remember" type="checkbox" name={fields.remember.name} defaultChecked={false} />
              <label htmlFor="login-remember">จดจำการเข้าสู่ระบบ (30 วัน)</label>
            </div>
            <button
              type="submit"
              className="button button--block"
              aria-busy={submitting || undefined}
              disabled={submitting}
            >
              {submitting ? <span className="spinner" aria-hidden="true" /> : null}
              เข้าสู่ระบบ
            </button>
            {submitting ? (
              <p className="visually-hidden" role="status">
                กำลังเข้าสู่ระบบ…
              </p>
            ) : null}
          </Form>
          <ul className="auth-card__links">
            <li>
              <Link to="/member/register">เข้าใช้งานครั้งแรก (ลงทะเบียน)</Link>
            </li>
            <li>
              <Link to="/member/forget">ลืมรหัสผ่าน</Link>
            </li>
          </ul>
        </>
      )}
      <p className="auth-card__back">
        <a href="/home">กลับสู่หน้าหลัก</a>
      </p>
    </AuthCard>
  );
}

export const meta: MetaFunction = (args) => [titleFor(args, 'เข้าสู่ระบบสมาชิก')];

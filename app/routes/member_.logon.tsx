import { getFormProps, useForm } from '@conform-to/react';
import { getZodConstraint } from '@conform-to/zod/v4';
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from '@remix-run/node';
import { json, redirect } from '@remix-run/node';
import { Form, Link, useActionData, useLoaderData } from '@remix-run/react';
import type * as z from 'zod';

import { MemberScript } from '~/components/member-script';
import { ERROR_SUMMARY_TITLE, ErrorSummary, MembershipNoField, summaryItems } from '~/components/forms';
import { PasswordField } from '~/components/password-field';
import { LOGIN_RULES } from '~/lib/forms/client-rules';
import { LOGIN_MESSAGES, LoginSchema } from '~/lib/forms/login';
import { AuthCard } from '~/components/auth-card';
import { ERROR_PREFIX, titleFor } from '~/lib/meta';
import { safeRedirect } from '~/lib/safe-redirect';
import { optionalMember } from '~/server/auth/auth.server';
import { MEMBER_FORM, memberAuthenticator } from '~/server/auth/authenticator.server';
import { setFlash } from '~/server/flash.server';
import { memberScriptSrc } from '~/server/http/enhance.server';
import type { RouteHandle } from '~/root';

// No hydration: a server-rendered form and one small script (ADR 068).
export const handle: RouteHandle = { memberStyles: true };

export async function loader({ request }: LoaderFunctionArgs) {
  const session = await optionalMember(request);
  const redirectTo = new URL(request.url).searchParams.get('redirectTo') ?? '';
  return json({
    loggedIn: Boolean(session),
    redirectTo,
    continueTo: safeRedirect(redirectTo),
    memberScript: memberScriptSrc(),
  });
}

export async function action({ request, context }: ActionFunctionArgs) {
  // The members' form strategy reads the form, once (bounded at the edge, ADR 035), validates it,
  // reserves the attempt and asks the backend (ADR 108); this action does not read the body.
  const outcome = await memberAuthenticator(context.clientAddress).authenticate(MEMBER_FORM, request);
  if (!outcome.ok) {
    context.formErrors = true;
    return json(
      { result: outcome.form?.result, resetRequired: Boolean(outcome.form?.resetRequired), attempt: Date.now() },
      { status: outcome.status },
    );
  }
  const headers = new Headers();
  for (const cookie of outcome.setCookies) headers.append('Set-Cookie', cookie);
  // The password was right and the member has a second factor: the code page (ADR 040).
  if (outcome.secondFactor) return redirect('/member/logon/verify', { headers });
  headers.append('Set-Cookie', await setFlash({ kind: 'success', text: LOGIN_MESSAGES.success }));
  return redirect(safeRedirect(outcome.redirectTo), { headers });
}

export default function LogonPage() {
  const { loggedIn, redirectTo, continueTo, memberScript } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();

  const [form, fields] = useForm<z.input<typeof LoginSchema>>({
    id: 'login',
    lastResult: actionData?.result,
    constraint: getZodConstraint(LoginSchema),
    defaultValue: { redirectTo },
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
          <ErrorSummary
            // A wrong number or password links to the password field, where the member tries again.
            items={summaryItems([fields.membershipNo, fields.password], form.errors).map((item) =>
              item.message === LOGIN_MESSAGES.invalid ? { ...item, fieldId: fields.password.id } : item,
            )}
          />
          {actionData?.resetRequired ? (
            <p className="callout">
              <Link to="/member/forget">ตั้งรหัสผ่านใหม่</Link>
            </p>
          ) : null}
          <Form
            method="post"
            {...getFormProps(form)}
            className="stack"
            data-rules={JSON.stringify(LOGIN_RULES)}
            data-error-prefix={ERROR_PREFIX}
            data-summary-title={ERROR_SUMMARY_TITLE}
          >
            <input type="hidden" name={fields.redirectTo.name} value={redirectTo} />
            <MembershipNoField meta={fields.membershipNo} />
            <PasswordField
              // A new element after each failed attempt, so the password typed is never kept.
              key={`password-${actionData?.attempt ?? 0}`}
              meta={fields.password}
              label="รหัสผ่าน"
              autoComplete="current-password"
            />
            <div className="checkbox">
              <input id="login-remember" type="checkbox" name={fields.remember.name} defaultChecked={false} />
              <label htmlFor="login-remember">จดจำการเข้าสู่ระบบ (30 วัน)</label>
            </div>
            <button type="submit" className="button button--block" data-busy-label="กำลังเข้าสู่ระบบ…">
              เข้าสู่ระบบ
            </button>
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
      <MemberScript src={memberScript} />
    </AuthCard>
  );
}

export const meta: MetaFunction = (args) => [titleFor(args, 'เข้าสู่ระบบสมาชิก')];

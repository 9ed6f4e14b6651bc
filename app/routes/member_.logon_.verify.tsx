import { getFormProps, useForm } from '@conform-to/react';
import { getZodConstraint } from '@conform-to/zod/v4';
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from '@remix-run/node';
import { json, redirect } from '@remix-run/node';
import { Form, useActionData } from '@remix-run/react';
import type * as z from 'zod';

import { AuthCard } from '~/components/auth-card';
import { ErrorSummary } from '~/components/error-summary';
import { FieldShell } from '~/components/field-shell';
import { LOGIN_MESSAGES } from '~/lib/forms/login';
import { SECOND_FACTOR_MESSAGES as M } from '~/lib/forms/second-factor';
import { SecondFactorCodeSchema } from '~/lib/forms/second-factor-code';
import { titleFor } from '~/lib/meta';
import { safeRedirect } from '~/lib/safe-redirect';
import { setFlash } from '~/server/flash.server';
import { MEMBER_CODE, memberAuthenticator } from '~/server/auth/authenticator.server';
import { readChallenge } from '~/server/auth/second-factor.server';

const FIELD_ID = 'second-factor-code';

/** The code page after a right password (ADR 040): only with a live half-session, else back to the login. */
export async function loader({ request }: LoaderFunctionArgs) {
  if (!(await readChallenge(request))) {
    throw redirect('/member/logon', {
      headers: { 'Set-Cookie': await setFlash({ kind: 'error', text: M.expired }) },
    });
  }
  return json({});
}

export async function action({ request, context }: ActionFunctionArgs) {
  // The members' code strategy reads the form, once, validates it by the page's schema and completes
  // the sign-in (ADR 040, ADR 108); this action does not read the body.
  const outcome = await memberAuthenticator(context.clientAddress).authenticate(MEMBER_CODE, request);
  const headers = new Headers();
  if (outcome.ok) {
    for (const cookie of outcome.setCookies) headers.append('Set-Cookie', cookie);
    headers.append('Set-Cookie', await setFlash({ kind: 'success', text: LOGIN_MESSAGES.success }));
    return redirect(safeRedirect(outcome.redirectTo), { headers });
  }
  if (outcome.restart) {
    headers.append('Set-Cookie', outcome.restart.setCookie);
    headers.append('Set-Cookie', await setFlash({ kind: 'error', text: outcome.restart.message }));
    return redirect('/member/logon', { headers });
  }
  context.formErrors = true;
  return json({ result: outcome.form?.result, attempt: Date.now() }, { status: outcome.status });
}

export const meta: MetaFunction = (args) => [titleFor(args, M.verifyTitle)];

export default function SecondFactorPage() {
  const actionData = useActionData<typeof action>();
  const [form, fields] = useForm<z.input<typeof SecondFactorCodeSchema>>({
    id: 'second-factor',
    lastResult: actionData?.result,
    constraint: getZodConstraint(SecondFactorCodeSchema),
  });
  const error = fields.code.errors?.[0];
  return (
    <AuthCard title={M.verifyTitle}>
      <ErrorSummary key={actionData?.attempt ?? 0} items={error ? [{ fieldId: FIELD_ID, message: error }] : []} />
      <p>รหัสผ่านถูกต้อง บัญชีนี้เปิดใช้การยืนยันตัวตนสองขั้นตอน กรุณากรอกรหัสจากแอปยืนยันตัวตนบนโทรศัพท์ของท่าน</p>
      <Form method="post" {...getFormProps(form)} className="stack">
        <FieldShell id={FIELD_ID} label={M.codeLabel} hint={M.codeHint} error={error}>
          {(control) => (
            <input
              // A new element after each failed attempt, so the code typed is not kept.
              key={actionData?.attempt ?? 0}
              {...control}
              name={fields.code.name}
              type="text"
              inputMode="text"
              autoComplete="one-time-code"
              autoCapitalize="off"
              spellCheck={false}
              maxLength={40}
              required
            />
          )}
        </FieldShell>
        <button type="submit" className="button button--block">
          ยืนยัน
        </button>
      </Form>
      <ul className="auth-card__links">
        <li>
          <a href="/member/logon">ยกเลิกและกลับไปหน้าเข้าสู่ระบบ</a>
        </li>
      </ul>
    </AuthCard>
  );
}

import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from '@remix-run/node';
import { json, redirect } from '@remix-run/node';
import { Form, useActionData } from '@remix-run/react';

import { AuthCard } from '~/components/auth-card';
import { ErrorSummary } from '~/components/error-summary';
import { LOGIN_MESSAGES } from '~/lib/forms/login';
import { SECOND_FACTOR_MESSAGES as M } from '~/lib/forms/second-factor';
import { ERROR_PREFIX, titleFor } from '~/lib/meta';
import { safeRedirect } from '~/lib/safe-redirect';
import { setFlash } from '~/server/flash.server';
import { completeSecondFactor, readChallenge } from '~/server/auth/second-factor.server';

const FIELD_ID = 'second-factor-code';
/** A recovery code typed with spaces is under 40 characters; nothing longer is read. */
const CODE_MAX = 64;

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
  const form = await request.formData();
  const raw = form.get('code');
  const code = typeof raw === 'string' ? raw.slice(0, CODE_MAX) : '';
  const outcome = await completeSecondFactor(request, code, context.clientAddress);
  if (outcome.ok) {
    const headers = new Headers();
    for (const cookie of outcome.setCookies) headers.append('Set-Cookie', cookie);
    headers.append('Set-Cookie', await setFlash({ kind: 'success', text: LOGIN_MESSAGES.success }));
    return redirect(safeRedirect(outcome.redirectTo ?? undefined), { headers });
  }
  if ('restart' in outcome) {
    const headers = new Headers();
    headers.append('Set-Cookie', outcome.setCookie);
    headers.append('Set-Cookie', await setFlash({ kind: 'error', text: outcome.message }));
    return redirect('/member/logon', { headers });
  }
  context.formErrors = true;
  return json({ error: outcome.message, attempt: Date.now() }, { status: outcome.status });
}

export const meta: MetaFunction = (args) => [titleFor(args, M.verifyTitle)];

export default function SecondFactorPage() {
  const actionData = useActionData<typeof action>();
  const error = actionData?.error;
  const errorId = `${FIELD_ID}-error`;
  const hintId = `${FIELD_ID}-hint`;
  return (
    <AuthCard title={M.verifyTitle}>
      <ErrorSummary key={actionData?.attempt ?? 0} items={error ? [{ fieldId: FIELD_ID, message: error }] : []} />
      <p>รหัสผ่านถูกต้อง บัญชีนี้เปิดใช้การยืนยันตัวตนสองขั้นตอน กรุณากรอกรหัสจากแอปยืนยันตัวตนบนโทรศัพท์ของท่าน</p>
      <Form method="post" className="stack" noValidate>
        <div className={`field${error ? ' field--error' : ''}`}>
          <label htmlFor={FIELD_ID} className="field__label">
            {M.codeLabel}
          </label>
          <p id={hintId} className="field__hint">
            {M.codeHint}
          </p>
          <p id={errorId} className="field__error">
            {error ? (
              <>
                <span className="visually-hidden">{ERROR_PREFIX} </span>
                {error}
              </>
            ) : null}
          </p>
          <div className="field__control">
            <input
              // A new element after each failed attempt, so the code typed is not kept.
              key={actionData?.attempt ?? 0}
              id={FIELD_ID}
              name="code"
              type="text"
              inputMode="text"
              autoComplete="one-time-code"
              autoCapitalize="off"
              spellCheck={false}
              maxLength={40}
              required
              aria-invalid={error ? true : undefined}
              aria-describedby={error ? `${hintId} ${errorId}` : hintId}
            />
          </div>
        </div>
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

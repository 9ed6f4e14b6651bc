import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from '@remix-run/node';
import { json, redirect } from '@remix-run/node';
import { Form, useActionData, useLoaderData } from '@remix-run/react';

import { AuthCard } from '~/components/auth-card';
import { ErrorSummary } from '~/components/error-summary';
import { CodeField, StaffField, SubmitButton } from '~/components/staff/fields';
import { titleFor } from '~/lib/meta';
import { STAFF_MESSAGES as M } from '~/lib/staff';
import { STAFF_FORM, staffAuthenticator, type StaffRefusal } from '~/server/staff/authenticator.server';
import { lookupStaffSession } from '~/server/staff/session.server';
import { PRIVATE_NO_STORE } from '~/server/http/responses.server';
import { staffScriptSrc } from '~/server/http/enhance.server';
import { useNonce } from '~/nonce';

/**
 * Staff sign-in (ADR 059): username and password, then the code from the authenticator app (or a
 * recovery code). Plain forms; the same words for every refusal of the password step. Both steps go
 * through the staff's remix-auth form strategy (ADR 108).
 */
export async function loader({ request }: LoaderFunctionArgs) {
  const found = await lookupStaffSession(request);
  if (found.status === 'found' && found.session.stage === 'active')
    throw redirect('/staff', { headers: PRIVATE_NO_STORE });
  const redirectTo = new URL(request.url).searchParams.get('redirectTo')?.slice(0, 2000) ?? '';
  const step = found.status === 'found' && found.session.stage === 'code' ? 'code' : 'password';
  // The staff script says the notice this page arrived with (a sign-out's, an ended session's, ADR 112).
  return json({ step, redirectTo, script: staffScriptSrc() }, { headers: PRIVATE_NO_STORE });
}

type Failure = StaffRefusal & { attempt: number };

export async function action({ request, context }: ActionFunctionArgs) {
  // The staff's form strategy reads the form, once, and takes the step it names (ADR 108); this
  // action does not read the body.
  const outcome = await staffAuthenticator(context.clientAddress).authenticate(STAFF_FORM, request);
  switch (outcome.kind) {
    case 'refused':
      context.formErrors = true;
      return json({ ...outcome.refusal, attempt: Date.now() } as Failure, {
        status: outcome.status,
        headers: PRIVATE_NO_STORE,
      });
    case 'signed-in':
      return redirect(outcome.redirectTo, { headers: { ...PRIVATE_NO_STORE, 'Set-Cookie': outcome.setCookie } });
    default:
      // The password was right (the code step next), or the sign-in began again.
      return redirect('/staff/login', { headers: { ...PRIVATE_NO_STORE, 'Set-Cookie': outcome.setCookie } });
  }
}

export const meta: MetaFunction<typeof loader> = (args) => [
  titleFor(args, args.data?.step === 'code' ? M.codeTitle : M.loginTitle),
];

export default function StaffLoginPage() {
  const { step: loadedStep, redirectTo, script } = useLoaderData<typeof loader>();
  const nonce = useNonce();
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
      <script src={script} nonce={nonce} defer />
    </AuthCard>
  );
}

import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from '@remix-run/node';
import { json, redirect } from '@remix-run/node';
import { Form, useActionData, useLoaderData } from '@remix-run/react';

import { AuthCard } from '~/components/auth-card';
import { AuthenticatorSteps } from '~/components/authenticator-steps';
import { ErrorSummary } from '~/components/error-summary';
import { CodeField, NewPasswordFields, StaffFreshCodes, SubmitButton } from '~/components/staff/fields';
import { PASSWORD_MAX } from '~/lib/forms/password-rules';
import { titleFor } from '~/lib/meta';
import { STAFF_MESSAGES as M } from '~/lib/staff';
import { audit } from '~/server/audit.server';
import { setFlash } from '~/server/flash.server';
import { staffSubject } from '~/server/staff/accounts.server';
import { confirmEnrolment, enrolmentView, enrolPassword, enrolSession } from '~/server/staff/enrol.server';
import { formText } from '~/server/staff/form.server';
import { staffTotp } from '~/server/staff/login.server';
import { lookupStaffSession } from '~/server/staff/session.server';
import { staffStore } from '~/server/staff/store.server';
import { PRIVATE_NO_STORE } from '~/server/http/responses.server';

/**
 * A new staff account's enrolment from its one-time link (ADR 059): the password, then the
 * authenticator, then the recovery codes (shown once). Plain forms; the QR code is server-made SVG.
 */
export async function loader({ request }: LoaderFunctionArgs) {
  const token = new URL(request.url).searchParams.get('t')?.slice(0, 200) ?? '';
  const { own } = await staffStore();
  if (token) {
    const account = await own.accounts.findByEnrolToken(token);
    if (!account) return json({ step: 'invalid' as const }, { status: 410, headers: PRIVATE_NO_STORE });
    return json(
      { step: 'password' as const, token, username: account.username, displayName: account.displayName },
      { headers: PRIVATE_NO_STORE },
    );
  }
  const found = await lookupStaffSession(request);
  if (found.status === 'found' && found.session.stage === 'enrol') {
    const view = await enrolmentView(found.session);
    if (view) return json({ step: 'totp' as const, ...view }, { headers: PRIVATE_NO_STORE });
  }
  if (found.status === 'found' && found.session.stage === 'active') {
    const account = await own.accounts.findById(found.session.staffId);
    const codes = account
      ? await (await staffTotp()).revealedRecoveryCodes(staffSubject(account.id), found.session.idHash)
      : null;
    if (codes) return json({ step: 'codes' as const, codes }, { headers: PRIVATE_NO_STORE });
    throw redirect('/staff', { headers: PRIVATE_NO_STORE });
  }
  return json({ step: 'invalid' as const }, { status: 410, headers: PRIVATE_NO_STORE });
}

type Failure = { field?: string; error: string; attempt: number };

export async function action({ request, context }: ActionFunctionArgs) {
  const form = await request.formData();
  const intent = formText(form, 'intent', 20);
  const ip = context.clientAddress;
  const fail = (status: number, error: string, field?: string) => {
    context.formErrors = true;
    return json({ field, error, attempt: Date.now() } as Failure, { status, headers: PRIVATE_NO_STORE });
  };

  if (intent === 'password') {
    const token = formText(form, 't', 200);
    const outcome = await enrolPassword(
      request,
      {
        token,
        password: formText(form, 'password', PASSWORD_MAX * 4),
        confirm: formText(form, 'confirm', PASSWORD_MAX * 4),
      },
      ip,
    );
    if (outcome.ok)
      return redirect('/staff/enrol', { headers: { ...PRIVATE_NO_STORE, 'Set-Cookie': outcome.setCookie } });
    if (outcome.reason === 'link') return fail(410, M.enrolLinkInvalid);
    return fail(400, outcome.message, 'enrol-password');
  }

  if (intent === 'confirm') {
    const session = await enrolSession(request);
    if (!session) return fail(410, M.enrolLinkInvalid);
    const outcome = await confirmEnrolment(request, session, formText(form, 'code', 64), ip);
    if (outcome.ok)
      return redirect('/staff/enrol', { headers: { ...PRIVATE_NO_STORE, 'Set-Cookie': outcome.setCookie } });
    if (outcome.reason === 'locked') return fail(429, M.locked(outcome.minutes), 'enrol-code');
    return fail(400, outcome.reason === 'required' ? M.codeRequired : M.codeWrong, 'enrol-code');
  }

  if (intent === 'dismiss') {
    const found = await lookupStaffSession(request);
    if (found.status === 'found' && found.session.stage === 'active') {
      const { own } = await staffStore();
      const account = await own.accounts.findById(found.session.staffId);
      if (account) {
        await (await staffTotp()).dismissRecoveryCodes(staffSubject(account.id));
        await audit('staff_recovery_codes_kept', { actor: account.username, ip });
      }
      return redirect('/staff', {
        headers: { ...PRIVATE_NO_STORE, 'Set-Cookie': await setFlash({ kind: 'success', text: M.enrolled }) },
      });
    }
  }
  return fail(400, M.enrolLinkInvalid);
}

export const meta: MetaFunction = (args) => [titleFor(args, M.enrolTitle)];

export default function StaffEnrolPage() {
  const data = useLoaderData<typeof loader>();
  const failed = useActionData<typeof action>() as Failure | undefined;
  const items = failed ? [{ fieldId: failed.field, message: failed.error }] : [];
  const fieldError = (id: string) => (failed?.field === id ? failed.error : undefined);
  return (
    <AuthCard title={M.enrolTitle} wide={data.step === 'totp' || data.step === 'codes'}>
      <ErrorSummary key={failed?.attempt ?? 0} items={items} />
      {data.step === 'invalid' ? <p>{M.enrolLinkInvalid}</p> : null}
      {data.step === 'password' ? (
        <>
          <p>
            บัญชี <strong>{data.username}</strong> ({data.displayName}) ขั้นที่ 1 จาก 2: ตั้งรหัสผ่าน
          </p>
          <Form method="post" className="stack" noValidate>
            <input type="hidden" name="t" value={data.token} />
            <NewPasswordFields idPrefix="enrol" label="รหัสผ่าน" error={fieldError('enrol-password')} />
            <SubmitButton intent="password">ตั้งรหัสผ่าน</SubmitButton>
          </Form>
        </>
      ) : null}
      {data.step === 'totp' ? (
        <>
          <p>ขั้นที่ 2 จาก 2: ตั้งค่าแอปยืนยันตัวตน บัญชีเจ้าหน้าที่ทุกบัญชีต้องใช้รหัสจากแอปทุกครั้งที่เข้าสู่ระบบ</p>
          <AuthenticatorSteps
            qr={data.qr}
            secret={data.secret}
            otpauthUri={data.uri}
            qrClassName="security-qr staff-qr"
            secretClassName="staff-secret"
          />
          <Form method="post" className="stack" noValidate>
            <CodeField id="enrol-code" label="รหัส 6 หลักจากแอป" error={fieldError('enrol-code')} />
            <SubmitButton intent="confirm">ยืนยันและเปิดใช้งาน</SubmitButton>
          </Form>
        </>
      ) : null}
      {data.step === 'codes' ? (
        <StaffFreshCodes
          codes={data.codes}
          title="รหัสสำรองของท่าน"
          titleId="recovery-title"
          className="stack"
          intent="dismiss"
        />
      ) : null}
    </AuthCard>
  );
}

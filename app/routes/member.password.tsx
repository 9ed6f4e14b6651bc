import { getFormProps, useForm, type SubmissionResult } from '@conform-to/react';
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from '@remix-run/node';
import { json, redirect } from '@remix-run/node';
import { Form, useActionData, useLoaderData, useNavigation } from '@remix-run/react';
import { useMemo } from 'react';

import { ErrorSummary, Field, summaryItems } from '~/components/forms';
import type { ChangePasswordFields } from '~/lib/forms/password';
import { CHANGE_PASSWORD_CONSTRAINT, PASSWORD_MESSAGES, PASSWORD_MIN } from '~/lib/forms/password-rules';
import { IMPERSONATION_MESSAGES } from '~/lib/impersonation';
import { titleFor } from '~/lib/meta';
import { app } from '~/server/app.server';
import { refusedToStaff } from '~/server/audit.server';
import { requireMember } from '~/server/auth/auth.server';
import { setFlash } from '~/server/flash.server';
import { parsePasswordChange, passwordPolicyError } from '~/server/auth/password-policy.server';
import { IDEMPOTENCY_KEY_PATTERN, newIdempotencyKey } from '~/server/idempotency.server';
import { changeMemberPassword } from '~/server/auth/password-change.server';

/** The core did not answer the change in time: it may have been made (ADR 037). */
export const PASSWORD_OUTCOME_UNKNOWN =
  'ระบบสหกรณ์ไม่ตอบกลับภายในเวลาที่กำหนด จึงไม่ทราบว่ารหัสผ่านถูกเปลี่ยนแล้วหรือไม่ ' +
  'กรุณาตรวจสอบโดยออกจากระบบ แล้วเข้าสู่ระบบด้วยรหัสผ่านใหม่ หากเข้าสู่ระบบไม่ได้ ' +
  'ให้ใช้รหัสผ่านเดิม แล้วเปลี่ยนรหัสผ่านอีกครั้ง';
const FORM_EXPIRED = 'แบบฟอร์มหมดอายุ กรุณากรอกและส่งอีกครั้ง';
const tooMany = (minutes: number) => `ทำรายการหลายครั้งเกินไป กรุณาลองใหม่ในอีก ${minutes} นาที`;

export async function loader({ request, context }: LoaderFunctionArgs) {
  const member = await requireMember(request, context);
  // A fresh one-time key per rendering of the form: a resubmission of it changes nothing twice.
  return json({ acting: member.actingStaff !== null, formKey: newIdempotencyKey() });
}

export async function action({ request, context }: ActionFunctionArgs) {
  const member = await requireMember(request, context);
  // The password is the member's alone (ADR 010).
  if (await refusedToStaff(member, context.clientAddress, 'change_password')) {
    return json({ blocked: true as const }, { status: 403 });
  }
  const formData = await request.formData();
  const submission = parsePasswordChange(formData);
  const fail = (reply: ReturnType<typeof submission.reply>, status: number) => {
    context.formErrors = true;
    return json({ result: reply, attempt: Date.now() }, { status });
  };
  const hide = { hideFields: ['currentPassword', 'newPassword', 'confirmPassword'] };
  if (submission.status !== 'success') return fail(submission.reply(hide), 400);
  const formKey = formData.get('formKey');
  if (typeof formKey !== 'string' || !IDEMPOTENCY_KEY_PATTERN.test(formKey)) {
    // A form from before this page carried a key (or a tampered one): ask for a fresh submission.
    return fail(submission.reply({ ...hide, formErrors: [FORM_EXPIRED] }), 400);
  }

  const { currentPassword, newPassword, signOutOthers } = submission.value;
  const { backend } = await app();
  // The member's names and birth date are words a password must not contain.
  const profile = await backend.getMemberProfile(member.credentials);
  const policy = await passwordPolicyError(newPassword, profile);
  if (policy) return fail(submission.reply({ ...hide, fieldErrors: { newPassword: [policy] } }), 400);

  const outcome = await changeMemberPassword(
    member,
    { currentPassword, newPassword, signOutOthers: Boolean(signOutOthers) },
    formKey,
    context.clientAddress,
  );
  switch (outcome.kind) {
    case 'locked':
      return fail(submission.reply({ ...hide, formErrors: [tooMany(outcome.minutes)] }), 429);
    case 'wrong_current':
      return fail(
        submission.reply({ ...hide, fieldErrors: { currentPassword: [PASSWORD_MESSAGES.wrongCurrent] } }),
        400,
      );
    case 'unknown':
      return fail(submission.reply({ ...hide, formErrors: [PASSWORD_OUTCOME_UNKNOWN] }), 503);
    case 'changed':
    case 'replayed':
      return redirect('/member/password', {
        status: 303,
        headers: { 'Set-Cookie': await setFlash({ kind: 'success', text: PASSWORD_MESSAGES.changed }) },
      });
  }
}

export const meta: MetaFunction = (args) => [titleFor(args, 'เปลี่ยนรหัสผ่าน')];

export default function PasswordPage() {
  const { acting } = useLoaderData<typeof loader>();
  if (acting) {
    return (
      <>
        <h1>เปลี่ยนรหัสผ่าน</h1>
        <p className="callout">{IMPERSONATION_MESSAGES.passwordBlocked}</p>
      </>
    );
  }
  return <PasswordForm />;
}

function PasswordForm() {
  const { formKey } = useLoaderData<typeof loader>();
  const raw = useActionData<typeof action>();
  const actionData = raw && 'result' in raw ? raw : undefined;
  const navigation = useNavigation();
  const submitting = navigation.state === 'submitting';
  // A change that succeeded redirects back here (post/redirect/get): there is no action data then,
  // and conform keeps the errors of the last result it was given, so the red box of an earlier wrong
  // attempt stayed beside the success message. The redirect's loader gives a fresh form key; a
  // result with `initialValue: null` for it is conform's signal to reset the form's state.
  const reset = useMemo<SubmissionResult<string[]>>(
    () => ({ initialValue: null }),
    // eslint-disable-next-line react-hooks/exhaustive-deps -- a new object for each new form key is the point
    [formKey],
  );
  const [form, fields] = useForm<ChangePasswordFields>({
    id: 'password',
    lastResult: actionData?.result ?? reset,
    // Validated on the server only: zod in the browser would put this page over the member pages'
    // JavaScript budget, and the answer comes back with the same messages either way.
    constraint: CHANGE_PASSWORD_CONSTRAINT,
  });
  const attempt = actionData?.attempt ?? 0;
  return (
    <>
      <h1>เปลี่ยนรหัสผ่าน</h1>
      <section className="panel" aria-labelledby="password-help">
        <h2 id="password-help">รหัสผ่านที่ดี</h2>
        <ul className="plain-list">
          <li>ยาวอย่างน้อย {PASSWORD_MIN} ตัวอักษร ยิ่งยาวยิ่งปลอดภัย เช่น ประโยคที่จำได้ง่าย</li>
          <li>ไม่จำเป็นต้องมีตัวพิมพ์ใหญ่หรืออักขระพิเศษ</li>
          <li>ต้องไม่ใช่รหัสผ่านที่ใช้กันทั่วไป และต้องไม่มีหมายเลขสมาชิกของท่าน</li>
        </ul>
      </section>
      <ErrorSummary
        items={summaryItems([fields.currentPassword, fields.newPassword, fields.confirmPassword], form.errors)}
      />
      <Form method="post" {...getFormProps(form)} className="stack panel">
        <input type="hidden" name="formKey" value={formKey} />
        <Field
          key={`current-${attempt}`}
          meta={fields.currentPassword}
          label="รหัสผ่านปัจจุบัน"
          type="password"
          inputProps={{ autoComplete: 'current-password' }}
        />
        <Field
          key={`new-${attempt}`}
          meta={fields.newPassword}
          label="รหัสผ่านใหม่"
          hint={`อย่างน้อย ${PASSWORD_MIN} ตัวอักษร`}
          type="password"
          inputProps={{ autoComplete: 'new-password' }}
        />
        <Field
          key={`confirm-${attempt}`}
          meta={fields.confirmPassword}
          label="ยืนยันรหัสผ่านใหม่"
          type="password"
          inputProps={{ autoComplete: 'new-password' }}
        />
        <div className="checkbox">
          <input id="password-sign-out" type="checkbox" name={fields.signOutOthers.name} defaultChecked />
          <label htmlFor="password-sign-out">ออกจากระบบในอุปกรณ์อื่นทั้งหมด</label>
        </div>
        <button type="submit" className="button" disabled={submitting} aria-busy={submitting || undefined}>
          {submitting ? <span className="spinner" aria-hidden="true" /> : null}
          บันทึกรหัสผ่านใหม่
        </button>
      </Form>
    </>
  );
}

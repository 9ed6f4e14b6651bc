import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from '@remix-run/node';
import { json, redirect } from '@remix-run/node';
import { Form, useActionData, useLoaderData, useNavigation } from '@remix-run/react';
import { useEffect, useRef, useState, type FormEvent } from 'react';

import { ErrorSummary, type SummaryItem } from '~/components/error-summary';
import { FieldShell } from '~/components/field-shell';
import {
  CHANGE_PASSWORD_CONSTRAINT,
  CHANGE_PASSWORD_FIELDS,
  changePasswordErrors,
  PASSWORD_MESSAGES,
  PASSWORD_MIN,
  type ChangePasswordErrors,
  type ChangePasswordField,
} from '~/lib/forms/password-rules';
import { IMPERSONATION_MESSAGES } from '~/lib/impersonation';
import { titleFor } from '~/lib/meta';
import { app } from '~/server/app.server';
import { refusedToStaff } from '~/server/audit.server';
import { requireMember } from '~/server/auth/auth.server';
import { renewSessionId } from '~/server/auth/session.server';
import { setFlash } from '~/server/flash.server';
import { parsePasswordChange, passwordPolicyError } from '~/server/auth/password-policy.server';
import { IDEMPOTENCY_KEY_PATTERN, newIdempotencyKey } from '~/server/idempotency.server';
import { changeMemberPassword } from '~/server/auth/password-change.server';
import type { RouteHandle } from '~/root';

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
  const parsed = parsePasswordChange(formData);
  // The passwords are never sent back: the page empties its fields for each answer.
  const fail = (status: number, errors: ChangePasswordErrors, formErrors: string[] = []) => {
    context.formErrors = true;
    return json({ errors, formErrors, attempt: Date.now() }, { status });
  };
  if (!parsed.ok) {
    // Only a tampered form fails on none of the password fields (the checkbox): ask for a fresh one.
    return fail(400, parsed.errors, Object.keys(parsed.errors).length ? [] : [FORM_EXPIRED]);
  }
  const formKey = formData.get('formKey');
  if (typeof formKey !== 'string' || !IDEMPOTENCY_KEY_PATTERN.test(formKey)) {
    // A form from before this page carried a key (or a tampered one): ask for a fresh submission.
    return fail(400, {}, [FORM_EXPIRED]);
  }

  const { currentPassword, newPassword, signOutOthers } = parsed.value;
  const { backend } = await app();
  // The member's names and birth date are words a password must not contain.
  const profile = await backend.getMemberProfile(member.credentials);
  const policy = await passwordPolicyError(newPassword, profile);
  if (policy) return fail(400, { newPassword: policy });

  const outcome = await changeMemberPassword(
    member,
    { currentPassword, newPassword, signOutOthers: Boolean(signOutOthers) },
    formKey,
    context.clientAddress,
  );
  switch (outcome.kind) {
    case 'locked':
      return fail(429, {}, [tooMany(outcome.minutes)]);
    case 'wrong_current':
      return fail(400, { currentPassword: PASSWORD_MESSAGES.wrongCurrent });
    case 'unknown':
      return fail(503, {}, [PASSWORD_OUTCOME_UNKNOWN]);
    case 'changed':
    case 'replayed': {
      const headers = new Headers();
      // A new password is a new sign-in: the session continues under a new id (ASVS 7.2.4).
      const renewed = outcome.kind === 'changed' ? await renewSessionId(member.session) : null;
      if (renewed) headers.append('Set-Cookie', renewed.setCookie);
      headers.append('Set-Cookie', await setFlash({ kind: 'success', text: PASSWORD_MESSAGES.changed }));
      return redirect('/member/password', { status: 303, headers });
    }
  }
}

/** This page hydrates: its checks, focus and busy button are React state (ADR 077, ADR 085). */
export const handle: RouteHandle = { hydrate: true };

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

/** The inputs' ids, as the error summary links to them. */
const fieldId = (field: ChangePasswordField) => `password-${field}`;

const FIELDS: {
  name: ChangePasswordField;
  label: string;
  hint?: string;
  autoComplete: 'current-password' | 'new-password';
}[] = [
  { name: 'currentPassword', label: 'รหัสผ่านปัจจุบัน', autoComplete: 'current-password' },
  { name: 'newPassword', label: 'รหัสผ่านใหม่', hint: `อย่างน้อย ${PASSWORD_MIN} ตัวอักษร`, autoComplete: 'new-password' },
  { name: 'confirmPassword', label: 'ยืนยันรหัสผ่านใหม่', autoComplete: 'new-password' },
];

/**
 * A plain form: the server checks everything and answers with the messages (without JavaScript too).
 * With JavaScript the page runs the rules' own checks (`changePasswordErrors`, the server schema's
 * rules and messages) when the form is sent, and posts only a form that passes them.
 */
function PasswordForm() {
  const { formKey } = useLoaderData<typeof loader>();
  const raw = useActionData<typeof action>();
  const answer = raw && 'errors' in raw ? raw : undefined;
  const navigation = useNavigation();
  const submitting = navigation.state === 'submitting';
  // What the page's own check found at the last submit; a submit that passes it clears it, so the
  // server's answer to that submit (or, after a change, the fresh form) is what shows next.
  const [checked, setChecked] = useState<ChangePasswordErrors | null>(null);
  const errors = checked ?? answer?.errors ?? {};
  const formErrors = checked ? [] : (answer?.formErrors ?? []);

  // Newly found errors (the page's own check, or the server's answer, but not an answer the page was
  // rendered with, whose summary the browser focuses): the error summary takes the focus, as on
  // every other form (ADR 113), also when it was already showing other errors.
  const latest = checked ?? answer?.errors;
  const focused = useRef(new WeakSet<ChangePasswordErrors>(latest ? [latest] : []));
  useEffect(() => {
    if (!latest || focused.current.has(latest)) return;
    focused.current.add(latest);
    document.getElementById('error-summary')?.focus();
  }, [latest]);

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    const data = new FormData(event.currentTarget);
    const found = changePasswordErrors(
      Object.fromEntries(CHANGE_PASSWORD_FIELDS.map((field) => [field, String(data.get(field) ?? '')])),
    );
    const blocked = Object.keys(found).length > 0;
    if (blocked) event.preventDefault();
    setChecked(blocked ? found : null);
  };

  const summary: SummaryItem[] = [
    ...CHANGE_PASSWORD_FIELDS.flatMap((field) => {
      const message = errors[field];
      return message ? [{ fieldId: fieldId(field), message }] : [];
    }),
    ...formErrors.map((message) => ({ message })),
  ];
  // Each answer of the server empties the fields (the passwords are not sent back), and so does
  // the fresh form after a change; the page's own check leaves what was typed. An answer comes before
  // the page's data is read again (with a new form key): that must not empty the fields a second time.
  const generation = answer ? `answer-${answer.attempt}` : formKey;
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
      <ErrorSummary items={summary} />
      {/* The rules' messages, not the browser's own bubbles. */}
      <Form method="post" id="password" noValidate onSubmit={onSubmit} className="stack panel">
        <input type="hidden" name="formKey" value={formKey} />
        {FIELDS.map(({ name, label, hint, autoComplete }) => (
          <FieldShell key={name} id={fieldId(name)} label={label} hint={hint} error={errors[name]}>
            {(control) => (
              <input
                key={generation}
                name={name}
                type="password"
                autoComplete={autoComplete}
                {...CHANGE_PASSWORD_CONSTRAINT[name]}
                {...control}
              />
            )}
          </FieldShell>
        ))}
        <div className="checkbox">
          <input id="password-sign-out" type="checkbox" name="signOutOthers" defaultChecked />
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

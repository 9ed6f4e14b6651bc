import { getFormProps, getInputProps, useForm } from '@conform-to/react';
import { getZodConstraint, parseWithZod } from '@conform-to/zod/v4';
import { Form, Link, useActionData, useNavigation } from '@remix-run/react';
import { useState } from 'react';

import { AuthCard } from '~/components/auth-card';
import { ErrorSummary, Field, MembershipNoField, summaryItems } from '~/components/forms';
import { ERROR_PREFIX } from '~/lib/meta';
import { PASSWORD_MIN } from '~/lib/forms/password-rules';
import { REGISTER_TITLES, registerSchema, type RegisterMode } from '~/lib/forms/register';
import { useHydrated } from '~/lib/hooks';
import type { registerAction } from '~/server/register.server';

const SUBMIT_LABEL: Record<RegisterMode, { idle: string; busy: string }> = {
  register: { idle: 'ลงทะเบียน', busy: 'กำลังลงทะเบียน…' },
  forget: { idle: 'ตั้งรหัสผ่านใหม่', busy: 'กำลังตั้งรหัสผ่านใหม่…' },
};

/**
 * The one screen of /member/register, /member/registerauth (first-time registration) and
 * /member/forget (forgotten password): the five identity fields, a new password twice and, to
 * register, acceptance of the terms.
 */
export function RegisterScreen({ mode }: { mode: RegisterMode }) {
  const actionData = useActionData<typeof registerAction>();
  const navigation = useNavigation();
  const hydrated = useHydrated();
  const [showPassword, setShowPassword] = useState(false);
  const submitting = navigation.state === 'submitting';
  const schema = registerSchema(mode);

  const [form, fields] = useForm({
    id: mode,
    lastResult: actionData?.result,
    constraint: getZodConstraint(schema),
    shouldValidate: 'onBlur',
    shouldRevalidate: 'onInput',
    onValidate: ({ formData }) => parseWithZod(formData, { schema }),
  });

  const items = summaryItems(
    [
      fields.membershipNo,
      fields.nationalId,
      fields.firstName,
      fields.lastName,
      fields.birthDate,
      fields.password,
      fields.confirmPassword,
      ...(mode === 'register' ? [fields.acceptTerms] : []),
    ],
    form.errors,
  );

  // A new element after each answer from the server, so the passwords typed are never kept.
  const attempt = actionData?.attempt ?? 0;
  const passwordType = showPassword ? 'text' : 'password';
  const terms = fields.acceptTerms;
  const termsError = terms.errors?.[0];
  const { key: termsKey, ...termsProps } = getInputProps(terms, { type: 'checkbox', ariaAttributes: false });

  return (
    <AuthCard title={REGISTER_TITLES[mode]}>
      <ErrorSummary items={items} />
      <Form method="post" {...getFormProps(form)} className="stack">
        <MembershipNoField meta={fields.membershipNo} />
        <Field
          meta={fields.nationalId}
          label="เลขประจำตัวประชาชน"
          hint="ตัวเลข 13 หลัก ใส่ขีดได้ เช่น 1-2345-67890-12-1"
          inputProps={{ inputMode: 'numeric', autoComplete: 'off', maxLength: 20 }}
        />
        <Field meta={fields.firstName} label="ชื่อ" inputProps={{ autoComplete: 'given-name' }} />
        <Field meta={fields.lastName} label="นามสกุล" inputProps={{ autoComplete: 'family-name' }} />
        <Field
          meta={fields.birthDate}
          label="วันเดือนปีเกิด (พ.ศ.)"
          hint="วว/ดด/ปปปป เช่น 14/03/2528"
          inputProps={{ inputMode: 'numeric', autoComplete: 'off', maxLength: 10 }}
        />
        <Field
          key={`password-${attempt}`}
          meta={fields.password}
          label="รหัสผ่านใหม่"
          hint={`อย่างน้อย ${PASSWORD_MIN} ตัวอักษร ไม่จำเป็นต้องมีอักขระพิเศษ`}
          type={passwordType}
          inputProps={{ autoComplete: 'new-password', maxLength: undefined, minLength: undefined }}
          after={
            hydrated ? (
              <button
                type="button"
                className="field__toggle"
                aria-pressed={showPassword}
                aria-controls={`${fields.password.id} ${fields.confirmPassword.id}`}
                onClick={() => setShowPassword((v) => !v)}
              >
                {showPassword ? 'ซ่อนรหัสผ่าน' : 'แสดงรหัสผ่าน'}
              </button>
            ) : null
          }
        />
        <Field
          key={`confirm-${attempt}`}
          meta={fields.confirmPassword}
          label="ยืนยันรหัสผ่านใหม่"
          type={passwordType}
          inputProps={{ autoComplete: 'new-password', maxLength: undefined, minLength: undefined }}
        />
        {mode === 'register' ? (
          // Not a `.field`: its input rules are for text boxes.
          <div>
            <p id={terms.errorId} className="field__error">
              {termsError ? (
                <>
                  <span className="visually-hidden">{ERROR_PREFIX} </span>
                  {termsError}
                </>
              ) : null}
            </p>
            <div className="checkbox">
              <input
                key={termsKey}
                {...termsProps}
                aria-invalid={termsError ? true : undefined}
                aria-describedby={termsError ? terms.errorId : undefined}
              />
              <label htmlFor={terms.id}>ข้าพเจ้ายอมรับข้อกำหนดและเงื่อนไขการใช้บริการ</label>
            </div>
            <p className="field__hint">
              <a href="/member/termofconditional" target="_blank" rel="noopener">
                อ่านข้อกำหนดและเงื่อนไขการใช้บริการ (เปิดในแท็บใหม่)
              </a>
            </p>
          </div>
        ) : null}
        <button
          type="submit"
          className="button button--block"
          aria-busy={submitting || undefined}
          disabled={submitting}
        >
          {submitting ? <span className="spinner" aria-hidden="true" /> : null}
          {SUBMIT_LABEL[mode].idle}
        </button>
        {submitting ? (
          <p className="visually-hidden" role="status">
            {SUBMIT_LABEL[mode].busy}
          </p>
        ) : null}
      </Form>
      <ul className="auth-card__links">
        <li>
          {mode === 'register' ? (
            <Link to="/member/forget">ลืมรหัสผ่าน</Link>
          ) : (
            <Link to="/member/register">เข้าใช้งานครั้งแรก (ลงทะเบียน)</Link>
          )}
        </li>
        <li>
          <Link to="/member/logon">เข้าสู่ระบบสมาชิก</Link>
        </li>
      </ul>
      <p className="auth-card__back">
        <a href="/home">กลับสู่หน้าหลัก</a>
      </p>
    </AuthCard>
  );
}

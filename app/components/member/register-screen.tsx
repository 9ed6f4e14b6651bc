import { getFormProps, getInputProps, useForm } from '@conform-to/react';
import { getZodConstraint } from '@conform-to/zod/v4';
import { Form, Link, useActionData, useLoaderData } from '@remix-run/react';
import type * as z from 'zod';

import { AuthCard } from '~/components/auth-card';
import { KeepTogether } from '~/components/keep-together';
import { MemberScript } from '~/components/member-script';
import { ERROR_SUMMARY_TITLE, ErrorSummary, Field, MembershipNoField, summaryItems } from '~/components/forms';
import { PasswordField } from '~/components/password-field';
import { ERROR_PREFIX } from '~/lib/meta';
import { site } from '~/config/site';
import { codeRules, IDENTITY_RULES, type ClientRules } from '~/lib/forms/client-rules';
import { PASSWORD_MIN } from '~/lib/forms/password-rules';
import { identitySchema, REGISTER_TITLES, registerSchema, type RegisterMode } from '~/lib/forms/register';
import type { IdentityFields, registerAction, registerLoader } from '~/server/auth/register.server';

const SUBMIT_LABEL: Record<RegisterMode, { idle: string; busy: string }> = {
  register: { idle: 'ลงทะเบียน', busy: 'กำลังลงทะเบียน…' },
  forget: { idle: 'ตั้งรหัสผ่านใหม่', busy: 'กำลังตั้งรหัสผ่านใหม่…' },
};
const REQUEST_LABEL = { idle: 'ขอรหัสยืนยัน', busy: 'กำลังส่งรหัสยืนยัน…' };

/**
 * The one screen of /member/register, /member/registerauth (first-time registration) and
 * /member/forget (forgotten password), in two steps (ADR 038): the spec's five identity fields, then
 * the one-time code sent to the contact on file with the new password twice and, to register, the
 * terms. Without an online flow (http mode over a vendor core) it says to contact the cooperative.
 * The mode comes with the loader's data, so each route's default export is this component itself.
 */
export function RegisterScreen() {
  const { mode, offered, memberScript } = useLoaderData<typeof registerLoader>();
  const actionData = useActionData<typeof registerAction>();
  const identity = actionData?.step === 'code' ? actionData.identity : null;
  const challenge = actionData?.step === 'code' ? actionData.challenge : null;
  return (
    <AuthCard title={REGISTER_TITLES[mode]}>
      {!offered ? (
        <p role="status">
          ไม่สามารถลงทะเบียนหรือตั้งรหัสผ่านใหม่ทางเว็บไซต์ได้ กรุณาติดต่อสหกรณ์ โทร{' '}
          <a href={site.phone.href}>
            <KeepTogether text={site.phone.label} />
          </a>
        </p>
      ) : identity && challenge ? (
        <CodeStep key={challenge} mode={mode} identity={identity} challenge={challenge} />
      ) : (
        <IdentityStep mode={mode} />
      )}
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
      <MemberScript src={memberScript} />
    </AuthCard>
  );
}

function useResult() {
  const actionData = useActionData<typeof registerAction>();
  return actionData;
}

/** The submit button; the entry script shows the spinner and the busy text while the form is sent. */
function SubmitButton({ label }: { label: { idle: string; busy: string } }) {
  return (
    <button type="submit" className="button button--block" data-busy-label={label.busy}>
      {label.idle}
    </button>
  );
}

/** What the entry script needs to check a form before it is sent (ADR 068). */
function ruleProps(rules: ClientRules) {
  return {
    'data-rules': JSON.stringify(rules),
    'data-error-prefix': ERROR_PREFIX,
    'data-summary-title': ERROR_SUMMARY_TITLE,
  };
}

/** Step 1: who the member is. */
function IdentityStep({ mode }: { mode: RegisterMode }) {
  const actionData = useResult();
  const [form, fields] = useForm<z.input<typeof identitySchema>>({
    id: `${mode}-identity`,
    lastResult: actionData?.step === 'identity' ? actionData.result : undefined,
    constraint: getZodConstraint(identitySchema),
  });
  const items = summaryItems(
    [fields.membershipNo, fields.nationalId, fields.firstName, fields.lastName, fields.birthDate],
    form.errors,
  );
  return (
    <>
      <ErrorSummary items={items} />
      <p className="field__hint">กรอกข้อมูลให้ตรงกับทะเบียนสมาชิก ระบบจะส่งรหัสยืนยันไปยังอีเมลหรือโทรศัพท์มือถือที่ท่านให้ไว้กับสหกรณ์</p>
      <Form method="post" {...getFormProps(form)} className="stack" {...ruleProps(IDENTITY_RULES)}>
        <input type="hidden" name="intent" value="identity" />
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
        <SubmitButton label={REQUEST_LABEL} />
      </Form>
    </>
  );
}

/** Step 2: the code sent, the new password and (to register) the terms. */
function CodeStep({ mode, identity, challenge }: { mode: RegisterMode; identity: IdentityFields; challenge: string }) {
  const actionData = useResult();
  const schema = registerSchema(mode);
  const [form, fields] = useForm<z.input<typeof schema>>({
    id: `${mode}-code`,
    lastResult: actionData?.step === 'code' ? actionData.result : undefined,
    constraint: getZodConstraint(schema),
  });
  const items = summaryItems(
    [fields.code, fields.password, fields.confirmPassword, ...(mode === 'register' ? [fields.acceptTerms] : [])],
    form.errors,
  );
  const attempt = actionData?.attempt ?? 0;
  const terms = fields.acceptTerms;
  const termsError = terms.errors?.[0];
  const { key: termsKey, ...termsProps } = getInputProps(terms, { type: 'checkbox', ariaAttributes: false });
  const hidden = (
    <>
      <input type="hidden" name="challenge" value={challenge} />
      <input type="hidden" name="membershipNo" value={identity.membershipNo} />
      <input type="hidden" name="nationalId" value={identity.nationalId} />
      <input type="hidden" name="firstName" value={identity.firstName} />
      <input type="hidden" name="lastName" value={identity.lastName} />
      <input type="hidden" name="birthDate" value={identity.birthDate} />
    </>
  );

  return (
    <>
      <ErrorSummary items={items} />
      <div className="stack" role="status">
        <p>หากข้อมูลตรงกับทะเบียนสมาชิก ระบบได้ส่งรหัสยืนยัน 6 หลักไปยังอีเมลหรือโทรศัพท์มือถือที่ท่านให้ไว้กับสหกรณ์แล้ว รหัสใช้ได้ภายใน 10 นาที</p>
      </div>
      <p className="field__hint">
        หากไม่ได้รับรหัส หรือไม่เคยให้อีเมลหรือหมายเลขโทรศัพท์มือถือไว้กับสหกรณ์ กรุณาติดต่อสหกรณ์ โทร{' '}
        <a href={site.phone.href}>
          <KeepTogether text={site.phone.label} />
        </a>{' '}
        ในเวลาทำการ
      </p>
      <Form method="post" {...getFormProps(form)} className="stack" {...ruleProps(codeRules(mode))}>
        <input type="hidden" name="intent" value="code" />
        {hidden}
        <Field
          key={`code-${attempt}`}
          meta={fields.code}
          label="รหัสยืนยัน"
          hint="ตัวเลข 6 หลักที่ได้รับ"
          inputProps={{ inputMode: 'numeric', autoComplete: 'one-time-code', maxLength: 20 }}
        />
        <PasswordField
          key={`password-${attempt}`}
          meta={fields.password}
          label="รหัสผ่านใหม่"
          hint={`อย่างน้อย ${PASSWORD_MIN} ตัวอักษร ไม่จำเป็นต้องมีอักขระพิเศษ`}
          autoComplete="new-password"
          alsoControls={[fields.confirmPassword.id]}
        />
        <PasswordField
          key={`confirm-${attempt}`}
          meta={fields.confirmPassword}
          label="ยืนยันรหัสผ่านใหม่"
          autoComplete="new-password"
          toggle={false}
        />
        {mode === 'register' ? (
          // Not a `.field`: its input rules are for text boxes.
          <div data-field="">
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
        <SubmitButton label={SUBMIT_LABEL[mode]} />
      </Form>
      <Form method="post" className="stack">
        <input type="hidden" name="intent" value="identity" />
        {hidden}
        <button type="submit" className="button button--secondary button--block">
          ส่งรหัสยืนยันใหม่
        </button>
      </Form>
    </>
  );
}

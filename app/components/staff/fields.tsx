import { Form } from '@remix-run/react';
import type { InputHTMLAttributes, ReactNode } from 'react';

import { ErrorSummary } from '~/components/error-summary';
import { FieldShell } from '~/components/field-shell';
import { FreshRecoveryCodes } from '~/components/recovery-codes';
import { PASSWORD_MAX, PASSWORD_MIN } from '~/lib/forms/password-rules';

/** A field of a staff form: label, its error (announced with the error prefix), the input. Plain HTML. */
export function StaffField({
  id,
  label,
  error,
  hint,
  ...input
}: {
  id: string;
  label: string;
  error?: string;
  hint?: ReactNode;
} & InputHTMLAttributes<HTMLInputElement>) {
  return (
    <FieldShell id={id} label={label} hint={hint} error={error}>
      {(control) => <input {...control} {...input} />}
    </FieldShell>
  );
}

/** A field for a TOTP or recovery code. */
export function CodeField({ id, label, error }: { id: string; label: string; error?: string }) {
  return (
    <StaffField
      id={id}
      name="code"
      label={label}
      error={error}
      type="text"
      autoComplete="one-time-code"
      autoCapitalize="off"
      spellCheck={false}
      maxLength={40}
    />
  );
}

export function SubmitButton({
  intent,
  secondary = false,
  children,
}: {
  intent?: string;
  secondary?: boolean;
  children: ReactNode;
}) {
  return (
    <button
      type="submit"
      name={intent ? 'intent' : undefined}
      value={intent}
      className={`button${secondary ? ' button--secondary' : ''}`}
    >
      {children}
    </button>
  );
}

/** A choice of a select, value first: `['newest', 'ใหม่ไปเก่า']`. */
export type Choice = readonly [value: string | number, label: ReactNode];

/** A select's options, in order. */
export function Options({ choices }: { choices: readonly Choice[] }) {
  return choices.map(([value, label]) => (
    <option key={value} value={value}>
      {label}
    </option>
  ));
}

/** The account's current password (`current`), asked before a change to the account. */
export function CurrentPasswordField({ id, error }: { id: string; error?: string }) {
  return (
    <StaffField
      id={id}
      name="current"
      label="รหัสผ่านปัจจุบัน"
      type="password"
      autoComplete="current-password"
      error={error}
      maxLength={PASSWORD_MAX}
      required
    />
  );
}

/**
 * A new password (`password`, with the password rules as its hint) and its confirmation (`confirm`):
 * ids `{idPrefix}-password` and `{idPrefix}-confirm`; `label` names the password ("รหัสผ่านใหม่").
 */
export function NewPasswordFields({ idPrefix, label, error }: { idPrefix: string; label: string; error?: string }) {
  return (
    <>
      <StaffField
        id={`${idPrefix}-password`}
        name="password"
        label={label}
        type="password"
        autoComplete="new-password"
        hint={`อย่างน้อย ${PASSWORD_MIN} ตัวอักษร ไม่ใช่รหัสผ่านที่ใช้กันทั่วไป และไม่มีชื่อผู้ใช้หรือชื่อของท่าน`}
        error={error}
        minLength={PASSWORD_MIN}
        maxLength={PASSWORD_MAX}
        required
      />
      <StaffField
        id={`${idPrefix}-confirm`}
        name="confirm"
        label={`ยืนยัน${label}`}
        type="password"
        autoComplete="new-password"
        maxLength={PASSWORD_MAX}
        required
      />
    </>
  );
}

/**
 * A staff member's fresh recovery codes (enrolment, own account) with the button, posting `intent`,
 * that says they are kept and hides them for good.
 */
export function StaffFreshCodes({
  codes,
  title,
  titleId,
  className,
  intent,
}: {
  codes: readonly string[];
  title: string;
  titleId: string;
  className: string;
  intent: string;
}) {
  return (
    <FreshRecoveryCodes
      codes={codes}
      title={title}
      titleId={titleId}
      level={2}
      className={className}
      listClassName="staff-codes"
    >
      <Form method="post">
        <SubmitButton intent={intent}>บันทึกรหัสสำรองแล้ว</SubmitButton>
      </Form>
    </FreshRecoveryCodes>
  );
}

/**
 * The error summary of a staff form that answers one message (on `field`, or on the form when none):
 * `attempt` remounts it, so the same error sent again is announced again.
 */
export function FailureSummary({ failed }: { failed: { field?: string; error: string; attempt: number } | undefined }) {
  return (
    <ErrorSummary key={failed?.attempt ?? 0} items={failed ? [{ fieldId: failed.field, message: failed.error }] : []} />
  );
}

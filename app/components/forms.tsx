import { getInputProps, getTextareaProps, type FieldMetadata } from '@conform-to/react';
import { type InputHTMLAttributes, type ReactNode, type TextareaHTMLAttributes } from 'react';

import { MEMBERSHIP_NO_MAX } from '~/lib/forms/limits';
import { padMembershipNo } from '~/lib/thai-format';

import { FieldShell } from './field-shell';

// The summary lives on its own so forms without conform (the photo upload) do not pull conform and zod.
import type { SummaryItem } from './error-summary';

export { ERROR_SUMMARY_TITLE, ErrorSummary, type SummaryItem } from './error-summary';

type InputType = 'text' | 'password' | 'email' | 'tel' | 'number' | 'search' | 'date';

/**
 * A labelled input wired by conform, in the one field chrome (`FieldShell`): label, optional hint,
 * inline error with a visually hidden prefix, and `aria-invalid` / `aria-describedby`.
 */
export function Field({
  meta,
  label,
  hint,
  type = 'text',
  inputProps,
  after,
}: {
  meta: FieldMetadata<string | undefined>;
  label: ReactNode;
  hint?: ReactNode;
  type?: InputType;
  inputProps?: InputHTMLAttributes<HTMLInputElement>;
  after?: ReactNode;
}) {
  const { key, ...conformProps } = getInputProps(meta, { type, ariaAttributes: false });
  return (
    <FieldShell id={meta.id} errorId={meta.errorId} label={label} hint={hint} error={meta.errors?.[0]}>
      {(control) => (
        <>
          <input key={key} {...conformProps} {...inputProps} {...control} />
          {after}
        </>
      )}
    </FieldShell>
  );
}

/** A labelled multi-line field, wired like `Field` (label, hint, inline error, ARIA). */
export function TextAreaField({
  meta,
  label,
  hint,
  textareaProps,
}: {
  meta: FieldMetadata<string | undefined>;
  label: ReactNode;
  hint?: ReactNode;
  textareaProps?: TextareaHTMLAttributes<HTMLTextAreaElement>;
}) {
  const { key, ...conformProps } = getTextareaProps(meta, { ariaAttributes: false });
  return (
    <FieldShell id={meta.id} errorId={meta.errorId} label={label} hint={hint} error={meta.errors?.[0]}>
      {(control) => <textarea key={key} rows={6} {...conformProps} {...textareaProps} {...control} />}
    </FieldShell>
  );
}

/**
 * A spam trap: a text field people never see or reach (off-screen, out of the tab order, no
 * autofill) and screen readers announce as "leave empty". Robots that fill every field give
 * themselves away; the server then stores nothing but answers as if it had.
 */
export function HoneypotField({ name, id }: { name: string; id: string }) {
  return (
    <div className="honeypot">
      <label htmlFor={id}>เว้นว่างช่องนี้ไว้ (สำหรับตรวจจับสแปม)</label>
      <input id={id} type="text" name={name} tabIndex={-1} autoComplete="off" defaultValue="" />
    </div>
  );
}

/** Collect field errors (in field order) and form errors for the summary. */
export function summaryItems(fields: FieldMetadata<unknown>[], formErrors: string[] | undefined): SummaryItem[] {
  const items: SummaryItem[] = [];
  for (const field of fields) {
    const message = field.errors?.[0];
    if (message) items.push({ fieldId: field.id, message });
  }
  for (const message of formErrors ?? []) items.push({ message });
  return items;
}

/**
 * The membership number field of the login and register screens (spec §2, §5): at most 7 digits,
 * left-padded to 6 on blur when scripts run (the server pads it in the schema anyway).
 */
export function MembershipNoField({ meta }: { meta: FieldMetadata<string | undefined> }) {
  return (
    <Field
      meta={meta}
      label="หมายเลขสมาชิก"
      hint="กรุณากรอกให้ครบทุกหลัก เช่น 012345"
      inputProps={{
        inputMode: 'numeric',
        autoComplete: 'username',
        maxLength: MEMBERSHIP_NO_MAX,
        onBlur: (event) => {
          event.currentTarget.value = padMembershipNo(event.currentTarget.value);
        },
      }}
    />
  );
}

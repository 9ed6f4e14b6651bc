import { getFormProps, useForm, type FieldMetadata, type SubmissionResult } from '@conform-to/react';
import { getZodConstraint } from '@conform-to/zod/v4';
import { Form } from '@remix-run/react';
import type { ReactNode } from 'react';
import type * as z from 'zod';

import { ErrorSummary, Field, HoneypotField, summaryItems } from '~/components/forms';
import { BOARD_LIMITS, HONEYPOT_FIELD } from '~/lib/forms/board';

/**
 * The conform setup of a public board form (a new topic, an answer): checked on submit against the
 * server's schema, the server's answer shown again; the form errors include a bad submission key.
 */
export function useBoardForm<Fields extends { formKey: string }>(
  id: string,
  schema: z.ZodType,
  lastResult: SubmissionResult<string[]> | undefined,
) {
  const [form, fields] = useForm<Fields>({
    id,
    lastResult,
    constraint: getZodConstraint(schema),
    shouldValidate: 'onSubmit',
  });
  const formErrors = [...(form.errors ?? []), ...(fields.formKey.errors ?? [])];
  return { form, fields, formErrors };
}

/**
 * A public board form around its fields: the error summary, the one-time submission key (ADR 012),
 * the spam trap and the submit button.
 */
export function BoardForm<Fields extends { formKey: string }>({
  board,
  formKey,
  summaryFields,
  submit,
  children,
}: {
  board: ReturnType<typeof useBoardForm<Fields>>;
  formKey: string;
  /** The visible fields, in order, for the error summary. */
  summaryFields: FieldMetadata<string | undefined>[];
  submit: string;
  children: ReactNode;
}) {
  const { form, fields, formErrors } = board;
  return (
    <>
      <ErrorSummary items={summaryItems(summaryFields, formErrors)} />
      <Form method="post" {...getFormProps(form)} className="stack">
        <input type="hidden" name={fields.formKey.name} value={formKey} />
        {children}
        <HoneypotField name={HONEYPOT_FIELD} id={`${form.id}-website`} />
        <button type="submit" className="button">
          {submit}
        </button>
      </Form>
    </>
  );
}

/** The poster's public name on a board form (a topic's or an answer's): a nickname will do. */
export function DisplayNameField({ meta, label }: { meta: FieldMetadata<string | undefined>; label: string }) {
  return (
    <Field
      meta={meta}
      label={label}
      hint="ชื่อนี้จะแสดงต่อสาธารณะ จะใช้ชื่อเล่นก็ได้"
      inputProps={{ maxLength: BOARD_LIMITS.name, autoComplete: 'nickname' }}
    />
  );
}

import type { ReactNode } from 'react';

import { ERROR_PREFIX } from '~/lib/meta';

/** What a control needs from its field: its id and the ARIA wiring of the hint and the error. */
export interface ControlProps {
  id: string;
  'aria-invalid'?: true;
  'aria-describedby'?: string;
}

/**
 * The error line of a field: the message with a visually hidden prefix, or nothing. The element is
 * always rendered, so a script can fill it in place (the member forms, the search dialog); empty, it
 * takes no room (app.css), so no blank line sits between the label or hint and the control.
 */
export function FieldError({
  id,
  error,
  dataAttributes,
}: {
  id: string;
  error?: string | null;
  dataAttributes?: Record<`data-${string}`, string>;
}) {
  return (
    <p id={id} className="field__error" {...dataAttributes}>
      {error ? (
        <>
          <span className="visually-hidden">{ERROR_PREFIX} </span>
          {error}
        </>
      ) : null}
    </p>
  );
}

/**
 * The one chrome of every labelled field of the site and the back office: label, optional hint,
 * the inline error (see `FieldError`), and the control wired to both through `aria-describedby`
 * and `aria-invalid`. It holds no form library, so plain-HTML forms use it as they are and the
 * conform-wired `Field`/`TextAreaField` (components/forms.tsx) build on it.
 */
export function FieldShell({
  id,
  errorId = `${id}-error`,
  label,
  hint,
  error,
  errorData,
  children,
}: {
  id: string;
  /** The error line's id, when the form library names it (`${id}-error` otherwise). */
  errorId?: string;
  label: ReactNode;
  hint?: ReactNode;
  error?: string | null;
  /** data-* attributes of the error line, for a script that writes into it. */
  errorData?: Record<`data-${string}`, string>;
  children: (control: ControlProps) => ReactNode;
}) {
  const hintId = hint ? `${id}-hint` : undefined;
  const describedBy = [hintId, error ? errorId : undefined].filter(Boolean).join(' ') || undefined;
  return (
    <div className={`field${error ? ' field--error' : ''}`}>
      <label htmlFor={id} className="field__label">
        {label}
      </label>
      {hint ? (
        <p id={hintId} className="field__hint">
          {hint}
        </p>
      ) : null}
      <FieldError id={errorId} error={error} dataAttributes={errorData} />
      <div className="field__control">
        {children({
          id,
          ...(error && { 'aria-invalid': true as const }),
          ...(describedBy && { 'aria-describedby': describedBy }),
        })}
      </div>
    </div>
  );
}

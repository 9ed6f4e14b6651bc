import type { ReactNode } from 'react';

import { ERROR_PREFIX } from '~/lib/meta';

/** What a control needs from its field: its id and the ARIA wiring of the hint and the error. */
export interface ControlProps {
  id: string;
  'aria-invalid'?: true;
  'aria-describedby'?: string;
}

/**
 * A labelled field of a staff form without a form library: label, optional hint, the inline error
 * with a visually hidden prefix (its line keeps its space), and the control wired to both.
 */
export function FieldShell({
  id,
  label,
  hint,
  error,
  children,
}: {
  id: string;
  label: ReactNode;
  hint?: ReactNode;
  error?: string;
  children: (control: ControlProps) => ReactNode;
}) {
  const hintId = hint ? `${id}-hint` : undefined;
  const errorId = `${id}-error`;
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
      <p id={errorId} className="field__error">
        {error ? (
          <>
            <span className="visually-hidden">{ERROR_PREFIX} </span>
            {error}
          </>
        ) : null}
      </p>
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

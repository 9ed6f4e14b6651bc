import type { InputHTMLAttributes, ReactNode } from 'react';

import { ERROR_PREFIX } from '~/lib/meta';

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
  const describedBy = [hint ? `${id}-hint` : null, error ? `${id}-error` : null].filter(Boolean).join(' ');
  return (
    <div className={`field${error ? ' field--error' : ''}`}>
      <label htmlFor={id} className="field__label">
        {label}
      </label>
      {hint ? (
        <p id={`${id}-hint`} className="field__hint">
          {hint}
        </p>
      ) : null}
      <p id={`${id}-error`} className="field__error">
        {error ? (
          <>
            <span className="visually-hidden">{ERROR_PREFIX} </span>
            {error}
          </>
        ) : null}
      </p>
      <div className="field__control">
        <input id={id} aria-invalid={error ? true : undefined} aria-describedby={describedBy || undefined} {...input} />
      </div>
    </div>
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

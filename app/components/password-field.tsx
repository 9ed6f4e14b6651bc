import type { FieldMetadata } from '@conform-to/react';
import type { ReactNode } from 'react';

import { Field } from './forms';

export const SHOW_PASSWORD_LABEL = 'แสดงรหัสผ่าน';
export const HIDE_PASSWORD_LABEL = 'ซ่อนรหัสผ่าน';

/**
 * A password input with the spec's show/hide toggle: one toggle button (`aria-pressed`, its name says
 * what it does) that shows or hides the inputs it controls — this one, and `alsoControls` (a new
 * password's confirmation). The button is rendered hidden: without JavaScript there is no toggle, and
 * the member area's script (`app/client/member.ts`, ADR 068) reveals it and makes it work.
 * `toggle={false}` gives the plain password input (the confirmation next to a toggle).
 */
export function PasswordField({
  meta,
  label,
  hint,
  autoComplete,
  alsoControls = [],
  toggle = true,
}: {
  meta: FieldMetadata<string | undefined>;
  label: ReactNode;
  hint?: ReactNode;
  autoComplete: 'current-password' | 'new-password';
  alsoControls?: string[];
  toggle?: boolean;
}) {
  return (
    <Field
      meta={meta}
      label={label}
      hint={hint}
      type="password"
      // Length rules are the server's messages, not the browser's.
      inputProps={{ autoComplete, maxLength: undefined, minLength: undefined }}
      after={
        toggle ? (
          <button
            type="button"
            className="field__toggle"
            aria-pressed="false"
            aria-controls={[meta.id, ...alsoControls].join(' ')}
            data-password-toggle=""
            data-show-label={SHOW_PASSWORD_LABEL}
            data-hide-label={HIDE_PASSWORD_LABEL}
            hidden
          >
            {SHOW_PASSWORD_LABEL}
          </button>
        ) : null
      }
    />
  );
}

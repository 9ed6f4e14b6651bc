import { Link, useLocation } from '@remix-run/react';
import type { ReactNode } from 'react';

import { FieldShell } from '~/components/field-shell';
import { CoreOwns } from '~/components/staff/core-owns';
import { Options } from '~/components/staff/fields';
import { BLOCK_DURATIONS, MODERATION_NAV, MOD_MESSAGES } from '~/lib/staff-moderation';

/** The moderator's pages, as a second menu under the back office's own. */
export function ModerationNav() {
  const { pathname } = useLocation();
  const current = (to: string) =>
    pathname === to || (to !== '/staff/board' && pathname.startsWith(`${to}/`)) ? 'page' : undefined;
  return (
    <nav className="staff-subnav" aria-label="เมนูดูแลกระทู้">
      <ul>
        {MODERATION_NAV.map((entry) => (
          <li key={entry.to}>
            <Link to={entry.to} aria-current={current(entry.to)}>
              {entry.label}
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}

/** In http mode the board belongs to the core: the page says so and offers nothing. */
export function CoreOwnsTheBoard({ title }: { title: string }) {
  return <CoreOwns title={title} notice={MOD_MESSAGES.httpMode} />;
}

/** A labelled text input or textarea with its error beside it, as the site's `Field` wires them. */
export function PlainField({
  id,
  name,
  label,
  hint,
  error,
  multiline,
  defaultValue,
  maxLength,
  required = true,
  autoComplete,
}: {
  id: string;
  name: string;
  label: ReactNode;
  hint?: ReactNode;
  error?: string;
  multiline?: boolean;
  defaultValue?: string;
  maxLength: number;
  required?: boolean;
  autoComplete?: string;
}) {
  const common = {
    name,
    defaultValue,
    maxLength,
    // The server checks and answers in Thai beside the field, with scripts or without (no browser bubble).
    'aria-required': required,
  } as const;
  return (
    <FieldShell id={id} label={label} hint={hint} error={error}>
      {(control) =>
        multiline ? (
          <textarea rows={5} {...common} {...control} />
        ) : (
          <input type="text" autoComplete={autoComplete ?? 'off'} {...common} {...control} />
        )
      }
    </FieldShell>
  );
}

/** A reason field (hiding, restoring, blocking): required, one line, at most 300 characters. */
export function ReasonField({ id, error, label = 'เหตุผล' }: { id: string; error?: string; label?: string }) {
  return <PlainField id={id} name="reason" label={label} error={error} maxLength={300} hint="บันทึกไว้ในบันทึกการใช้งาน" />;
}

/** How long a block runs (`days`; a week unless chosen), as every other field: label, error, control. */
export function BlockDaysField({ id, error }: { id: string; error?: string }) {
  return (
    <FieldShell id={id} label="ระยะเวลา" error={error}>
      {(control) => (
        <select {...control} name="days" defaultValue="7">
          <Options choices={BLOCK_DURATIONS.map((d) => [d.days, d.label])} />
        </select>
      )}
    </FieldShell>
  );
}

/** A moderator's page: the moderation menu, the title and the page. */
export function ModerationPage({ title, children }: { title: string; children: ReactNode }) {
  return (
    <>
      <ModerationNav />
      <h1>{title}</h1>
      {children}
    </>
  );
}

/** A row of a moderator's list: its title links to the item's page; `children` are its details. */
export function QueueItem({ to, title, children }: { to: string; title: string; children: ReactNode }) {
  return (
    <li className="panel">
      <h2 className="staff-queue__title">
        <Link to={to}>{title}</Link>
      </h2>
      <p className="staff-queue__meta">{children}</p>
    </li>
  );
}

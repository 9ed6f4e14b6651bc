import { useEffect } from 'react';

import { ERROR_PREFIX, pageTitle } from '~/lib/meta';

export const ERROR_SUMMARY_TITLE = 'มีข้อผิดพลาด';

export interface SummaryItem {
  /** The field's element id, or undefined for a form-level error. */
  fieldId?: string;
  message: string;
}

/**
 * Error summary at the top of a form, as GOV.UK Frontend 4.4.0 marks it up: the alert role on an inner
 * element and no accessible name on the focused box, so a screen reader focusing it reads the title
 * and every error, not the title alone (ADR 113). It links to each field, and takes the focus when
 * rendered after a failed submit, so keyboard and screen-reader users start there: on every form.
 */
export function ErrorSummary({ items, id = 'error-summary' }: { items: SummaryItem[]; id?: string }) {
  const shown = items.length > 0;
  useEffect(() => {
    if (!shown || typeof document === 'undefined') return;
    if (!document.title.startsWith(ERROR_PREFIX)) document.title = pageTitle(document.title, true);
    // The errors are gone (a later submit succeeded): so is the marker. React does not write the
    // <title> back itself when its text did not change.
    return () => {
      if (document.title.startsWith(ERROR_PREFIX))
        document.title = document.title.slice(ERROR_PREFIX.length).trimStart();
    };
  }, [shown]);
  if (!items.length) return null;
  return (
    <div id={id} className="error-summary" tabIndex={-1} autoFocus>
      <div role="alert">
        <h2 className="error-summary__title">{ERROR_SUMMARY_TITLE}</h2>
        <ul className="error-summary__list">
          {items.map((item) => (
            <li key={`${item.fieldId ?? 'form'}-${item.message}`}>
              {item.fieldId ? <a href={`#${item.fieldId}`}>{item.message}</a> : item.message}
            </li>
          ))}
        </ul>
      </div>
    </div>
  );
}

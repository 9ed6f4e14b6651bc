import { createContext, useContext, type ReactNode } from 'react';

import { Options, type Choice } from '~/components/staff/fields';

/** The filter form's id prefix and the list's current filter values, for its fields. */
const FilterForm = createContext<{ idPrefix: string; values: Readonly<Record<string, string>> }>({
  idPrefix: 'filter',
  values: {},
});

/**
 * A back-office list's filters: a GET form (plain HTML: the list's own address with the chosen
 * filters) of `FilterSelect`/`FilterSearch` fields showing `values`, the list's current filters, and
 * its "show the list" button. A field's id is `{idPrefix}-{name}`.
 */
export function ListFilters({
  action,
  label,
  idPrefix,
  values,
  children,
}: {
  action: string;
  label: string;
  idPrefix: string;
  values: Readonly<Record<string, string>>;
  children: ReactNode;
}) {
  return (
    <form method="get" action={action} className="staff-filters" aria-label={label}>
      <FilterForm.Provider value={{ idPrefix, values }}>{children}</FilterForm.Provider>
      <p>
        <button type="submit" className="button button--secondary">
          แสดงรายการ
        </button>
      </p>
    </form>
  );
}

/** A choice of a list's filter, value first: `['newest', 'ใหม่ไปเก่า']`. */
export type FilterOption = Choice;

function FilterField({ name, label, children }: { name: string; label: string; children: (id: string) => ReactNode }) {
  const { idPrefix } = useContext(FilterForm);
  const id = `${idPrefix}-${name}`;
  return (
    <div className="field">
      <label htmlFor={id} className="field__label">
        {label}
      </label>
      {children(id)}
    </div>
  );
}

/** A labelled select of a list's filter. */
export function FilterSelect({
  name,
  label,
  options,
}: {
  name: string;
  label: string;
  options: readonly FilterOption[];
}) {
  const { values } = useContext(FilterForm);
  return (
    <FilterField name={name} label={label}>
      {(id) => (
        <select id={id} name={name} defaultValue={values[name]}>
          <Options choices={options} />
        </select>
      )}
    </FilterField>
  );
}

/** The list's search words (`q`, up to 100 characters). */
export function FilterSearch({ label }: { label: string }) {
  const { values } = useContext(FilterForm);
  return (
    <FilterField name="q" label={label}>
      {(id) => <input id={id} type="search" name="q" defaultValue={values.q} maxLength={100} />}
    </FilterField>
  );
}

/** A list's links to its previous and next page (hrefs that keep its filters); nothing on a single page. */
export function ListPager({ previous, next }: { previous: string | null; next: string | null }) {
  if (!previous && !next) return null;
  return (
    <nav aria-label="หน้ารายการ" className="staff-pager">
      {previous ? <a href={previous}>หน้าก่อนหน้า</a> : null}
      {next ? <a href={next}>หน้าถัดไป</a> : null}
    </nav>
  );
}

/**
 * What can be done to a list's selected rows (ADR 122): a box named "the selected rows", the error
 * of the last try (none chosen, a reason missing), then the buttons, `children`.
 */
export function SelectedActions({
  error,
  stack = false,
  children,
}: {
  error: string | null | undefined;
  /** Space between the box's parts (`stack`). */
  stack?: boolean;
  children: ReactNode;
}) {
  return (
    <fieldset className={stack ? 'panel stack staff-bulk' : 'panel staff-bulk'}>
      <legend>รายการที่เลือก</legend>
      {error ? <p className="field__error">{error}</p> : null}
      {children}
    </fieldset>
  );
}

import type { ReactNode } from 'react';

/**
 * A table that reflows at 320 px: it sits in a labelled, keyboard-focusable scroll region, so wide
 * statements scroll sideways instead of breaking the page. Always with a caption and scoped headers.
 */
export function DataTable({
  id,
  caption,
  head,
  children,
  empty,
}: {
  id: string;
  caption: ReactNode;
  head: ReactNode[];
  children: ReactNode;
  empty?: ReactNode;
}) {
  return (
    <div className="table-scroll" role="region" aria-labelledby={`${id}-caption`} tabIndex={0}>
      <table className="data-table" id={id}>
        <caption id={`${id}-caption`}>{caption}</caption>
        <thead>
          <tr>
            {head.map((h, i) => (
              <th key={i} scope="col">
                {h}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {children}
          {empty ? (
            <tr>
              <td colSpan={head.length} className="data-table__empty">
                {empty}
              </td>
            </tr>
          ) : null}
        </tbody>
      </table>
    </div>
  );
}

export const DATE_HINT = 'รูปแบบ วว/ดด/ปปปป (พ.ศ.) เช่น 01/01/2568';

/**
 * The Buddhist-era date-range filter of a statement: a plain GET form (works without JavaScript; with
 * it, the member layout submits it in place, `data-in-page`).
 */
export function DateRangeFilter({
  fromText,
  toText,
  errors,
  clearHref,
}: {
  fromText: string;
  toText: string;
  errors?: { from?: string; to?: string };
  clearHref: string;
}) {
  const field = (name: 'from' | 'to', label: string, value: string) => {
    const error = errors?.[name];
    return (
      <div className={`field field--inline${error ? ' field--error' : ''}`}>
        <label className="field__label" htmlFor={`filter-${name}`}>
          {label}
        </label>
        <p className="field__hint" id={`filter-${name}-hint`}>
          {DATE_HINT}
        </p>
        <p className="field__error" id={`filter-${name}-error`}>
          {error ? (
            <>
              <span className="visually-hidden">ข้อผิดพลาด: </span>
              {error}
            </>
          ) : null}
        </p>
        <input
          id={`filter-${name}`}
          name={name}
          defaultValue={value}
          inputMode="numeric"
          autoComplete="off"
          placeholder="วว/ดด/ปปปป"
          aria-invalid={error ? true : undefined}
          aria-describedby={`filter-${name}-hint${error ? ` filter-${name}-error` : ''}`}
        />
      </div>
    );
  };
  return (
    <form method="get" className="filter" role="search" aria-label="ค้นหาตามช่วงวันที่" data-in-page="">
      {field('from', 'ตั้งแต่วันที่', fromText)}
      {field('to', 'ถึงวันที่', toText)}
      <div className="filter__actions">
        <button type="submit" className="button">
          ค้นหา
        </button>
        <a href={clearHref} className="button button--secondary" data-in-page="">
          แสดงทั้งหมด
        </a>
      </div>
    </form>
  );
}

/**
 * Page links of a statement or a list (prev, numbers around the current page, next). In the member
 * layout they go to the page in place when scripts run (`data-in-page`, see MemberShell).
 */
export function Pager({
  page,
  pages,
  hrefFor,
  label,
}: {
  page: number;
  pages: number;
  hrefFor: (page: number) => string;
  label: string;
}) {
  if (pages <= 1) return null;
  const numbers = new Set([1, pages, page - 1, page, page + 1].filter((n) => n >= 1 && n <= pages));
  const sorted = [...numbers].sort((a, b) => a - b);
  return (
    <nav className="pager" aria-label={label}>
      <ul>
        {page > 1 ? (
          <li>
            <a href={hrefFor(page - 1)} rel="prev" data-in-page="">
              ก่อนหน้า
            </a>
          </li>
        ) : null}
        {sorted.map((n, i) => (
          <li key={n}>
            {i > 0 && n - (sorted[i - 1] ?? n) > 1 ? <span aria-hidden="true">…</span> : null}
            {n === page ? (
              <span aria-current="page" className="pager__current">
                <span className="visually-hidden">หน้า </span>
                {n}
              </span>
            ) : (
              <a href={hrefFor(n)} data-in-page="">
                <span className="visually-hidden">หน้า </span>
                {n}
              </a>
            )}
          </li>
        ))}
        {page < pages ? (
          <li>
            <a href={hrefFor(page + 1)} rel="next" data-in-page="">
              ถัดไป
            </a>
          </li>
        ) : null}
      </ul>
      <p className="pager__status">
        หน้า {page} จาก {pages}
      </p>
    </nav>
  );
}

/** A label/value summary list. */
export function Facts({ items }: { items: Array<[label: ReactNode, value: ReactNode]> }) {
  return (
    <dl className="facts">
      {items.map(([label, value], i) => (
        <div key={i}>
          <dt>{label}</dt>
          <dd>{value}</dd>
        </div>
      ))}
    </dl>
  );
}

/** A friendly empty state. */
export function Empty({ children }: { children: ReactNode }) {
  return <p className="empty">{children}</p>;
}

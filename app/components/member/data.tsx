import { Children, cloneElement, isValidElement, type ReactElement, type ReactNode } from 'react';

import { Spoken } from '~/components/spoken';
import { DATE_FORMAT_HINT } from '~/lib/thai-format';

type CellProps = {
  className?: string;
  colSpan?: number;
  role?: string;
  'data-label'?: string;
  children?: ReactNode;
};

/** A cell's text as said (a short month in full, ไม่มี for an empty value; components/spoken.tsx). */
function spokenChildren(children: ReactNode): ReactNode {
  if (typeof children === 'string') return <Spoken text={children} />;
  return children;
}

/**
 * Gives each cell of a row the text of its column's header (`data-label`), which the phone layout
 * shows beside the value, marks the row's key figure (ADR 048), and gives a cell of text its spoken
 * form (ADR 113).
 */
function labelCells(row: ReactNode, labels: Array<string | undefined>, keyColumn: number | undefined): ReactNode {
  if (!isValidElement<{ children?: ReactNode }>(row)) return row;
  let column = 0;
  const cells = Children.map(row.props.children, (cell) => {
    if (!isValidElement<CellProps>(cell)) return cell;
    const index = column;
    column += cell.props.colSpan ?? 1;
    const key = index === keyColumn;
    return cloneElement(
      cell as ReactElement<CellProps>,
      {
        'data-label': cell.props['data-label'] ?? labels[index],
        role: cell.props.role ?? (cell.type === 'th' ? 'rowheader' : 'cell'),
        className: key ? [cell.props.className, 'data-table__key'].filter(Boolean).join(' ') : cell.props.className,
      },
      spokenChildren(cell.props.children),
    );
  });
  return cloneElement(row as ReactElement<{ role?: string }>, { role: 'row' }, cells);
}

/**
 * The columns whose cells are figures (`num`, right-aligned), by the rows' cells: their headers are
 * right-aligned too, so a header that wraps stands over its figures, not at the far side of the column.
 */
function figureColumns(rows: ReactNode): Set<number> {
  const found = new Set<number>();
  Children.forEach(rows, (row) => {
    if (!isValidElement<{ children?: ReactNode }>(row)) return;
    let column = 0;
    Children.forEach(row.props.children, (cell) => {
      if (!isValidElement<CellProps>(cell)) return;
      if (cell.props.className?.split(' ').includes('num')) found.add(column);
      column += cell.props.colSpan ?? 1;
    });
  });
  return found;
}

/**
 * A money table. Where its region has the room, a table; narrower, each row is a card (ADR 048,
 * ADR 110: 34em for up to six columns, 48em for seven or more, `data-table--wide`): the row's
 * header and its key figure (`keyColumn`, the column index) first and large, then every other cell
 * as a label–value pair, the label taken from the column's header. It stays a table for assistive
 * technology (explicit roles, because some browsers drop table semantics from cells shown as blocks).
 * Always with a caption and scoped headers.
 */
export function DataTable({
  id,
  caption,
  head,
  children,
  empty,
  keyColumn,
}: {
  id: string;
  caption: ReactNode;
  head: ReactNode[];
  children: ReactNode;
  empty?: ReactNode;
  keyColumn?: number;
}) {
  const labels = head.map((h) => (typeof h === 'string' ? h : undefined));
  const figures = figureColumns(children);
  return (
    // Focusable so a keyboard can scroll it; named by the table's caption alone, not by a region as
    // well (a reader would say the name twice, and every table would be a landmark).
    <div className="table-scroll" tabIndex={0}>
      <table
        className={`data-table data-table--cards${head.length >= 7 ? ' data-table--wide' : ''}`}
        id={id}
        role="table"
      >
        <caption id={`${id}-caption`}>{caption}</caption>
        <thead role="rowgroup">
          <tr role="row">
            {head.map((h, i) => (
              <th
                key={i}
                scope="col"
                role="columnheader"
                className={figures.has(i) ? 'data-table__figure-head' : undefined}
              >
                {h}
              </th>
            ))}
          </tr>
        </thead>
        <tbody role="rowgroup">
          {Children.map(children, (row) => labelCells(row, labels, keyColumn))}
          {empty ? (
            <tr role="row">
              <td colSpan={head.length} className="data-table__empty" role="cell">
                {empty}
              </td>
            </tr>
          ) : null}
        </tbody>
      </table>
    </div>
  );
}

/** A row's figure cells (amounts, rates, periods) in order, each right-aligned (`num`). */
export function figureCells(values: ReactNode[]): ReactNode[] {
  return values.map((value, i) => (
    <td key={i} className="num">
      {value}
    </td>
  ));
}

/**
 * The figures a member opens the page for (a balance, the debt, this month's deduction), at the top
 * of the page in large type so they are on a phone's first screen.
 */
export function KeyFigures({ label, items }: { label: string; items: Array<[label: ReactNode, value: ReactNode]> }) {
  return (
    <dl className="key-figures" aria-label={label}>
      {items.map(([term, value], i) => (
        <div key={i} className="key-figures__item">
          <dt>{term}</dt>
          <dd className="money" data-money="">
            {value}
          </dd>
        </div>
      ))}
    </dl>
  );
}

export const DATE_HINT = `รูปแบบ ${DATE_FORMAT_HINT} (พ.ศ.) เช่น 01/01/2568`;

/**
 * The Buddhist-era date-range filter of a statement: a plain GET form.
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
          <Spoken text={DATE_HINT} />
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
    <form method="get" className="filter" role="search" aria-label="ค้นหาตามช่วงวันที่">
      {field('from', 'ตั้งแต่วันที่', fromText)}
      {field('to', 'ถึงวันที่', toText)}
      <div className="filter__actions">
        <button type="submit" className="button">
          ค้นหา
        </button>
        <a href={clearHref} className="button button--secondary">
          แสดงทั้งหมด
        </a>
      </div>
    </form>
  );
}

/**
 * Page links of a statement or a list (prev, numbers around the current page, next): plain links.
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
            <a href={hrefFor(page - 1)} rel="prev">
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
              <a href={hrefFor(n)}>
                <span className="visually-hidden">หน้า </span>
                {n}
              </a>
            )}
          </li>
        ))}
        {page < pages ? (
          <li>
            <a href={hrefFor(page + 1)} rel="next">
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

/** A label/value summary list; a value of text is given its spoken form (components/spoken.tsx). */
export function Facts({ items }: { items: Array<[label: ReactNode, value: ReactNode]> }) {
  return (
    <dl className="facts">
      {items.map(([label, value], i) => (
        <div key={i}>
          <dt>{label}</dt>
          <dd>{typeof value === 'string' ? <Spoken text={value} /> : value}</dd>
        </div>
      ))}
    </dl>
  );
}

/** A friendly empty state. */
export function Empty({ children }: { children: ReactNode }) {
  return <p className="empty">{children}</p>;
}

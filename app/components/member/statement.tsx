import { useLocation } from '@remix-run/react';

import { usePageHref } from '~/lib/statement';

import { DataTable, DateRangeFilter, Pager } from './data';

/** A statement column after the date: its header, the row's field it shows, and whether it is a figure. */
export interface StatementColumn<T> {
  head: string;
  field: keyof T;
  num?: boolean;
}

/**
 * A statement as every statement page shows it (shares, a loan, a deposit account): a titled panel with
 * the Buddhist-era date filter, the table of one page of rows (the date is each row's header, as a
 * card's title on a phone), and the page links. `name` prefixes the ids (`<name>-statement`,
 * `<name>-table`); `subject` ends the caption and the page links' label (รายการเคลื่อนไหว<subject>).
 */
export function StatementSection<T extends { date: string }>({
  name,
  heading,
  subject,
  columns,
  keyColumn,
  statement: { rows, total, page, pages, filter },
}: {
  name: string;
  heading: string;
  subject: string;
  columns: Array<StatementColumn<T>>;
  keyColumn: number;
  statement: {
    rows: T[];
    total: number;
    page: number;
    pages: number;
    filter: { fromText: string; toText: string; errors?: { from?: string; to?: string }; active: boolean };
  };
}) {
  const hrefFor = usePageHref();
  const { pathname } = useLocation();
  return (
    <section className="panel" aria-labelledby={`${name}-statement`}>
      <h2 id={`${name}-statement`}>{heading}</h2>
      <DateRangeFilter fromText={filter.fromText} toText={filter.toText} errors={filter.errors} clearHref={pathname} />
      <DataTable
        id={`${name}-table`}
        keyColumn={keyColumn}
        caption={`รายการเคลื่อนไหว${subject} ${total} รายการ (หน้า ${page} จาก ${pages})`}
        head={['วันที่', ...columns.map((column) => column.head)]}
        empty={rows.length ? undefined : filter.active ? 'ไม่พบรายการในช่วงวันที่ที่เลือก' : 'ยังไม่มีรายการ'}
      >
        {rows.map((row, i) => (
          <tr key={i}>
            <th scope="row" className="nowrap">
              {row.date}
            </th>
            {columns.map((column) => (
              <td key={String(column.field)} className={column.num ? 'num' : undefined}>
                {String(row[column.field])}
              </td>
            ))}
          </tr>
        ))}
      </DataTable>
      <Pager page={page} pages={pages} hrefFor={hrefFor} label={`เลขหน้ารายการ${subject}`} />
    </section>
  );
}

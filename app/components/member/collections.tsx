import type { ReactNode } from 'react';

import { Spoken } from '~/components/spoken';
import { site } from '~/config/site';
import { collectionGuidance, type CollectionGuidance as Guidance } from '~/lib/collection-guidance';
import { COLLECTION_STATUS_TEXT, collectionStatus, collectionTone, toneClass } from '~/lib/status-colors';
import { usePageHref } from '~/lib/statement';
import { formatDate, formatMonth, formatSatang } from '~/lib/thai-format';
import type { MonthlyCollection } from '~/server/coop/types';

import { DataTable, Empty, figureCells, Pager } from './data';

/** Billing months per page of the kep and kepcrem pages, newest first (ADR 029): half a year. */
export const MONTHS_PER_PAGE = 6;

/** View model of a collection month (kep or kepcrem): only display strings reach the browser. */
export function collectionView(c: MonthlyCollection) {
  const status = collectionStatus({
    posted: c.posted,
    billedSatang: c.billedSatang,
    collectedSatang: c.collectedSatang,
  });
  return {
    key: `${c.year}-${String(c.month).padStart(2, '0')}`,
    month: formatMonth(c.year, c.month),
    status,
    statusText: COLLECTION_STATUS_TEXT[status],
    // What happens next and whom to call, for a month not collected in full (the PDF draws the same).
    guidance: collectionGuidance(status, c.billedSatang, c.collectedSatang),
    toneClass: toneClass(collectionTone(status)),
    billed: formatSatang(c.billedSatang),
    collected: formatSatang(c.collectedSatang),
    receiptNo: c.receiptNo ?? ' - ',
    receiptDate: formatDate(c.receiptDate),
    // A receipt only for money received: a month collected in full or in part, not a failed one.
    isReceipt: c.posted && c.collectedSatang > 0 && c.receiptNo !== null,
    lines: c.lines.map((l) => {
      // Shares, deposits, fees have no principal/interest split: the amount is all principal.
      const split = l.principalSatang !== 0 || l.interestSatang !== 0;
      return {
        seq: l.seq,
        description: l.description,
        contractNo: l.contractNo ?? '',
        period: l.period ?? ' - ',
        principal: formatSatang(split ? l.principalSatang : l.amountSatang),
        interest: split ? formatSatang(l.interestSatang) : ' - ',
        amount: formatSatang(l.amountSatang),
      };
    }),
  };
}

export type CollectionView = ReturnType<typeof collectionView>;

/** A month's guidance (`collectionGuidance`), the cooperative's phone as a link to call. */
export function CollectionGuidanceNote({ guidance, level = 3 }: { guidance: Guidance; level?: 2 | 3 }) {
  const Heading = level === 2 ? 'h2' : 'h3';
  return (
    <div className="callout collection__guidance">
      <Heading>{guidance.title}</Heading>
      {guidance.lines.map((line) => {
        const [before, after] = line.split(site.phone.label);
        return (
          <p key={line}>
            {after === undefined ? (
              line
            ) : (
              <>
                {before}
                <a className="nowrap" href={site.phone.href}>
                  {site.phone.label}
                </a>
                {after}
              </>
            )}
          </p>
        );
      })}
    </div>
  );
}

/** The detail lines of a billing month (the card's details and the printable bill share it). */
export function CollectionLines({
  id,
  caption,
  lines,
}: {
  id: string;
  caption: string;
  lines: CollectionView['lines'];
}) {
  return (
    <DataTable
      id={id}
      caption={caption}
      keyColumn={5}
      head={['ลำดับ', 'รายการ', 'งวด', 'เงินต้น (บาท)', 'ดอกเบี้ย (บาท)', 'รวม (บาท)']}
    >
      {lines.map((l) => (
        <tr key={l.seq}>
          <td className="num">{l.seq}</td>
          <th scope="row">
            {l.description}
            {l.contractNo ? <span className="nowrap"> ({l.contractNo})</span> : null}
          </th>
          {figureCells([l.period, l.principal, l.interest, l.amount])}
        </tr>
      ))}
    </DataTable>
  );
}

/**
 * One card per billing month with its status in text and colour; the detail lines open in a
 * <details> (works without JavaScript, keyboard-operable by default).
 */
export function CollectionList({
  months,
  idPrefix,
  printBase,
}: {
  months: CollectionView[];
  idPrefix: string;
  printBase?: string;
}) {
  if (!months.length) return <Empty>ยังไม่มีรายการเรียกเก็บ</Empty>;
  return (
    <ul className="cards">
      {months.map((m) => (
        <li key={m.key} className="panel">
          <article aria-labelledby={`${idPrefix}-${m.key}`}>
            <h2 id={`${idPrefix}-${m.key}`} className="collection__title">
              <span>{m.month}</span>
              <span className={`badge ${m.toneClass}`}>{m.statusText}</span>
            </h2>
            <dl className="facts">
              <div>
                <dt>ยอดเรียกเก็บ</dt>
                <dd>{m.billed} บาท</dd>
              </div>
              <div>
                <dt>ยอดที่หักได้</dt>
                <dd>{m.collected} บาท</dd>
              </div>
              <div>
                <dt>เลขที่ใบเสร็จ</dt>
                <dd>
                  <Spoken text={m.receiptNo} />
                </dd>
              </div>
              <div>
                <dt>วันที่ใบเสร็จ</dt>
                <dd>
                  <Spoken text={m.receiptDate} />
                </dd>
              </div>
            </dl>
            {m.guidance ? <CollectionGuidanceNote guidance={m.guidance} /> : null}
            <details className="collection__details">
              <summary>รายละเอียด {m.lines.length} รายการ</summary>
              <CollectionLines
                id={`${idPrefix}-lines-${m.key}`}
                caption={`รายละเอียดรายการเรียกเก็บ ${m.month}`}
                lines={m.lines}
              />
            </details>
            {printBase ? (
              <p>
                <a href={`${printBase}/${m.key}`}>
                  {m.isReceipt ? 'พิมพ์ใบเสร็จรับเงิน' : 'พิมพ์ใบแจ้งหนี้'}
                  <span className="visually-hidden"> {m.month}</span>
                </a>
              </p>
            ) : null}
          </article>
        </li>
      ))}
    </ul>
  );
}

/**
 * A page of billing months (kep, kepcrem; ADR 029): the title, `before` (kep: the latest month's
 * figure), the months, the pager (labelled "เลขหน้า" and the title) and `after`.
 */
export function CollectionPage({
  title,
  months,
  page,
  pages,
  idPrefix,
  printBase,
  before,
  after,
}: {
  title: string;
  months: CollectionView[];
  page: number;
  pages: number;
  idPrefix: string;
  printBase?: string;
  before?: ReactNode;
  after?: ReactNode;
}) {
  const hrefFor = usePageHref();
  return (
    <>
      <h1>{title}</h1>
      {before}
      <CollectionList months={months} idPrefix={idPrefix} printBase={printBase} />
      <Pager page={page} pages={pages} hrefFor={hrefFor} label={`เลขหน้า${title}`} />
      {after}
    </>
  );
}

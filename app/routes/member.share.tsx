import type { LoaderFunctionArgs, MetaFunction } from '@remix-run/node';
import { json } from '@remix-run/node';
import { useLoaderData, useLocation } from '@remix-run/react';

import { CapitalChart } from '~/components/member/charts';
import { DataTable, DateRangeFilter, Empty, Facts, KeyFigures, Pager } from '~/components/member/data';
import { pageCount } from '~/lib/forms/statement-query';
import { titleFor } from '~/lib/meta';
import { usePageHref } from '~/lib/statement';
import { EMPTY, formatDate, formatSatang } from '~/lib/thai-format';
import { app } from '~/server/app.server';
import { requireMember } from '~/server/auth.server';
import { statementRequest } from '~/server/statement-query.server';

export async function loader({ request }: LoaderFunctionArgs) {
  const member = await requireMember(request);
  const { backend } = await app();
  const { query, filter } = statementRequest(new URL(request.url));
  const [summary, statement, history] = await Promise.all([
    backend.getShareSummary(member.credentials),
    backend.getShareStatement(member.credentials, query),
    backend.getShareCapitalHistory(member.credentials, 24),
  ]);
  return json(
    {
      summary: summary && {
        capital: formatSatang(summary.capitalSatang),
        monthly: summary.suspended ? 'งดส่งค่าหุ้น' : `${formatSatang(summary.monthlySatang)} บาท`,
        lastPeriod: summary.lastPeriod,
      },
      rows: statement.rows.map((r) => ({
        date: formatDate(r.date, 'short'),
        period: r.period ?? EMPTY,
        description: r.description,
        amount: formatSatang(r.amountSatang),
        balance: formatSatang(r.balanceSatang),
      })),
      total: statement.total,
      page: statement.page,
      pages: pageCount(statement.total),
      history,
      filter,
    },
    { headers: { 'Cache-Control': 'private, no-store' } },
  );
}

export const meta: MetaFunction = (args) => [titleFor(args, 'ทุนเรือนหุ้น')];

export default function SharePage() {
  const { summary, rows, total, page, pages, history, filter } = useLoaderData<typeof loader>();
  const hrefFor = usePageHref();
  const { pathname } = useLocation();
  return (
    <>
      <h1>ทุนเรือนหุ้น</h1>
      {summary ? (
        <section className="panel" aria-labelledby="share-summary">
          <h2 id="share-summary">สรุปทุนเรือนหุ้น</h2>
          <KeyFigures label="ทุนเรือนหุ้นสะสม" items={[['ทุนเรือนหุ้นสะสม', `${summary.capital} บาท`]]} />
          <Facts
            items={[
              ['ส่งค่าหุ้นรายเดือน', summary.monthly],
              ['งวดล่าสุด', summary.lastPeriod],
            ]}
          />
        </section>
      ) : (
        <Empty>ยังไม่มีข้อมูลทุนเรือนหุ้น</Empty>
      )}
      {summary ? (
        <section className="panel" aria-labelledby="share-chart">
          <h2 id="share-chart">ทุนเรือนหุ้น 24 เดือนล่าสุด</h2>
          <CapitalChart points={history} />
        </section>
      ) : null}
      <section className="panel" aria-labelledby="share-statement">
        <h2 id="share-statement">รายการเคลื่อนไหวทุนเรือนหุ้น</h2>
        <DateRangeFilter
          fromText={filter.fromText}
          toText={filter.toText}
          errors={filter.errors}
          clearHref={pathname}
        />
        <DataTable
          id="share-table"
          keyColumn={3}
          caption={`รายการเคลื่อนไหวทุนเรือนหุ้น ${total} รายการ (หน้า ${page} จาก ${pages})`}
          head={['วันที่', 'งวด', 'รายการ', 'จำนวนเงิน (บาท)', 'ทุนเรือนหุ้นคงเหลือ (บาท)']}
          empty={rows.length ? undefined : filter.active ? 'ไม่พบรายการในช่วงวันที่ที่เลือก' : 'ยังไม่มีรายการ'}
        >
          {rows.map((r, i) => (
            <tr key={i}>
              <th scope="row" className="nowrap">
                {r.date}
              </th>
              <td className="num">{r.period}</td>
              <td>{r.description}</td>
              <td className="num">{r.amount}</td>
              <td className="num">{r.balance}</td>
            </tr>
          ))}
        </DataTable>
        <Pager page={page} pages={pages} hrefFor={hrefFor} label="เลขหน้ารายการทุนเรือนหุ้น" />
      </section>
    </>
  );
}

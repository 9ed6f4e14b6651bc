import type { LoaderFunctionArgs, MetaFunction } from '@remix-run/node';
import { json } from '@remix-run/node';
import { useLoaderData, useLocation } from '@remix-run/react';

import { DataTable, DateRangeFilter, Facts, Pager } from '~/components/member/data';
import { pageCount } from '~/lib/forms/statement-query';
import { titleFor } from '~/lib/meta';
import { usePageHref } from '~/lib/statement';
import { EMPTY, formatDate, formatSatang } from '~/lib/thai-format';
import { app } from '~/server/app.server';
import { requireMember } from '~/server/auth.server';
import { statementRequest } from '~/server/statement-query.server';

export async function loader({ request, params }: LoaderFunctionArgs) {
  const member = await requireMember(request);
  const contractNo = params.statement ?? '';
  const { backend } = await app();
  const { query, filter } = statementRequest(new URL(request.url));
  const [loan, statement] = await Promise.all([
    backend.getLoan(member.credentials, contractNo),
    backend.getLoanStatement(member.credentials, contractNo, query),
  ]);
  // Another member's contract (or none at all) is simply not found: never their data.
  if (!loan || !statement) throw json(null, { status: 404, headers: { 'Cache-Control': 'private, no-store' } });
  return json(
    {
      loan: {
        contractNo: loan.contractNo,
        loanType: loan.loanType,
        approved: formatSatang(loan.approvedSatang),
        balance: formatSatang(loan.balanceSatang),
        startDate: formatDate(loan.startDate),
        percentRepaid: loan.percentRepaid,
      },
      rows: statement.rows.map((r) => ({
        date: formatDate(r.date, 'short'),
        period: r.period ?? EMPTY,
        item: r.item,
        principal: formatSatang(r.principalSatang),
        interest: formatSatang(r.interestSatang),
        balance: formatSatang(r.balanceSatang),
      })),
      total: statement.total,
      page: statement.page,
      pages: pageCount(statement.total),
      filter,
    },
    { headers: { 'Cache-Control': 'private, no-store' } },
  );
}

export const meta: MetaFunction = (args) => [titleFor(args, 'รายการเคลื่อนไหวเงินกู้')];

export default function LoanStatementPage() {
  const { loan, rows, total, page, pages, filter } = useLoaderData<typeof loader>();
  const hrefFor = usePageHref();
  const { pathname } = useLocation();
  return (
    <>
      <h1>
        รายการเคลื่อนไหวเงินกู้ <span className="nowrap">สัญญาเลขที่ {loan.contractNo}</span>
      </h1>
      <section className="panel" aria-labelledby="loan-head">
        <h2 id="loan-head">{loan.loanType}</h2>
        <Facts
          items={[
            ['วงเงินกู้', `${loan.approved} บาท`],
            ['หนี้คงเหลือ', `${loan.balance} บาท`],
            ['วันที่เริ่มสัญญา', loan.startDate],
            ['ชำระแล้ว', `${loan.percentRepaid}%`],
          ]}
        />
      </section>
      <section className="panel" aria-labelledby="loan-statement">
        <h2 id="loan-statement">รายการชำระ</h2>
        <DateRangeFilter
          fromText={filter.fromText}
          toText={filter.toText}
          errors={filter.errors}
          clearHref={pathname}
        />
        <DataTable
          id="loan-table"
          keyColumn={5}
          caption={`รายการเคลื่อนไหวเงินกู้ ${total} รายการ (หน้า ${page} จาก ${pages})`}
          head={['วันที่', 'งวด', 'รายการ', 'เงินต้น (บาท)', 'ดอกเบี้ย (บาท)', 'เงินต้นคงเหลือ (บาท)']}
          empty={rows.length ? undefined : filter.active ? 'ไม่พบรายการในช่วงวันที่ที่เลือก' : 'ยังไม่มีรายการ'}
        >
          {rows.map((r, i) => (
            <tr key={i}>
              <th scope="row" className="nowrap">
                {r.date}
              </th>
              <td className="num">{r.period}</td>
              <td>{r.item}</td>
              <td className="num">{r.principal}</td>
              <td className="num">{r.interest}</td>
              <td className="num">{r.balance}</td>
            </tr>
          ))}
        </DataTable>
        <Pager page={page} pages={pages} hrefFor={hrefFor} label="เลขหน้ารายการเงินกู้" />
      </section>
    </>
  );
}

import type { LoaderFunctionArgs, MetaFunction } from '@remix-run/node';
import { json } from '@remix-run/node';
import { useLoaderData, useLocation } from '@remix-run/react';

import { DataTable, DateRangeFilter, Facts, Pager } from '~/components/member/data';
import { pageCount } from '~/lib/forms/statement-query';
import { titleFor } from '~/lib/meta';
import { usePageHref } from '~/lib/statement';
import { formatDate, formatSatang } from '~/lib/thai-format';
import { app } from '~/server/app.server';
import { requireMember } from '~/server/auth.server';
import { statementRequest } from '~/server/statement-query.server';

export async function loader({ request, params }: LoaderFunctionArgs) {
  const member = await requireMember(request);
  const accountNo = params.statement ?? '';
  const { backend } = await app();
  const { query, filter } = statementRequest(new URL(request.url));
  const [account, statement] = await Promise.all([
    backend.getDepositAccount(member.credentials, accountNo),
    backend.getDepositStatement(member.credentials, accountNo, query),
  ]);
  // Another member's account (or none at all) is simply not found: never their data.
  if (!account || !statement) throw json(null, { status: 404, headers: { 'Cache-Control': 'private, no-store' } });
  return json(
    {
      account: {
        accountNo: account.accountNo,
        typeName: account.typeName,
        accountName: account.accountName,
        balance: formatSatang(account.balanceSatang),
        withdrawable: formatSatang(account.withdrawableSatang),
        opened: formatDate(account.openedDate),
      },
      rows: statement.rows.map((r) => ({
        date: formatDate(r.date, 'short'),
        description: r.description,
        deposit: r.amountSatang >= 0 ? formatSatang(r.amountSatang) : '',
        withdrawal: r.amountSatang < 0 ? formatSatang(-r.amountSatang) : '',
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

export const meta: MetaFunction = (args) => [titleFor(args, 'รายการเคลื่อนไหวเงินฝาก')];

export default function DepositStatementPage() {
  const { account, rows, total, page, pages, filter } = useLoaderData<typeof loader>();
  const hrefFor = usePageHref();
  const { pathname } = useLocation();
  return (
    <>
      <h1>
        รายการเคลื่อนไหวเงินฝาก <span className="nowrap">บัญชี {account.accountNo}</span>
      </h1>
      <section className="panel" aria-labelledby="account-head">
        <h2 id="account-head">{account.typeName}</h2>
        <Facts
          items={[
            ['ชื่อบัญชี', account.accountName],
            ['ยอดคงเหลือ', `${account.balance} บาท`],
            ['ถอนได้', `${account.withdrawable} บาท`],
            ['วันที่เปิดบัญชี', account.opened],
          ]}
        />
      </section>
      <section className="panel" aria-labelledby="dep-statement">
        <h2 id="dep-statement">รายการเคลื่อนไหว</h2>
        <DateRangeFilter
          fromText={filter.fromText}
          toText={filter.toText}
          errors={filter.errors}
          clearHref={pathname}
        />
        <DataTable
          id="dep-table"
          keyColumn={4}
          caption={`รายการเคลื่อนไหวเงินฝาก ${total} รายการ (หน้า ${page} จาก ${pages})`}
          head={['วันที่', 'รายการ', 'ฝาก (บาท)', 'ถอน (บาท)', 'คงเหลือ (บาท)']}
          empty={rows.length ? undefined : filter.active ? 'ไม่พบรายการในช่วงวันที่ที่เลือก' : 'ยังไม่มีรายการ'}
        >
          {rows.map((r, i) => (
            <tr key={i}>
              <th scope="row" className="nowrap">
                {r.date}
              </th>
              <td>{r.description}</td>
              <td className="num">{r.deposit}</td>
              <td className="num">{r.withdrawal}</td>
              <td className="num">{r.balance}</td>
            </tr>
          ))}
        </DataTable>
        <Pager page={page} pages={pages} hrefFor={hrefFor} label="เลขหน้ารายการเงินฝาก" />
      </section>
    </>
  );
}

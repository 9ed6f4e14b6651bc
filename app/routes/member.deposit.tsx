import type { LoaderFunctionArgs, MetaFunction } from '@remix-run/node';
import { json } from '@remix-run/node';
import { Link, useLoaderData } from '@remix-run/react';

import { DataTable, Empty, figureCells, KeyFigures } from '~/components/member/data';
import { titleFor } from '~/lib/meta';
import { formatDate, formatSatang } from '~/lib/thai-format';
import { app } from '~/server/app.server';
import { requireMember } from '~/server/auth/auth.server';

export async function loader({ request, context }: LoaderFunctionArgs) {
  const member = await requireMember(request, context);
  const { backend } = await app();
  const accounts = await backend.getDepositAccounts(member.credentials);
  return json({
    accounts: accounts.map((a) => ({
      accountNo: a.accountNo,
      typeName: a.typeName,
      accountName: a.accountName,
      balance: formatSatang(a.balanceSatang),
      interest: formatSatang(a.accruedInterestSatang),
      withdrawable: formatSatang(a.withdrawableSatang),
      held: formatSatang(a.heldSatang),
      opened: formatDate(a.openedDate, 'short'),
    })),
    totalBalance: formatSatang(accounts.reduce((s, a) => s + a.balanceSatang, 0)),
    totalInterest: formatSatang(accounts.reduce((s, a) => s + a.accruedInterestSatang, 0)),
  });
}

export const meta: MetaFunction = (args) => [titleFor(args, 'เงินฝาก')];

export default function DepositPage() {
  const { accounts, totalBalance, totalInterest } = useLoaderData<typeof loader>();
  return (
    <>
      <h1>เงินฝาก</h1>
      {accounts.length ? (
        <>
          <KeyFigures
            label="สรุปเงินฝาก"
            items={[
              ['ยอดเงินฝากรวม', `${totalBalance} บาท`],
              ['ดอกเบี้ยสะสม', `${totalInterest} บาท`],
            ]}
          />
          <DataTable
            id="deposit-table"
            keyColumn={3}
            caption={`บัญชีเงินฝาก ${accounts.length} บัญชี`}
            head={[
              'เลขที่บัญชี',
              'ประเภท',
              'ชื่อบัญชี',
              'ยอดคงเหลือ (บาท)',
              'ดอกเบี้ยสะสม (บาท)',
              'ถอนได้ (บาท)',
              'ค้ำประกันเงินกู้ (บาท)',
              'วันที่เปิดบัญชี',
            ]}
          >
            {accounts.map((a) => (
              <tr key={a.accountNo}>
                <th scope="row">
                  <Link to={`/member/dep_statement/${encodeURIComponent(a.accountNo)}`}>
                    {a.accountNo}
                    <span className="visually-hidden"> ดูรายการเคลื่อนไหว</span>
                  </Link>
                </th>
                <td>{a.typeName}</td>
                <td>{a.accountName}</td>
                {figureCells([a.balance, a.interest, a.withdrawable, a.held])}
                <td className="nowrap">{a.opened}</td>
              </tr>
            ))}
          </DataTable>
        </>
      ) : (
        <Empty>ไม่มีบัญชีเงินฝาก</Empty>
      )}
    </>
  );
}

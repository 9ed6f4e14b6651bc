import type { LoaderFunctionArgs, MetaFunction } from '@remix-run/node';
import { json } from '@remix-run/node';
import { useLoaderData } from '@remix-run/react';

import { DataTable, Empty, figureCells } from '~/components/member/data';
import { titleFor } from '~/lib/meta';
import { formatDate, formatSatang } from '~/lib/thai-format';
import { app } from '~/server/app.server';
import { requireMember } from '~/server/auth/auth.server';

export async function loader({ request, context }: LoaderFunctionArgs) {
  const member = await requireMember(request, context);
  const { backend } = await app();
  const guarantees = await backend.getGuarantees(member.credentials);
  return json({
    guarantees: guarantees.map((g) => ({
      borrower: `${g.borrowerName} (${g.borrowerNo})`,
      contractNo: g.contractNo,
      startDate: formatDate(g.startDate, 'short'),
      approved: formatSatang(g.approvedSatang),
      balance: formatSatang(g.balanceSatang),
      arrear: formatSatang(g.interestArrearSatang),
      guaranteed: formatSatang(g.guaranteedSatang),
    })),
  });
}

export const meta: MetaFunction = (args) => [titleFor(args, 'การค้ำประกัน')];

export default function CollPage() {
  const { guarantees } = useLoaderData<typeof loader>();
  return (
    <>
      <h1>การค้ำประกัน</h1>
      {guarantees.length ? (
        <DataTable
          id="coll-table"
          keyColumn={6}
          caption={`สัญญาเงินกู้ที่ท่านค้ำประกัน ${guarantees.length} สัญญา`}
          head={[
            'ผู้กู้',
            'เลขที่สัญญา',
            'วันที่เริ่มสัญญา',
            'วงเงินกู้ (บาท)',
            'หนี้คงเหลือ (บาท)',
            'ดอกเบี้ยค้าง (บาท)',
            'ยอดค้ำประกัน (บาท)',
          ]}
        >
          {guarantees.map((g) => (
            <tr key={g.contractNo}>
              <th scope="row">{g.borrower}</th>
              <td className="nowrap">{g.contractNo}</td>
              <td className="nowrap">{g.startDate}</td>
              {figureCells([g.approved, g.balance, g.arrear, g.guaranteed])}
            </tr>
          ))}
        </DataTable>
      ) : (
        <Empty>ท่านไม่ได้ค้ำประกันเงินกู้ของสมาชิกท่านอื่น</Empty>
      )}
    </>
  );
}

import type { LoaderFunctionArgs, MetaFunction } from '@remix-run/node';
import { json } from '@remix-run/node';
import { useLoaderData } from '@remix-run/react';

import { DataTable, Empty, figureCells, KeyFigures } from '~/components/member/data';
import { titleFor } from '~/lib/meta';
import { formatSatang, toBuddhistYear } from '~/lib/thai-format';
import { app } from '~/server/app.server';
import { requireMember } from '~/server/auth/auth.server';

/** Shown instead of an amount the cooperative withheld (spec: 'งด'). */
const WITHHELD = 'งด';

export async function loader({ request, context }: LoaderFunctionArgs) {
  const member = await requireMember(request, context);
  const { backend } = await app();
  const dividends = await backend.getDividends(member.credentials);
  return json({
    years: dividends.map((d) => {
      const dividend = d.dividendWithheld ? 0 : d.dividendSatang;
      const averageReturn = d.averageReturnWithheld ? 0 : d.averageReturnSatang;
      return {
        year: toBuddhistYear(d.year),
        dividendRate: d.dividendRate,
        dividend: d.dividendWithheld ? WITHHELD : formatSatang(d.dividendSatang),
        averageReturnRate: d.averageReturnRate,
        averageReturn: d.averageReturnWithheld ? WITHHELD : formatSatang(d.averageReturnSatang),
        interestPaid: formatSatang(d.interestPaidSatang),
        net: formatSatang(dividend + averageReturn),
        payoutMethod: d.payoutMethod,
      };
    }),
  });
}

export const meta: MetaFunction = (args) => [titleFor(args, 'เงินปันผล')];

export default function DividendPage() {
  const { years } = useLoaderData<typeof loader>();
  return (
    <>
      <h1>เงินปันผลและเงินเฉลี่ยคืน</h1>
      {years[0] ? (
        <KeyFigures label="เงินปันผลปีล่าสุด" items={[[`รับสุทธิ ปีบัญชี ${years[0].year}`, `${years[0].net} บาท`]]} />
      ) : null}
      {years.length ? (
        <DataTable
          id="dividend-table"
          keyColumn={6}
          caption="เงินปันผลและเงินเฉลี่ยคืนรายปี"
          head={[
            'ปีบัญชี',
            'อัตราปันผล (%)',
            'เงินปันผล (บาท)',
            'อัตราเฉลี่ยคืน (%)',
            'เงินเฉลี่ยคืน (บาท)',
            'ดอกเบี้ยที่ชำระ (บาท)',
            'รับสุทธิ (บาท)',
            'วิธีรับเงิน',
          ]}
        >
          {years.map((y) => (
            <tr key={y.year}>
              <th scope="row">{y.year}</th>
              {figureCells([y.dividendRate, y.dividend, y.averageReturnRate, y.averageReturn, y.interestPaid])}
              <td className="num">
                <strong>{y.net}</strong>
              </td>
              <td>{y.payoutMethod}</td>
            </tr>
          ))}
        </DataTable>
      ) : (
        <Empty>ยังไม่มีข้อมูลเงินปันผล</Empty>
      )}
    </>
  );
}

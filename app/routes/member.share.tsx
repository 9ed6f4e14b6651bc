import type { LoaderFunctionArgs, MetaFunction } from '@remix-run/node';
import { json } from '@remix-run/node';
import { useLoaderData } from '@remix-run/react';

import { CapitalChart } from '~/components/member/charts';
import { Empty, Facts, KeyFigures } from '~/components/member/data';
import { StatementSection } from '~/components/member/statement';
import { titleFor } from '~/lib/meta';
import { EMPTY, formatDate, formatSatang } from '~/lib/thai-format';
import { app } from '~/server/app.server';
import { requireMember } from '~/server/auth/auth.server';
import { loadStatement } from '~/server/member/statement-query.server';

export async function loader({ request, context }: LoaderFunctionArgs) {
  const member = await requireMember(request, context);
  const { backend } = await app();
  const {
    record: { summary, history },
    statement,
  } = await loadStatement(
    new URL(request.url),
    async (query) => {
      const [summary, statement, history] = await Promise.all([
        backend.getShareSummary(member.credentials),
        backend.getShareStatement(member.credentials, query),
        backend.getShareCapitalHistory(member.credentials, 24),
      ]);
      return [{ summary, history }, statement];
    },
    (r) => ({
      date: formatDate(r.date, 'short'),
      period: r.period ?? EMPTY,
      description: r.description,
      amount: formatSatang(r.amountSatang),
      balance: formatSatang(r.balanceSatang),
    }),
  );
  return json({
    summary: summary && {
      capital: formatSatang(summary.capitalSatang),
      monthly: summary.suspended ? 'งดส่งค่าหุ้น' : `${formatSatang(summary.monthlySatang)} บาท`,
      lastPeriod: summary.lastPeriod,
    },
    history,
    statement,
  });
}

export const meta: MetaFunction = (args) => [titleFor(args, 'ทุนเรือนหุ้น')];

export default function SharePage() {
  const { summary, history, statement } = useLoaderData<typeof loader>();
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
      <StatementSection
        name="share"
        heading="รายการเคลื่อนไหวทุนเรือนหุ้น"
        subject="ทุนเรือนหุ้น"
        keyColumn={3}
        columns={[
          { head: 'งวด', field: 'period', num: true },
          { head: 'รายการ', field: 'description' },
          { head: 'จำนวนเงิน (บาท)', field: 'amount', num: true },
          { head: 'ทุนเรือนหุ้นคงเหลือ (บาท)', field: 'balance', num: true },
        ]}
        statement={statement}
      />
    </>
  );
}

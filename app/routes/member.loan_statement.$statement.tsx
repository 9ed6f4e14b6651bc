import type { LoaderFunctionArgs, MetaFunction } from '@remix-run/node';
import { json } from '@remix-run/node';
import { useLoaderData } from '@remix-run/react';

import { Facts } from '~/components/member/data';
import { StatementSection } from '~/components/member/statement';
import { titleFor } from '~/lib/meta';
import { EMPTY, formatDate, formatSatang } from '~/lib/thai-format';
import { app } from '~/server/app.server';
import { requireMember } from '~/server/auth/auth.server';
import { loadStatement } from '~/server/member/statement-query.server';

export async function loader({ request, params, context }: LoaderFunctionArgs) {
  const member = await requireMember(request, context);
  const contractNo = params.statement ?? '';
  const { backend } = await app();
  const { record: loan, statement } = await loadStatement(
    new URL(request.url),
    (query) =>
      Promise.all([
        backend.getLoan(member.credentials, contractNo),
        backend.getLoanStatement(member.credentials, contractNo, query),
      ]),
    (r) => ({
      date: formatDate(r.date, 'short'),
      period: r.period ?? EMPTY,
      item: r.item,
      principal: formatSatang(r.principalSatang),
      interest: formatSatang(r.interestSatang),
      balance: formatSatang(r.balanceSatang),
    }),
  );
  return json({
    loan: {
      contractNo: loan.contractNo,
      loanType: loan.loanType,
      approved: formatSatang(loan.approvedSatang),
      balance: formatSatang(loan.balanceSatang),
      startDate: formatDate(loan.startDate),
      percentRepaid: loan.percentRepaid,
    },
    statement,
  });
}

/** The contract is in the title: each statement is told apart in the tabs, the history and by a screen reader. */
export const meta: MetaFunction<typeof loader> = (args) => {
  const contractNo = args.data?.loan.contractNo;
  return [titleFor(args, contractNo ? `รายการเคลื่อนไหวเงินกู้ สัญญาเลขที่ ${contractNo}` : 'รายการเคลื่อนไหวเงินกู้')];
};

export default function LoanStatementPage() {
  const { loan, statement } = useLoaderData<typeof loader>();
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
      <StatementSection
        name="loan"
        heading="รายการชำระ"
        subject="เงินกู้"
        keyColumn={5}
        columns={[
          { head: 'งวด', field: 'period', num: true },
          { head: 'รายการ', field: 'item' },
          { head: 'เงินต้น (บาท)', field: 'principal', num: true },
          { head: 'ดอกเบี้ย (บาท)', field: 'interest', num: true },
          { head: 'เงินต้นคงเหลือ (บาท)', field: 'balance', num: true },
        ]}
        statement={statement}
      />
    </>
  );
}

import type { LoaderFunctionArgs, MetaFunction } from '@remix-run/node';
import { json } from '@remix-run/node';
import { Link, useLoaderData } from '@remix-run/react';

import { Spoken } from '~/components/spoken';
import { RepaymentBar } from '~/components/member/charts';
import { Empty, Facts, KeyFigures } from '~/components/member/data';
import { titleFor } from '~/lib/meta';
import { EMPTY, formatDate, formatSatang, spokenInstalment } from '~/lib/thai-format';
import { app } from '~/server/app.server';
import { requireMember } from '~/server/auth/auth.server';

export async function loader({ request, context }: LoaderFunctionArgs) {
  const member = await requireMember(request, context);
  const { backend } = await app();
  const loans = await backend.getLoans(member.credentials);
  return json({
    loans: loans.map((l) => ({
      contractNo: l.contractNo,
      loanType: l.loanType,
      approved: formatSatang(l.approvedSatang),
      balance: formatSatang(l.balanceSatang),
      startDate: formatDate(l.startDate),
      instalment: formatSatang(l.instalmentSatang),
      progress: l.periods === null ? String(l.lastPeriod) : `${l.lastPeriod} / ${l.periods}`,
      interestRate: l.interestRate === null ? EMPTY : `${l.interestRate}% ต่อปี`,
      percentRepaid: l.percentRepaid,
      collateral: l.collateral.map((c) => ({ description: c.description, amount: formatSatang(c.amountSatang) })),
    })),
    totalBalance: formatSatang(loans.reduce((sum, l) => sum + l.balanceSatang, 0)),
  });
}

export const meta: MetaFunction = (args) => [titleFor(args, 'เงินกู้')];

export default function LoanPage() {
  const { loans, totalBalance } = useLoaderData<typeof loader>();
  return (
    <>
      <h1>เงินกู้</h1>
      {loans.length ? (
        <>
          <KeyFigures label="สรุปเงินกู้" items={[[`หนี้เงินกู้คงเหลือรวม (${loans.length} สัญญา)`, `${totalBalance} บาท`]]} />
          <ul className="cards">
            {loans.map((loan) => (
              <li key={loan.contractNo} className="panel">
                <article aria-labelledby={`loan-${loan.contractNo}`}>
                  <h2 id={`loan-${loan.contractNo}`}>
                    {loan.loanType} <span className="nowrap">สัญญาเลขที่ {loan.contractNo}</span>
                  </h2>
                  <RepaymentBar percent={loan.percentRepaid} contractNo={loan.contractNo} />
                  <Facts
                    items={[
                      ['วงเงินกู้', `${loan.approved} บาท`],
                      ['หนี้คงเหลือ', `${loan.balance} บาท`],
                      ['วันที่เริ่มสัญญา', loan.startDate],
                      ['ชำระต่องวด', `${loan.instalment} บาท`],
                      [
                        'งวดที่ชำระแล้ว',
                        <Spoken key="progress" text={loan.progress} spoken={spokenInstalment(loan.progress)} />,
                      ],
                      ['อัตราดอกเบี้ย', loan.interestRate],
                    ]}
                  />
                  <h3>หลักประกัน</h3>
                  {loan.collateral.length ? (
                    <ul className="plain-list">
                      {loan.collateral.map((c, i) => (
                        <li key={i}>
                          {c.description} <span className="nowrap">({c.amount} บาท)</span>
                        </li>
                      ))}
                    </ul>
                  ) : (
                    <p>ไม่มีหลักประกัน</p>
                  )}
                  <p>
                    <Link to={`/member/loan_statement/${encodeURIComponent(loan.contractNo)}`}>
                      ดูรายการเคลื่อนไหว<span className="visually-hidden"> สัญญา {loan.contractNo}</span>
                    </Link>
                  </p>
                </article>
              </li>
            ))}
          </ul>
        </>
      ) : (
        <Empty>ไม่มีเงินกู้คงเหลือ</Empty>
      )}
    </>
  );
}

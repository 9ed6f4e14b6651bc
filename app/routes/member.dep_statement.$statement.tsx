import type { LoaderFunctionArgs, MetaFunction } from '@remix-run/node';
import { json } from '@remix-run/node';
import { useLoaderData } from '@remix-run/react';

import { Facts } from '~/components/member/data';
import { StatementSection } from '~/components/member/statement';
import { titleFor } from '~/lib/meta';
import { formatDate, formatSatang } from '~/lib/thai-format';
import { app } from '~/server/app.server';
import { requireMember } from '~/server/auth/auth.server';
import { loadStatement } from '~/server/member/statement-query.server';

export async function loader({ request, params, context }: LoaderFunctionArgs) {
  const member = await requireMember(request, context);
  const accountNo = params.statement ?? '';
  const { backend } = await app();
  const { record: account, statement } = await loadStatement(
    new URL(request.url),
    (query) =>
      Promise.all([
        backend.getDepositAccount(member.credentials, accountNo),
        backend.getDepositStatement(member.credentials, accountNo, query),
      ]),
    (r) => ({
      date: formatDate(r.date, 'short'),
      description: r.description,
      deposit: r.amountSatang >= 0 ? formatSatang(r.amountSatang) : '',
      withdrawal: r.amountSatang < 0 ? formatSatang(-r.amountSatang) : '',
      balance: formatSatang(r.balanceSatang),
    }),
  );
  return json({
    account: {
      accountNo: account.accountNo,
      typeName: account.typeName,
      accountName: account.accountName,
      balance: formatSatang(account.balanceSatang),
      withdrawable: formatSatang(account.withdrawableSatang),
      opened: formatDate(account.openedDate),
    },
    statement,
  });
}

/** The account is in the title: each statement is told apart in the tabs, the history and by a screen reader. */
export const meta: MetaFunction<typeof loader> = (args) => {
  const accountNo = args.data?.account.accountNo;
  return [titleFor(args, accountNo ? `รายการเคลื่อนไหวเงินฝาก บัญชี ${accountNo}` : 'รายการเคลื่อนไหวเงินฝาก')];
};

export default function DepositStatementPage() {
  const { account, statement } = useLoaderData<typeof loader>();
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
      <StatementSection
        name="dep"
        heading="รายการเคลื่อนไหว"
        subject="เงินฝาก"
        keyColumn={4}
        columns={[
          { head: 'รายการ', field: 'description' },
          { head: 'ฝาก (บาท)', field: 'deposit', num: true },
          { head: 'ถอน (บาท)', field: 'withdrawal', num: true },
          { head: 'คงเหลือ (บาท)', field: 'balance', num: true },
        ]}
        statement={statement}
      />
    </>
  );
}

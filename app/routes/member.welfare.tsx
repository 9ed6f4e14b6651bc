import type { LoaderFunctionArgs, MetaFunction } from '@remix-run/node';
import { json } from '@remix-run/node';
import type { ShouldRevalidateFunction } from '@remix-run/react';
import { useLoaderData } from '@remix-run/react';

import { DataTable, Empty } from '~/components/member/data';
import { LinkTabs } from '~/components/member/tabs';
import { titleFor } from '~/lib/meta';
import { formatDate, formatSatang } from '~/lib/thai-format';
import { app } from '~/server/app.server';
import { requireMember } from '~/server/auth/auth.server';
import { notFoundUnless } from '~/server/http/responses.server';

const TABS = [
  { key: 'received', label: 'สวัสดิการที่ได้รับ' },
  { key: 'eligible', label: 'สวัสดิการที่มีสิทธิ์ได้รับ' },
] as const;
type TabKey = (typeof TABS)[number]['key'];

export async function loader({ request, context }: LoaderFunctionArgs) {
  const member = await requireMember(request, context);
  const { backend } = await app();
  // Not part of this deployment (http mode, ADR 018): not found, rather than "cannot connect".
  notFoundUnless(backend.offers.welfare);
  const items = await backend.getWelfare(member.credentials);
  const view = (tab: TabKey) =>
    items
      .filter((i) => i.tab === tab)
      .map((i) => ({
        kind: i.kind,
        description: i.description,
        date: formatDate(i.date, 'short'),
        amount: formatSatang(i.amountSatang),
      }));
  // Both tabs' rows: the page shows the one its address names (`?tab=`), and a change of tab needs no new data.
  return json({ received: view('received'), eligible: view('eligible') });
}

/**
 * Going to a tab of this page, whichever: its data stays as it is (a form reloads it). A tab chosen
 * again counts too — quick key presses end a navigation on the address already shown.
 */
export const shouldRevalidate: ShouldRevalidateFunction = ({
  currentUrl,
  nextUrl,
  formMethod,
  defaultShouldRevalidate,
}) => {
  const tabOnly =
    !formMethod && currentUrl.pathname === nextUrl.pathname && withoutTab(currentUrl) === withoutTab(nextUrl);
  return tabOnly ? false : defaultShouldRevalidate;
};

function withoutTab(url: URL): string {
  const params = new URLSearchParams(url.search);
  params.delete('tab');
  return params.toString();
}

export const meta: MetaFunction = (args) => [titleFor(args, 'สวัสดิการ')];

type Rows = Array<{ kind: string; description: string; date: string; amount: string }>;

function WelfareTable({ tab, rows }: { tab: TabKey; rows: Rows }) {
  const label = TABS.find((t) => t.key === tab)?.label ?? '';
  if (!rows.length) return <Empty>{tab === 'received' ? 'ยังไม่เคยได้รับสวัสดิการ' : 'ไม่มีสวัสดิการที่รอใช้สิทธิ์'}</Empty>;
  return (
    <DataTable
      id={`welfare-${tab}`}
      keyColumn={3}
      caption={label}
      head={['ประเภทสวัสดิการ', 'รายละเอียด', tab === 'received' ? 'วันที่ได้รับ' : 'วันที่', 'จำนวนเงิน (บาท)']}
    >
      {rows.map((r, i) => (
        <tr key={i}>
          <th scope="row">{r.kind}</th>
          <td>{r.description}</td>
          <td className="nowrap">{r.date}</td>
          <td className="num">{r.amount}</td>
        </tr>
      ))}
    </DataTable>
  );
}

export default function WelfarePage() {
  const data = useLoaderData<typeof loader>();
  return (
    <>
      <h1>สวัสดิการ</h1>
      <LinkTabs
        id="welfare"
        label="ประเภทสวัสดิการ"
        tabs={TABS.map((t) => ({
          ...t,
          panel: <WelfareTable tab={t.key} rows={data[t.key]} />,
          startsFocusable: data[t.key].length > 0,
        }))}
      />
    </>
  );
}

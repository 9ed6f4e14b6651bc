import type { LoaderFunctionArgs, MetaFunction } from '@remix-run/node';
import { json } from '@remix-run/node';
import { Link, useLoaderData, useNavigate } from '@remix-run/react';
import { Tabs } from 'radix-ui';
import type { ReactNode } from 'react';

import { DataTable, Empty } from '~/components/member/data';
import { useHydrated } from '~/lib/hooks';
import { titleFor } from '~/lib/meta';
import { formatDate, formatSatang } from '~/lib/thai-format';
import { app } from '~/server/app.server';
import { requireMember } from '~/server/auth/auth.server';

const TABS = [
  { key: 'received', label: 'สวัสดิการที่ได้รับ' },
  { key: 'eligible', label: 'สวัสดิการที่มีสิทธิ์ได้รับ' },
] as const;
type TabKey = (typeof TABS)[number]['key'];

function tabFrom(url: URL): TabKey {
  const tab = url.searchParams.get('tab');
  return tab === 'eligible' ? 'eligible' : 'received';
}

export async function loader({ request, context }: LoaderFunctionArgs) {
  const member = await requireMember(request, context);
  const { backend } = await app();
  // Not part of this deployment (http mode, ADR 018): not found, rather than "cannot connect".
  if (!backend.offers.welfare) throw new Response('Not Found', { status: 404 });
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
  return json({ tab: tabFrom(new URL(request.url)), received: view('received'), eligible: view('eligible') });
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
  const hydrated = useHydrated();
  const navigate = useNavigate();
  const panels: Record<TabKey, ReactNode> = {
    received: <WelfareTable tab="received" rows={data.received} />,
    eligible: <WelfareTable tab="eligible" rows={data.eligible} />,
  };
  return (
    <>
      <h1>สวัสดิการ</h1>
      {hydrated ? (
        // Enhanced: Radix Tabs (arrow keys, tab semantics); the tab stays in the URL.
        <Tabs.Root
          value={data.tab}
          onValueChange={(value) => navigate(`?tab=${value}`, { replace: true, preventScrollReset: true })}
          className="tabs"
        >
          <Tabs.List aria-label="ประเภทสวัสดิการ" className="tabs__list">
            {TABS.map((t) => (
              <Tabs.Trigger key={t.key} value={t.key} className="tabs__tab">
                {t.label}
              </Tabs.Trigger>
            ))}
          </Tabs.List>
          {TABS.map((t) => (
            <Tabs.Content key={t.key} value={t.key} className="tabs__panel">
              {panels[t.key]}
            </Tabs.Content>
          ))}
        </Tabs.Root>
      ) : (
        // Without JavaScript: the tabs are links and the chosen tab comes from the URL.
        <div className="tabs">
          <nav aria-label="ประเภทสวัสดิการ">
            <ul className="tabs__list">
              {TABS.map((t) => (
                <li key={t.key}>
                  <Link
                    to={`?tab=${t.key}`}
                    className="tabs__tab"
                    aria-current={t.key === data.tab ? 'page' : undefined}
                  >
                    {t.label}
                  </Link>
                </li>
              ))}
            </ul>
          </nav>
          <div className="tabs__panel">{panels[data.tab]}</div>
        </div>
      )}
    </>
  );
}

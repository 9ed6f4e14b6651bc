import type { LinksFunction, LoaderFunctionArgs, MetaFunction } from '@remix-run/node';
import { Link, useLoaderData } from '@remix-run/react';

import { DemandStatusBadge } from '~/components/info/board';
import { Pager } from '~/components/member/data';
import { CoreOwnsTheBoard, ModerationNav } from '~/components/staff/moderation';
import { titleFor } from '~/lib/meta';
import { usePageHref } from '~/lib/statement';
import { formatDateTime, truncate } from '~/lib/thai-format';
import { moderationList } from '~/server/staff/moderation-list.server';
import moderationStyles from '~/styles/staff-moderation.css';

const TITLE = 'ความต้องการของสมาชิก';

export const links: LinksFunction = () => [{ rel: 'stylesheet', href: moderationStyles }];

/** Every demand item, hidden ones too, newest first (ADR 062). */
export async function loader({ request }: LoaderFunctionArgs) {
  return moderationList(
    request,
    (coop, page) => coop.demand.list(page),
    (d) => ({
      id: d.id,
      question: truncate(d.question),
      askerName: d.askerName,
      asked: formatDateTime(d.askedAt, 'short'),
      status: d.status,
      hidden: d.hidden,
      answered: d.answer !== null,
    }),
  );
}

export const meta: MetaFunction = (args) => [titleFor(args, TITLE)];

export default function StaffDemand() {
  const data = useLoaderData<typeof loader>();
  const hrefFor = usePageHref();
  if (data.ownDataOnly) return <CoreOwnsTheBoard title={TITLE} />;
  return (
    <>
      <ModerationNav />
      <h1>{TITLE}</h1>
      <p>ทั้งหมด {data.total} เรื่อง รวมเรื่องที่ซ่อนอยู่</p>
      <ul className="staff-queue">
        {data.rows.map((d) => (
          <li key={d.id} className="panel">
            <h2 className="staff-queue__title">
              <Link to={`/staff/demand/${d.id}`}>{d.question}</Link>
            </h2>
            <p className="staff-queue__meta">
              <DemandStatusBadge status={d.status} />
              <span>
                เสนอโดย {d.askerName} · {d.asked}
              </span>
              {d.answered ? null : <span className="badge tone--gold">ยังไม่ตอบ</span>}
              {d.hidden ? <span className="badge tone--red">ซ่อนอยู่</span> : null}
            </p>
          </li>
        ))}
      </ul>
      <Pager page={data.page} pages={data.pages} hrefFor={hrefFor} label="หน้าของรายการความต้องการของสมาชิก" />
    </>
  );
}

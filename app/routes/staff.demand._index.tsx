import type { LinksFunction, LoaderFunctionArgs, MetaFunction } from '@remix-run/node';
import { useLoaderData } from '@remix-run/react';

import { DemandStatusBadge } from '~/components/info/board';
import { Pager } from '~/components/member/data';
import { CoreOwnsTheBoard, ModerationPage, QueueItem } from '~/components/staff/moderation';
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
    <ModerationPage title={TITLE}>
      <p>ทั้งหมด {data.total} เรื่อง รวมเรื่องที่ซ่อนอยู่</p>
      <ul className="staff-queue">
        {data.rows.map((d) => (
          <QueueItem key={d.id} to={`/staff/demand/${d.id}`} title={d.question}>
            <DemandStatusBadge status={d.status} />
            <span>
              เสนอโดย {d.askerName} · {d.asked}
            </span>
            {d.answered ? null : <span className="badge tone--gold">ยังไม่ตอบ</span>}
            {d.hidden ? <span className="badge tone--red">ซ่อนอยู่</span> : null}
          </QueueItem>
        ))}
      </ul>
      <Pager page={data.page} pages={data.pages} hrefFor={hrefFor} label="หน้าของรายการความต้องการของสมาชิก" />
    </ModerationPage>
  );
}

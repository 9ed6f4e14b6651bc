import type { LinksFunction, LoaderFunctionArgs, MetaFunction } from '@remix-run/node';
import { Link, useLoaderData } from '@remix-run/react';

import { Pager } from '~/components/member/data';
import { CoreOwnsTheBoard, ModerationNav } from '~/components/staff/moderation';
import { titleFor } from '~/lib/meta';
import { usePageHref } from '~/lib/statement';
import { formatDateTime, formatNumber, truncate } from '~/lib/thai-format';
import { listStaffTopics } from '~/server/staff/moderation.server';
import { moderationList } from '~/server/staff/moderation-list.server';
import moderationStyles from '~/styles/staff-moderation.css';

const TITLE = 'กระทู้ทั้งหมด';

/** Every topic, hidden and closed ones too, newest first (ADR 062). */
export const links: LinksFunction = () => [{ rel: 'stylesheet', href: moderationStyles }];

export async function loader({ request }: LoaderFunctionArgs) {
  return moderationList(request, listStaffTopics, (t) => ({
    id: t.id,
    title: truncate(t.title),
    displayName: t.displayName,
    posted: formatDateTime(t.createdAt, 'short'),
    hidden: t.hidden,
    closed: t.closed,
    answers: formatNumber(t.answerCount, 0),
  }));
}

export const meta: MetaFunction = (args) => [titleFor(args, TITLE)];

export default function StaffTopics() {
  const data = useLoaderData<typeof loader>();
  const hrefFor = usePageHref();
  if (data.ownDataOnly) return <CoreOwnsTheBoard title={TITLE} />;
  return (
    <>
      <ModerationNav />
      <h1>{TITLE}</h1>
      <p>ทั้งหมด {data.total} กระทู้ รวมกระทู้ที่ซ่อนและที่ปิดแล้ว</p>
      <ul className="staff-queue">
        {data.rows.map((t) => (
          <li key={t.id} className="panel">
            <h2 className="staff-queue__title">
              <Link to={`/staff/board/${t.id}`}>{t.title}</Link>
            </h2>
            <p className="staff-queue__meta">
              โดย {t.displayName} · {t.posted} · {t.answers} ความเห็น
              {t.hidden ? <span className="badge tone--red">ซ่อนอยู่</span> : null}
              {t.closed ? <span className="badge tone--gray">ปิดแล้ว</span> : null}
            </p>
          </li>
        ))}
      </ul>
      <Pager page={data.page} pages={data.pages} hrefFor={hrefFor} label="หน้าของรายการกระทู้" />
    </>
  );
}

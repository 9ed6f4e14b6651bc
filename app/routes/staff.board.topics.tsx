import type { LinksFunction, LoaderFunctionArgs, MetaFunction } from '@remix-run/node';
import { json } from '@remix-run/node';
import { Link, useLoaderData } from '@remix-run/react';

import { Pager } from '~/components/member/data';
import { CoreOwnsTheBoard, ModerationNav } from '~/components/staff/moderation';
import { parseListPage } from '~/lib/forms/board';
import { pageCount } from '~/lib/forms/statement-query';
import { titleFor } from '~/lib/meta';
import { usePageHref } from '~/lib/statement';
import { formatDateTime, formatNumber, truncate } from '~/lib/thai-format';
import { app } from '~/server/app.server';
import { requireStaff, staffHoldsOnlyOwnData } from '~/server/staff/guard.server';
import { NO_STORE } from '~/server/staff/moderation-forms.server';
import { listStaffTopics } from '~/server/staff/moderation.server';
import moderationStyles from '~/styles/staff-moderation.css';

const TITLE = 'กระทู้ทั้งหมด';

/** Every topic, hidden and closed ones too, newest first (ADR 062). */
export const links: LinksFunction = () => [{ rel: 'stylesheet', href: moderationStyles }];

export async function loader({ request }: LoaderFunctionArgs) {
  await requireStaff(request, 'moderator');
  if (staffHoldsOnlyOwnData()) return json({ ownDataOnly: true as const }, { headers: NO_STORE });
  const page = parseListPage(new URL(request.url));
  const { db } = await app();
  const topics = await listStaffTopics(db, page);
  const pages = pageCount(topics.total, topics.pageSize);
  if (page > pages) throw new Response('Not Found', { status: 404 });
  return json(
    {
      ownDataOnly: false as const,
      page,
      pages,
      total: topics.total,
      rows: topics.rows.map((t) => ({
        id: t.id,
        title: truncate(t.title),
        displayName: t.displayName,
        posted: formatDateTime(t.createdAt, 'short'),
        hidden: t.hidden,
        closed: t.closed,
        answers: formatNumber(t.answerCount, 0),
      })),
    },
    { headers: NO_STORE },
  );
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

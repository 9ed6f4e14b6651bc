import type { LinksFunction, LoaderFunctionArgs, MetaFunction } from '@remix-run/node';
import { json } from '@remix-run/node';
import { Link, useLoaderData } from '@remix-run/react';

import { Pager } from '~/components/member/data';
import { CoreOwnsTheBoard, ModerationNav } from '~/components/staff/moderation';
import { titleFor } from '~/lib/meta';
import { usePageHref } from '~/lib/statement';
import { formatDateTime, formatNumber, truncate } from '~/lib/thai-format';
import { NO_STORE } from '~/server/staff/moderation-forms.server';
import { TOPIC_SORTS, TOPIC_STATES, type TopicSort, type TopicState } from '~/server/staff/moderation.server';
import { moderationList } from '~/server/staff/moderation-list.server';
import moderationStyles from '~/styles/staff-moderation.css';

const TITLE = 'กระทู้ทั้งหมด';

const oneOf = <T extends string>(allowed: readonly T[], value: string | null): T | null =>
  (allowed as readonly string[]).includes(value ?? '') ? (value as T) : null;

/** Every topic, hidden and closed ones too (ADR 062): searched, narrowed by state, sorted (ADR 122). */
export const links: LinksFunction = () => [{ rel: 'stylesheet', href: moderationStyles }];

export async function loader({ request }: LoaderFunctionArgs) {
  const params = new URL(request.url).searchParams;
  const filters = {
    q: (params.get('q') ?? '').slice(0, 100),
    state: oneOf<TopicState>(TOPIC_STATES, params.get('state')),
    sort: oneOf<TopicSort>(TOPIC_SORTS, params.get('sort')) ?? 'newest',
  };
  const list = await moderationList(
    request,
    (coop, page) => coop.board.topics(page, filters),
    (t) => ({
      id: t.id,
      title: truncate(t.title),
      displayName: t.displayName,
      posted: formatDateTime(t.createdAt, 'short'),
      hidden: t.hidden,
      closed: t.closed,
      answers: formatNumber(t.answerCount, 0),
    }),
  );
  const data = await list.json();
  return json({ ...data, filters: { ...filters, state: filters.state ?? '' } }, { headers: NO_STORE });
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
      <form method="get" action="/staff/board/topics" className="staff-filters" aria-label="ค้นหากระทู้">
        <div className="field">
          <label htmlFor="topics-q" className="field__label">
            ค้นหาจากหัวข้อหรือชื่อผู้ตั้ง
          </label>
          <input id="topics-q" type="search" name="q" defaultValue={data.filters.q} maxLength={100} />
        </div>
        <div className="field">
          <label htmlFor="topics-state" className="field__label">
            สถานะ
          </label>
          <select id="topics-state" name="state" defaultValue={data.filters.state}>
            <option value="">ทุกสถานะ</option>
            <option value="shown">แสดงอยู่</option>
            <option value="hidden">ซ่อนอยู่</option>
            <option value="closed">ปิดแล้ว</option>
            <option value="waiting">รอตรวจ</option>
          </select>
        </div>
        <div className="field">
          <label htmlFor="topics-sort" className="field__label">
            เรียงลำดับ
          </label>
          <select id="topics-sort" name="sort" defaultValue={data.filters.sort}>
            <option value="newest">ใหม่ไปเก่า</option>
            <option value="oldest">เก่าไปใหม่</option>
            <option value="answers">ความเห็นมากที่สุด</option>
          </select>
        </div>
        <p>
          <button type="submit" className="button button--secondary">
            แสดงรายการ
          </button>
        </p>
      </form>
      <p role="status">
        พบ {formatNumber(data.total, 0)} กระทู้ · หน้า {data.page} จาก {data.pages}
      </p>
      {data.rows.length ? (
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
      ) : (
        <p>ไม่พบกระทู้ตามเงื่อนไขนี้</p>
      )}
      <Pager page={data.page} pages={data.pages} hrefFor={hrefFor} label="หน้าของรายการกระทู้" />
    </>
  );
}

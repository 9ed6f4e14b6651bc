import type { LinksFunction, LoaderFunctionArgs, MetaFunction } from '@remix-run/node';
import { json } from '@remix-run/node';
import { useLoaderData } from '@remix-run/react';

import { Pager } from '~/components/member/data';
import { CoreOwnsTheBoard, ModerationPage, QueueItem } from '~/components/staff/moderation';
import { FilterSearch, FilterSelect, ListFilters, type FilterOption } from '~/components/staff/list-filters';
import { titleFor } from '~/lib/meta';
import { usePageHref } from '~/lib/statement';
import { formatDateTime, formatNumber, truncate } from '~/lib/thai-format';
import { TOPIC_SORTS, TOPIC_STATES, type TopicSort, type TopicState } from '~/server/staff/moderation.server';
import { moderationList } from '~/server/staff/moderation-list.server';
import moderationStyles from '~/styles/staff-moderation.css';
import { PRIVATE_NO_STORE } from '~/server/http/responses.server';

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
  return json({ ...data, filters: { ...filters, state: filters.state ?? '' } }, { headers: PRIVATE_NO_STORE });
}

export const meta: MetaFunction = (args) => [titleFor(args, TITLE)];

const TOPIC_STATES_CHOICES: readonly FilterOption[] = [
  ['', 'ทุกสถานะ'],
  ['shown', 'แสดงอยู่'],
  ['hidden', 'ซ่อนอยู่'],
  ['closed', 'ปิดแล้ว'],
  ['waiting', 'รอตรวจ'],
];
const TOPIC_SORTS_CHOICES: readonly FilterOption[] = [
  ['newest', 'ใหม่ไปเก่า'],
  ['oldest', 'เก่าไปใหม่'],
  ['answers', 'ความเห็นมากที่สุด'],
];

export default function StaffTopics() {
  const data = useLoaderData<typeof loader>();
  const hrefFor = usePageHref();
  if (data.ownDataOnly) return <CoreOwnsTheBoard title={TITLE} />;
  return (
    <ModerationPage title={TITLE}>
      <ListFilters action="/staff/board/topics" label="ค้นหากระทู้" idPrefix="topics" values={data.filters}>
        <FilterSearch label="ค้นหาจากหัวข้อหรือชื่อผู้ตั้ง" />
        <FilterSelect name="state" label="สถานะ" options={TOPIC_STATES_CHOICES} />
        <FilterSelect name="sort" label="เรียงลำดับ" options={TOPIC_SORTS_CHOICES} />
      </ListFilters>
      <p role="status">
        พบ {formatNumber(data.total, 0)} กระทู้ · หน้า {data.page} จาก {data.pages}
      </p>
      {data.rows.length ? (
        <ul className="staff-queue">
          {data.rows.map((t) => (
            <QueueItem key={t.id} to={`/staff/board/${t.id}`} title={t.title}>
              โดย {t.displayName} · {t.posted} · {t.answers} ความเห็น
              {t.hidden ? <span className="badge tone--red">ซ่อนอยู่</span> : null}
              {t.closed ? <span className="badge tone--gray">ปิดแล้ว</span> : null}
            </QueueItem>
          ))}
        </ul>
      ) : (
        <p>ไม่พบกระทู้ตามเงื่อนไขนี้</p>
      )}
      <Pager page={data.page} pages={data.pages} hrefFor={hrefFor} label="หน้าของรายการกระทู้" />
    </ModerationPage>
  );
}

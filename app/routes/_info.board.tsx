import type { LoaderFunctionArgs, MetaFunction } from '@remix-run/node';
import { json } from '@remix-run/node';
import { useLoaderData } from '@remix-run/react';

import { Spoken } from '~/components/spoken';
import { answerCountText } from '~/components/info/board';
import { site } from '~/config/site';
import { Pager } from '~/components/member/data';
import { BOARD_PAGE_SIZE, parseListPage } from '~/lib/forms/board';
import { pageCount } from '~/lib/forms/statement-query';
import { titleFor } from '~/lib/meta';
import { usePageHref } from '~/lib/statement';
import { formatRelativeTime, truncateQuestion } from '~/lib/thai-format';
import { app } from '~/server/app.server';

const BOARD_TITLE = 'กระดานถาม-ตอบ';

export async function loader({ request }: LoaderFunctionArgs) {
  const page = parseListPage(new URL(request.url));
  const { backend } = await app();
  const topics = await backend.listBoardTopics({ page, pageSize: BOARD_PAGE_SIZE });
  const pages = pageCount(topics.total, BOARD_PAGE_SIZE);
  if (page > pages) throw new Response('Not Found', { status: 404 });
  const now = new Date();
  return json({
    page,
    pages,
    total: topics.total,
    topics: topics.rows.map((t) => ({
      id: t.id,
      title: truncateQuestion(t.title),
      fullTitle: t.title,
      displayName: t.displayName,
      posted: formatRelativeTime(t.createdAt, now),
      postedIso: t.createdAt.toISOString(),
      answers: answerCountText(t.answerCount),
    })),
  });
}

export const meta: MetaFunction<typeof loader> = (args) => {
  const page = args.data?.page ?? 1;
  return [
    titleFor(args, page > 1 ? `${BOARD_TITLE} หน้า ${page}` : BOARD_TITLE),
    {
      name: 'description',
      content: `${BOARD_TITLE}ของ${site.nameTh} สอบถามเรื่องหุ้น เงินกู้ เงินฝาก สวัสดิการ และบริการของสหกรณ์`,
    },
  ];
};

export default function BoardPage() {
  const { page, pages, total, topics } = useLoaderData<typeof loader>();
  const hrefFor = usePageHref();
  return (
    <>
      <div className="board-head">
        <h1>{BOARD_TITLE}</h1>
        <a className="button" href="/boardPost">
          ตั้งกระทู้ใหม่
        </a>
      </div>
      <p>พูดคุย สอบถาม และแลกเปลี่ยนความคิดเห็นเกี่ยวกับบริการของสหกรณ์ เจ้าหน้าที่สหกรณ์จะเข้ามาตอบคำถามในวันและเวลาทำการ</p>
      {topics.length ? (
        <section aria-labelledby="topics-title">
          <h2 id="topics-title">กระทู้ทั้งหมด {total} กระทู้</h2>
          <ul className="topic-list">
            {topics.map((t) => (
              <li key={t.id} className="topic-list__item">
                <h3 className="topic-list__title">
                  {/* A cut title is said whole, once (a title attribute was read after the cut one). */}
                  <a href={`/boardShow/${t.id}`}>
                    <Spoken text={t.title} spoken={t.fullTitle} />
                  </a>
                </h3>
                <p className="topic-list__meta">
                  <span>โดย {t.displayName}</span>
                  <time dateTime={t.postedIso}>{t.posted}</time>
                  <span>{t.answers}</span>
                </p>
              </li>
            ))}
          </ul>
          <Pager page={page} pages={pages} hrefFor={hrefFor} label="หน้าของรายการกระทู้" />
        </section>
      ) : (
        <p className="empty">ยังไม่มีกระทู้ เริ่มตั้งกระทู้แรกได้เลย</p>
      )}
    </>
  );
}

import type { LoaderFunctionArgs, MetaFunction } from '@remix-run/node';
import { json } from '@remix-run/node';
import { useLoaderData } from '@remix-run/react';

import { DemandStatusBadge } from '~/components/info/board';
import { site } from '~/config/site';
import { Pager } from '~/components/member/data';
import { BOARD_PAGE_SIZE, parseListPage } from '~/lib/forms/board';
import { pageCount } from '~/lib/forms/statement-query';
import { titleFor } from '~/lib/meta';
import { usePageHref } from '~/lib/statement';
import { formatRelativeTime, truncateQuestion } from '~/lib/thai-format';
import { app } from '~/server/app.server';
import { notFoundUnless } from '~/server/http/responses.server';

const DEMAND_TITLE = 'ความต้องการของสมาชิก';

export async function loader({ request }: LoaderFunctionArgs) {
  const page = parseListPage(new URL(request.url));
  const { backend } = await app();
  // A core without the demand section (ADR 025): nothing here, rather than "cannot connect".
  notFoundUnless(backend.offers.demand);
  const items = await backend.listDemandItems({ page, pageSize: BOARD_PAGE_SIZE });
  const pages = pageCount(items.total, BOARD_PAGE_SIZE);
  notFoundUnless(page <= pages);
  const now = new Date();
  return json({
    page,
    pages,
    total: items.total,
    items: items.rows.map((d) => ({
      id: d.id,
      question: truncateQuestion(d.question),
      fullQuestion: d.question,
      askerName: d.askerName,
      status: d.status,
      asked: formatRelativeTime(d.askedAt, now),
      askedIso: d.askedAt.toISOString(),
    })),
  });
}

export const meta: MetaFunction<typeof loader> = (args) => {
  const page = args.data?.page ?? 1;
  return [
    titleFor(args, page > 1 ? `${DEMAND_TITLE} หน้า ${page}` : DEMAND_TITLE),
    { name: 'description', content: `เรื่องที่สมาชิกเสนอต่อ${site.nameTh} และคำตอบของสหกรณ์` },
  ];
};

export default function DemandPage() {
  const { page, pages, total, items } = useLoaderData<typeof loader>();
  const hrefFor = usePageHref();
  return (
    <>
      <h1>{DEMAND_TITLE}</h1>
      <p>
        เรื่องที่สมาชิกเสนอหรือร้องขอต่อสหกรณ์ และคำตอบของสหกรณ์ สมาชิกเสนอเรื่องได้ผ่านผู้แทนสมาชิกของหน่วยงาน หรือสอบถามทั่วไปได้ที่{' '}
        <a href="/board">กระดานถาม-ตอบ</a>
      </p>
      {items.length ? (
        <section aria-labelledby="demand-list-title">
          <h2 id="demand-list-title">เรื่องทั้งหมด {total} เรื่อง</h2>
          <ul className="topic-list">
            {items.map((d) => (
              <li key={d.id} className="topic-list__item">
                <h3 className="topic-list__title">
                  <a href={`/showdemand/${d.id}`} title={d.question === d.fullQuestion ? undefined : d.fullQuestion}>
                    {d.question}
                  </a>
                </h3>
                <p className="topic-list__meta">
                  <DemandStatusBadge status={d.status} />
                  <span>เสนอโดย {d.askerName}</span>
                  <time dateTime={d.askedIso}>{d.asked}</time>
                </p>
              </li>
            ))}
          </ul>
          <Pager page={page} pages={pages} hrefFor={hrefFor} label="หน้าของรายการความต้องการของสมาชิก" />
        </section>
      ) : (
        <p className="empty">ยังไม่มีเรื่องที่สมาชิกเสนอ</p>
      )}
    </>
  );
}

import type { LoaderFunctionArgs, MetaFunction } from '@remix-run/node';
import { json } from '@remix-run/node';
import { useLoaderData } from '@remix-run/react';

import { BackLink, DemandStatusBadge, PostArticle, PostMetaBody } from '~/components/info/board';
import { parseRecordId } from '~/lib/forms/board';
import { titleFor } from '~/lib/meta';
import { formatRelativeTime, truncate } from '~/lib/thai-format';
import { app } from '~/server/app.server';
import { notFoundUnless } from '~/server/http/responses.server';

export async function loader({ params }: LoaderFunctionArgs) {
  const id = parseRecordId(params.topicId);
  notFoundUnless(id !== null);
  const { backend } = await app();
  notFoundUnless(backend.offers.demand);
  const item = await backend.getDemandItem(id);
  notFoundUnless(item);
  const now = new Date();
  return json({
    item: {
      question: item.question,
      detail: item.detail,
      askerName: item.askerName,
      status: item.status,
      asked: formatRelativeTime(item.askedAt, now),
      askedIso: item.askedAt.toISOString(),
      answer: item.answer,
      answeredBy: item.answeredBy,
      answered: item.answeredAt ? formatRelativeTime(item.answeredAt, now) : null,
      answeredIso: item.answeredAt?.toISOString() ?? null,
    },
  });
}

export const meta: MetaFunction<typeof loader> = (args) => [
  titleFor(args, args.data ? `${truncate(args.data.item.question)} | ความต้องการของสมาชิก` : 'ความต้องการของสมาชิก'),
  ...(args.data ? [{ name: 'description', content: truncate(args.data.item.detail.replace(/\s+/g, ' '), 150) }] : []),
];

export default function DemandItemPage() {
  const { item } = useLoaderData<typeof loader>();
  return (
    <>
      <BackLink href="/demand">กลับไปหน้าความต้องการของสมาชิก</BackLink>
      <PostArticle
        titleId="demand-title"
        title={item.question}
        meta={
          <>
            <DemandStatusBadge status={item.status} />
            <span>เสนอโดย {item.askerName}</span>
            <time dateTime={item.askedIso}>{item.asked}</time>
          </>
        }
        text={item.detail}
      />
      <section aria-labelledby="demand-answer-title" className="post post--staff">
        <h2 id="demand-answer-title">คำตอบจากสหกรณ์</h2>
        {item.answer ? (
          <PostMetaBody
            meta={
              <>
                <span>โดย {item.answeredBy ?? 'สหกรณ์'}</span>
                {item.answered && item.answeredIso ? <time dateTime={item.answeredIso}>{item.answered}</time> : null}
              </>
            }
            text={item.answer}
          />
        ) : (
          <p>สหกรณ์ได้รับเรื่องแล้ว และจะแจ้งผลการพิจารณาในหน้านี้</p>
        )}
      </section>
    </>
  );
}

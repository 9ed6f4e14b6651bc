import type { LoaderFunctionArgs, MetaFunction } from '@remix-run/node';
import { json } from '@remix-run/node';
import { useLoaderData } from '@remix-run/react';

import { Breadcrumbs, ContentCard, TopicHeader } from '~/components/info/content';
import { Pager } from '~/components/member/data';
import { site } from '~/config/site';
import { titleFor } from '~/lib/meta';
import { app } from '~/server/app.server';
import { dataAsOf } from '~/server/http/request-context.server';
import { categoryView, describe, listCardView, parsePage } from '~/server/content/content-view.server';
import { contentImages } from '~/server/content/media.server';
import { notFoundUnless } from '~/server/http/responses.server';

/** Items per page of a topic list. */
const PAGE_SIZE = 10;

export async function loader({ request, params, context }: LoaderFunctionArgs) {
  const page = parsePage(new URL(request.url));
  const topicId = params.topicId ?? '';
  notFoundUnless(page !== null);
  const { backend } = await app();
  const topic = await backend.getTopicPage(topicId, { page, pageSize: PAGE_SIZE });
  notFoundUnless(topic);
  const pages = Math.max(1, Math.ceil(topic.items.total / PAGE_SIZE));
  notFoundUnless(page <= pages);
  const images = contentImages();
  const now = new Date();
  const items = await Promise.all(topic.items.rows.map((row) => listCardView(row, images, now)));
  const category = categoryView(topic.category);
  const first = items[0]?.fullTitle ?? items[0]?.title;
  return json({
    dataAsOf: dataAsOf(context),
    category,
    page,
    pages,
    total: topic.items.total,
    items,
    description: describe(
      `${category.label}ของ${site.nameTh}${pages > 1 ? ` หน้า ${page} จาก ${pages}` : ''}${first ? ` ล่าสุด: ${first}` : ''}`,
    ),
  });
}

export const meta: MetaFunction<typeof loader> = (args) => {
  if (!args.data) return [];
  const { category, page, pages, description } = args.data;
  return [
    titleFor(args, pages > 1 ? `${category.label} หน้า ${page}` : category.label),
    { name: 'description', content: description },
  ];
};

export default function TopicList() {
  const { category, page, pages, total, items } = useLoaderData<typeof loader>();
  const base = category.href ?? `/list/${category.code}`;
  const hrefFor = (n: number) => (n === 1 ? base : `${base}?page=${n}`);
  return (
    <>
      <Breadcrumbs trail={[{ label: category.label }]} />
      <TopicHeader className={category.className}>
        <h1 className="topic__title">{category.label}</h1>
        <p className="topic__meta">
          {total ? `ทั้งหมด ${total.toLocaleString('th-TH')} รายการ` : 'ยังไม่มีเนื้อหาในหมวดนี้'}
          {pages > 1 ? ` · หน้า ${page} จาก ${pages}` : null}
        </p>
      </TopicHeader>
      {items.length ? (
        <ul className="content-list">
          {items.map((item, i) => (
            <ContentCard key={item.no} item={item} heading="h2" showCategory={false} eager={i < 2} />
          ))}
        </ul>
      ) : null}
      <Pager page={page} pages={pages} hrefFor={hrefFor} label={`เลขหน้า${category.label}`} />
    </>
  );
}

import type { LoaderFunctionArgs, MetaFunction } from '@remix-run/node';
import { json } from '@remix-run/node';
import { useLoaderData } from '@remix-run/react';

import { Breadcrumbs, ContentPicture, RichText, TopicHeader } from '~/components/info/content';
import { titleFor } from '~/lib/meta';
import { app } from '~/server/app.server';
import { dataAsOf } from '~/server/http/request-context.server';
import { itemView } from '~/server/content/content-view.server';
import { contentImages } from '~/server/content/media.server';

export async function loader({ params, context }: LoaderFunctionArgs) {
  const raw = params.no ?? '';
  if (!/^[1-9]\d{0,9}$/.test(raw)) throw json(null, { status: 404 });
  const { backend } = await app();
  const item = await backend.getContentItem(Number(raw));
  if (!item) throw json(null, { status: 404 });
  return json({ ...(await itemView(item, contentImages())), dataAsOf: dataAsOf(context) });
}

export const meta: MetaFunction<typeof loader> = (args) =>
  args.data ? [titleFor(args, args.data.title), { name: 'description', content: args.data.description }] : [];

export default function ShowContent() {
  const item = useLoaderData<typeof loader>();
  // A single-page category (the history) is named like its item: name it once.
  const ownPage = item.category.label === item.title;
  const category = item.category.href ? <a href={item.category.href}>{item.category.label}</a> : item.category.label;
  return (
    <>
      <Breadcrumbs
        trail={[
          ...(ownPage ? [] : [{ label: item.category.label, href: item.category.href ?? undefined }]),
          { label: item.title },
        ]}
      />
      <article className="content-item">
        <TopicHeader className={item.category.className}>
          {ownPage ? null : <p className="topic__category">{category}</p>}
          <h1 className="topic__title">{item.title}</h1>
          <p className="topic__meta">
            เผยแพร่ <time dateTime={item.postedIso}>{item.posted}</time>
            {item.author ? ` · ${item.author}` : null}
          </p>
        </TopicHeader>
        {item.cover ? (
          <ContentPicture
            picture={item.cover}
            alt={item.coverAlt}
            eager
            maxWidth={1200}
            className="content-picture content-item__cover"
          />
        ) : null}
        {item.eventDate ? <p className="content-item__event">วันที่จัดกิจกรรม {item.eventDate}</p> : null}
        <RichText html={item.bodyHtml} />
        {item.video ? (
          <section className="content-item__section" aria-labelledby="video-title">
            <h2 id="video-title">วิดีโอ</h2>
            <p>
              <a className="button" href={item.video.href} rel="noopener noreferrer">
                ชมวิดีโอที่ {item.video.host}
              </a>
            </p>
            <p className="content-item__note">
              วิดีโอเปิดที่เว็บไซต์ {item.video.host} ซึ่งมีนโยบายคุกกี้ของตนเอง เว็บไซต์นี้ไม่ฝังวิดีโอไว้ในหน้า
            </p>
          </section>
        ) : null}
        {item.gallery.length ? (
          <section className="content-item__section" aria-labelledby="gallery-title">
            <h2 id="gallery-title">ภาพกิจกรรม ({item.gallery.length} ภาพ)</h2>
            <ul className="gallery">
              {item.gallery.map((photo) => (
                <li key={photo.src}>
                  <a href={photo.src}>
                    <ContentPicture picture={photo} alt={photo.alt} />
                  </a>
                </li>
              ))}
            </ul>
          </section>
        ) : null}
        {item.attachments.length ? (
          <section className="content-item__section" aria-labelledby="files-title">
            <h2 id="files-title">เอกสารแนบ</h2>
            <ul className="attachments">
              {item.attachments.map((file) => (
                <li key={file.href}>
                  <a href={file.href} download>
                    {file.label}
                  </a>{' '}
                  <span className="attachments__meta">({[file.type, file.size].filter(Boolean).join(', ')})</span>
                </li>
              ))}
            </ul>
          </section>
        ) : null}
      </article>
    </>
  );
}

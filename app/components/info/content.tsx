import type { ReactNode } from 'react';

import { phoneSources } from '~/lib/media-sizes';
import type { ContentImage } from '~/server/content/content-image.server';
import type { CardView, ListCardView } from '~/server/content/content-view.server';

/** Nominal size of content pictures; CSS boxes them at 16:9 so no picture shifts the layout. */
const PICTURE = { width: 800, height: 450 } as const;

/** A content picture (cover, default picture or gallery photo). */
export function ContentPicture({
  picture,
  alt = '',
  eager = false,
  className = 'content-picture',
}: {
  picture: Pick<ContentImage, 'src'>;
  alt?: string;
  eager?: boolean;
  className?: string;
}) {
  return (
    <img
      className={className}
      src={picture.src}
      {...phoneSources(picture.src, '(max-width: 50rem) 100vw, 50rem')}
      alt={alt}
      width={PICTURE.width}
      height={PICTURE.height}
      loading={eager ? 'eager' : 'lazy'}
      decoding="async"
    />
  );
}

/** A content item in a list: picture, category, title link, date and (on topic lists) an excerpt. */
export function ContentCard({
  item,
  heading: Heading = 'h3',
  showCategory = true,
  eager = false,
}: {
  item: CardView | ListCardView;
  heading?: 'h2' | 'h3';
  showCategory?: boolean;
  eager?: boolean;
}) {
  return (
    <li className="content-card">
      <ContentPicture picture={item.picture} eager={eager} />
      <div className="content-card__body">
        {showCategory ? <p className="content-card__category">{item.categoryLabel}</p> : null}
        <Heading className="content-card__title">
          <a href={item.href} title={item.fullTitle ?? undefined}>
            {item.title}
          </a>
        </Heading>
        <p className="content-card__date">
          <time dateTime={item.postedIso}>{item.posted}</time>
        </p>
        {'excerpt' in item && item.excerpt ? <p className="content-card__excerpt">{item.excerpt}</p> : null}
      </div>
    </li>
  );
}

export interface Crumb {
  label: string;
  href?: string;
}

/** Where the page sits: หน้าแรก › category › item. The last crumb is the current page. */
export function Breadcrumbs({ trail }: { trail: Crumb[] }) {
  return (
    <nav className="breadcrumbs" aria-label="เส้นทางนำทาง">
      <ol>
        <li>
          <a href="/home">หน้าแรก</a>
        </li>
        {trail.map((crumb, i) => (
          <li key={`${crumb.label}-${i}`}>
            {crumb.href && i < trail.length - 1 ? (
              <a href={crumb.href}>{crumb.label}</a>
            ) : (
              <span aria-current={i === trail.length - 1 ? 'page' : undefined}>{crumb.label}</span>
            )}
          </li>
        ))}
      </ol>
    </nav>
  );
}

/** The band at the top of a topic or item page, with the category's own background. */
export function TopicHeader({ className, children }: { className: string; children: ReactNode }) {
  return <header className={className}>{children}</header>;
}

/** Sanitised rich text (the loader ran it through `sanitizeRichText`). */
export function RichText({ html }: { html: string }) {
  return <div className="rich-text" dangerouslySetInnerHTML={{ __html: html }} />;
}

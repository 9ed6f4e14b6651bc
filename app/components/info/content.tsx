import type { ReactNode } from 'react';

import { Spoken } from '~/components/spoken';
import { pictureVariants } from '~/lib/media-sizes';
import type { ContentImage } from '~/server/content/content-image.server';
import type { CardView, ListCardView } from '~/server/content/content-view.server';

/** Nominal size of content pictures; CSS boxes them at 16:9 so no picture shifts the layout. */
const PICTURE = { width: 800, height: 450 } as const;

/** Phones, as app.css names them (below 40 rem). */
export const PHONE_MEDIA = '(max-width: 39.99rem)';
/**
 * A transparent pixel: what a phone "loads" for a picture it does not show (ADR 073). It is in the
 * page, so the browser fetches nothing, with or without JavaScript (without it, lazy loading is off).
 */
const NOTHING = 'data:image/gif;base64,R0lGODlhAQABAAAAACH5BAEKAAEALAAAAAABAAEAAAICTAEAOw==';

/** Rendered widths of content pictures, for `sizes` (the boxes in app.css). */
export const PICTURE_SIZES = {
  /** A card's picture: a thumbnail on phones, a grid cell or a list's side picture on wider screens. */
  card: '(max-width: 40rem) 7rem, (max-width: 72rem) 45vw, 18rem',
  /** A gallery photo: two columns on phones. */
  photo: '(max-width: 40rem) 50vw, 16rem',
  /** An item's cover and its gallery: the reading column. */
  cover: '(max-width: 50rem) 100vw, 50rem',
} as const;

/**
 * A content picture (cover, default picture or gallery photo): the original as the `<img>`, and WebP
 * copies at several widths for browsers that take them (ADR 073).
 */
export function ContentPicture({
  picture,
  alt = '',
  eager = false,
  priority = false,
  className = 'content-picture',
  sizes = PICTURE_SIZES.cover,
  width = PICTURE.width,
  height = PICTURE.height,
  maxWidth = 800,
  onPhones = true,
}: {
  picture: Pick<ContentImage, 'src'>;
  alt?: string;
  eager?: boolean;
  /** The page's main picture: fetched before the others. */
  priority?: boolean;
  className?: string;
  sizes?: string;
  width?: number;
  height?: number;
  /** The widest copy offered (the widest box this picture fills, at twice its CSS pixels). */
  maxWidth?: number;
  /** False: phones show no picture here (app.css hides it) and fetch none. */
  onPhones?: boolean;
}) {
  const variants = pictureVariants(picture.src, maxWidth);
  const img = (
    <img
      className={className}
      src={picture.src}
      alt={alt}
      width={width}
      height={height}
      loading={eager ? 'eager' : 'lazy'}
      decoding="async"
      {...(priority ? { fetchpriority: 'high' } : {})}
    />
  );
  if (!variants && onPhones) return img;
  return (
    <picture className="picture">
      {onPhones ? null : <source media={PHONE_MEDIA} srcSet={NOTHING} />}
      {variants ? <source type="image/webp" srcSet={variants} sizes={sizes} /> : null}
      {img}
    </picture>
  );
}

/** A content item in a list: picture, category, title link, date and (on topic lists) an excerpt. */
export function ContentCard({
  item,
  heading: Heading = 'h3',
  showCategory = true,
  eager = false,
  onPhones = true,
}: {
  item: CardView | ListCardView;
  heading?: 'h2' | 'h3';
  showCategory?: boolean;
  eager?: boolean;
  /** False: no picture on phones (see ContentPicture). */
  onPhones?: boolean;
}) {
  return (
    <li className="content-card">
      <ContentPicture picture={item.picture} eager={eager} sizes={PICTURE_SIZES.card} onPhones={onPhones} />
      <div className="content-card__body">
        {showCategory ? <p className="content-card__category">{item.categoryLabel}</p> : null}
        <Heading className="content-card__title">
          {/* A cut title is said whole, once (a title attribute was read after the cut one). */}
          <a href={item.href}>
            <Spoken text={item.title} spoken={item.fullTitle ?? item.title} />
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

import type { ReactNode } from 'react';

import { RichText } from '~/components/info/content';
import { CONTENT_TEXT as T } from '~/lib/staff-content';

/** What the preview prints: the public item page's view (server/content/content-view.server.ts), as JSON. */
export interface PreviewView {
  title: string;
  category: { label: string };
  posted: string;
  postedIso: string;
  bodyHtml: string;
  cover: { src: string } | null;
  coverAlt: string;
  video: { href: string; host: string } | null;
  gallery: { src: string; alt: string }[];
  attachments: { href: string; label: string; type: string; size: string | null }[];
}

/**
 * An item as its public page will show it (the same view and sanitising), published or not: a
 * stored item (`/staff/content/N/preview`) or a form's fields before saving (ADR 120). `notice`
 * says which, and how to go back.
 */
export function ContentPreview({ item, notice }: { item: PreviewView; notice: ReactNode }) {
  return (
    <>
      <div className="callout">{notice}</div>
      <article className="content-item staff-preview">
        <p>{item.category.label}</p>
        <h1>{item.title}</h1>
        <p>
          เผยแพร่ <time dateTime={item.postedIso}>{item.posted}</time>
        </p>
        {item.cover ? (
          <img src={item.cover.src} alt={item.coverAlt} width={800} height={450} className="staff-preview__cover" />
        ) : null}
        <RichText html={item.bodyHtml} />
        {item.video ? (
          <p>
            <a href={item.video.href} rel="noopener noreferrer">
              ชมวิดีโอที่ {item.video.host}
            </a>
          </p>
        ) : null}
        {item.gallery.length ? (
          <ul className="staff-list">
            {item.gallery.map((photo) => (
              <li key={photo.src}>
                <img src={photo.src} alt={photo.alt} width={320} height={180} className="staff-thumb" />
              </li>
            ))}
          </ul>
        ) : null}
        {item.attachments.length ? (
          <>
            <h2>เอกสารแนบ</h2>
            <ul>
              {item.attachments.map((a) => (
                <li key={a.href}>
                  <a href={a.href}>{a.label}</a> ({a.type}
                  {a.size ? ` ${a.size}` : ''})
                </li>
              ))}
            </ul>
          </>
        ) : null}
      </article>
    </>
  );
}

/** A form's fields shown before saving (ADR 120): nothing is saved yet, and files chosen are left out. */
export function UnsavedPreview({ item }: { item: PreviewView & { filesLeftOut: boolean } }) {
  return (
    <ContentPreview
      item={item}
      notice={
        <>
          <p>{T.previewUnsaved}</p>
          {item.filesLeftOut ? <p>{T.previewFilesLeftOut}</p> : null}
        </>
      }
    />
  );
}

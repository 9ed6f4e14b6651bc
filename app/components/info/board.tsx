import { Fragment, type ReactNode } from 'react';

import type { DemandStatus } from '~/server/coop/types';

/**
 * Visitor text (stored as typed, never HTML) as paragraphs: a blank line starts a paragraph, a
 * single line break stays a line break. React escapes the text.
 */
export function PlainText({ text }: { text: string }) {
  const paragraphs = text
    .split(/\n[ \t]*\n/)
    .map((p) => p.trim())
    .filter(Boolean);
  return (
    <>
      {paragraphs.map((paragraph, i) => (
        <p key={i}>
          {paragraph.split('\n').map((line, j) => (
            <Fragment key={j}>
              {j > 0 ? <br /> : null}
              {line}
            </Fragment>
          ))}
        </p>
      ))}
    </>
  );
}

/** A post's byline (author, badges, time) and its text, as a topic, an answer or a demand shows them. */
export function PostMetaBody({ meta, text }: { meta: ReactNode; text: string }) {
  return (
    <>
      <p className="post__meta">{meta}</p>
      <div className="post__body">
        <PlainText text={text} />
      </div>
    </>
  );
}

/** A topic or a demand at the top of its own page: its title is the page's heading, then its byline and text. */
export function PostArticle({
  titleId,
  title,
  meta,
  text,
}: {
  titleId: string;
  title: ReactNode;
  meta: ReactNode;
  text: string;
}) {
  return (
    <article className="post" aria-labelledby={titleId}>
      <h1 id={titleId} className="post-title">
        {title}
      </h1>
      <PostMetaBody meta={meta} text={text} />
    </article>
  );
}

/** A link back to the list a page belongs to, above its heading. */
export function BackLink({ href, children }: { href: string; children: ReactNode }) {
  return (
    <p>
      <a href={href}>{children}</a>
    </p>
  );
}

/** "ยังไม่มีคำตอบ" or "ตอบแล้ว N ความเห็น". */
export function answerCountText(count: number): string {
  return count > 0 ? `ตอบแล้ว ${count} ความเห็น` : 'ยังไม่มีคำตอบ';
}

export const DEMAND_STATUS: Record<DemandStatus, { label: string; tone: string }> = {
  received: { label: 'รับเรื่องแล้ว', tone: 'tone--gray' },
  in_progress: { label: 'อยู่ระหว่างดำเนินการ', tone: 'tone--gold' },
  done: { label: 'ดำเนินการแล้ว', tone: 'tone--green' },
};

export function DemandStatusBadge({ status }: { status: DemandStatus }) {
  const s = DEMAND_STATUS[status];
  return <span className={`badge ${s.tone}`}>{s.label}</span>;
}

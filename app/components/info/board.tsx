import { Fragment } from 'react';

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

import { useRouteLoaderData } from '@remix-run/react';
import { useEffect, useRef } from 'react';

import { afterPageLoad, writeAgain } from '~/lib/notice-announce';

export interface Notice {
  kind: 'success' | 'error' | 'info';
  text: string;
}

/**
 * The flash message of the last post/redirect/get (set by the root loader), shown at the top of the
 * page's <main> by each layout (ADR 049).
 */
export function FlashNotice() {
  const flash = useRouteLoaderData<{ flash: Notice | null }>('root')?.flash ?? null;
  return <Notices flash={flash} />;
}

/**
 * The notice area, in the page's flow at the top of <main> (ADR 049): nothing floats over the page,
 * the error summary or a field, with or without JavaScript. A flash from the server (post/redirect/get) or notices of the current form.
 * `announce` false when the same words are already announced (e.g. by an error summary).
 */
export function Notices({
  flash,
  notices = [],
  announce = true,
  className,
}: {
  flash?: Notice | null;
  notices?: Notice[];
  announce?: boolean;
  className?: string;
}) {
  const all = [...(flash ? [flash] : []), ...notices];
  // A notice stays on its page (ADR 112: no timer, so nothing vanishes and nothing under the reader's
  // eyes moves; WCAG 2.2.1). The notices the page was rendered with were in the status region before
  // a screen reader watched it: once the page has loaded their words are written again, as the page
  // scripts do. React never writes a notice's text again itself (a paragraph's key is its text, so
  // other words are another paragraph), so the text node replaced is never one it would update. A
  // notice that comes later is announced as it is inserted.
  const region = useRef<HTMLDivElement>(null);
  const hadNotices = useRef(all.length > 0);
  useEffect(() => {
    if (!hadNotices.current || !announce) return;
    return afterPageLoad(() => region.current?.querySelectorAll<HTMLElement>('.notice').forEach(writeAgain));
  }, [announce]);
  return (
    <div
      ref={region}
      className={className ? `notices ${className}` : 'notices'}
      role={announce ? 'status' : undefined}
      aria-hidden={announce ? undefined : true}
    >
      {all.map((n) => (
        <p key={n.text} className={`notice notice--${n.kind}`}>
          {n.text}
        </p>
      ))}
    </div>
  );
}

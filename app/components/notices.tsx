import { useRouteLoaderData } from '@remix-run/react';
import { useEffect, useState } from 'react';

/** Notices disappear after this long when scripts run (spec §9: 5000 ms); without scripts they stay. */
export const NOTICE_MS = 5000;

/** Registration and forgotten-password notices stay longer than the others (spec §8, §9: 10000 ms). */
export const LONG_NOTICE_MS = 10_000;

export interface Notice {
  kind: 'success' | 'error' | 'info';
  text: string;
  /** How long it shows when scripts run; NOTICE_MS unless said otherwise. */
  durationMs?: number;
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
  const key = all.map((n) => n.text).join('|');
  const duration = Math.max(NOTICE_MS, ...all.map((n) => n.durationMs ?? NOTICE_MS));
  const [hidden, setHidden] = useState<string | null>(null);
  useEffect(() => {
    if (!key) return;
    const timer = setTimeout(() => setHidden(key), duration);
    return () => clearTimeout(timer);
  }, [key, duration]);
  // Scripts remove a notice after its time: React on a page that hydrates, the member area's script
  // (app/client/member.ts, reading data-duration) on the others; without scripts it stays, as part of the page.
  const visible = hidden === key ? [] : all;
  return (
    <div
      className={className ? `notices ${className}` : 'notices'}
      role={announce ? 'status' : undefined}
      aria-hidden={announce ? undefined : true}
      data-duration={visible.length ? duration : undefined}
    >
      {visible.map((n) => (
        <p key={n.text} className={`notice notice--${n.kind}`}>
          {n.text}
        </p>
      ))}
    </div>
  );
}

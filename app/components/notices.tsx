import { useEffect, useState } from 'react';

/** Notices disappear after this long when scripts run (spec §9: 5000 ms); without scripts they stay. */
export const NOTICE_MS = 5000;

export interface Notice {
  kind: 'success' | 'error' | 'info';
  text: string;
}

/**
 * The toast area. A flash from the server (post/redirect/get) or notices of the current form.
 * `announce` false when the same words are already announced (e.g. by an error summary).
 */
export function Notices({
  flash,
  notices = [],
  announce = true,
}: {
  flash?: Notice | null;
  notices?: Notice[];
  announce?: boolean;
}) {
  const all = [...(flash ? [flash] : []), ...notices];
  const key = all.map((n) => n.text).join('|');
  const [hidden, setHidden] = useState<string | null>(null);
  useEffect(() => {
    if (!key) return;
    const timer = setTimeout(() => setHidden(key), NOTICE_MS);
    return () => clearTimeout(timer);
  }, [key]);
  const visible = hidden === key ? [] : all;
  return (
    <div className="notices" role={announce ? 'status' : undefined} aria-hidden={announce ? undefined : true}>
      {visible.map((n) => (
        <p key={n.text} className={`notice notice--${n.kind}`}>
          {n.text}
        </p>
      ))}
    </div>
  );
}

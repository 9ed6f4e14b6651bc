import { useLocation } from '@remix-run/react';
import type { ReactNode } from 'react';

export interface LinkTab<K extends string> {
  key: K;
  label: string;
  panel: ReactNode;
  /** The panel begins with something focusable (a scrolling table): then the panel is no Tab stop itself. */
  startsFocusable?: boolean;
}

/**
 * Tabs whose choice is in the address. As plain HTML each tab is a link to `?param=key`, the server
 * shows the chosen panel (the first when the address names none) and the link says
 * `aria-current="page"`; every panel is in the page, the others `hidden`. The member area's script
 * (`app/client/member.ts`, ADR 085, ADR 103) makes them the WAI-ARIA tabs pattern, reading what it needs from the
 * markup: a tablist of tabs with `aria-selected` and `aria-controls`, one tab in the Tab order (the
 * chosen one), Left/Right arrows, Home and End moving to a tab and choosing it, the address following
 * (replaced, not a new history entry), nothing asked of the server.
 */
export function LinkTabs<K extends string>({
  id,
  label,
  param = 'tab',
  tabs,
}: {
  /** Prefix of the tabs' and panels' ids. */
  id: string;
  /** The accessible name of the list of tabs. */
  label: string;
  param?: string;
  tabs: readonly LinkTab<K>[];
}) {
  const { search } = useLocation();
  const value = new URLSearchParams(search).get(param);
  const selected = tabs.find((t) => t.key === value)?.key ?? tabs[0]?.key;
  return (
    <div className="tabs" data-tabs={param}>
      <ul className="tabs__list" aria-label={label}>
        {tabs.map((t) => (
          <li key={t.key}>
            <a
              href={`?${new URLSearchParams({ [param]: t.key }).toString()}`}
              id={`${id}-tab-${t.key}`}
              className="tabs__tab"
              aria-current={t.key === selected ? 'page' : undefined}
              data-tab={t.key}
            >
              {t.label}
            </a>
          </li>
        ))}
      </ul>
      {tabs.map((t) => (
        <div
          key={t.key}
          id={`${id}-panel-${t.key}`}
          className="tabs__panel"
          hidden={t.key !== selected}
          data-starts-focusable={t.startsFocusable ? '' : undefined}
        >
          {t.panel}
        </div>
      ))}
    </div>
  );
}

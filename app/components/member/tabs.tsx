import { Link, useLocation, useNavigate, useNavigation } from '@remix-run/react';
import type { KeyboardEvent, MouseEvent, ReactNode } from 'react';

import { useHydrated } from '~/lib/hooks';

export interface LinkTab<K extends string> {
  key: K;
  label: string;
  panel: ReactNode;
  /** The panel begins with something focusable (a scrolling table): then the panel is no Tab stop itself. */
  startsFocusable?: boolean;
}

/**
 * The tab a page shows, read from its address (`?param=key`; the first tab when absent or unknown).
 * While a change of tab is under way the new address counts already, so the tab changes at the key
 * press rather than when the loaders have answered.
 */
export function useTabFromUrl<K extends string>(param: string, keys: readonly K[]): K {
  const location = useLocation();
  const pending = useNavigation().location;
  const search = pending?.pathname === location.pathname ? pending.search : location.search;
  const value = new URLSearchParams(search).get(param);
  return keys.find((key) => key === value) ?? (keys[0] as K);
}

/**
 * Tabs whose choice is in the address. As plain HTML each tab is a link to `?param=key`, the server
 * shows the chosen panel and the link says `aria-current="page"`. Once React runs they become the
 * WAI-ARIA tabs pattern: a tablist of tabs with `aria-selected` and `aria-controls`, one tab in the
 * Tab order (the chosen one), Left/Right arrows, Home and End moving to a tab and choosing it; the
 * address follows (replaced, not a new history entry). Every panel is in the page; the others are
 * `hidden`. The markup is the same before and after hydration, only the attributes change.
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
  const keys = tabs.map((t) => t.key);
  const selected = useTabFromUrl(param, keys);
  const enhanced = useHydrated();
  const navigate = useNavigate();
  const href = (key: K) => `?${new URLSearchParams({ [param]: key }).toString()}`;
  const choose = (key: K) => {
    if (key !== selected) navigate(href(key), { replace: true, preventScrollReset: true });
  };

  function onKeyDown(event: KeyboardEvent<HTMLElement>) {
    if (event.altKey || event.ctrlKey || event.metaKey || event.shiftKey) return;
    const current = keys.indexOf(selected);
    const last = keys.length - 1;
    const moves: Record<string, number> = {
      ArrowRight: current === last ? 0 : current + 1,
      ArrowLeft: current === 0 ? last : current - 1,
      Home: 0,
      End: last,
      ' ': current,
    };
    const next = moves[event.key] ?? -1;
    if (next < 0) return;
    event.preventDefault();
    const key = keys[next] as K;
    document.getElementById(`${id}-tab-${key}`)?.focus();
    choose(key);
  }

  return (
    <div className="tabs">
      <ul
        className="tabs__list"
        aria-label={label}
        role={enhanced ? 'tablist' : undefined}
        onKeyDown={enhanced ? onKeyDown : undefined}
      >
        {tabs.map((t) => {
          const chosen = t.key === selected;
          return (
            <li key={t.key} role={enhanced ? 'presentation' : undefined}>
              <Link
                to={href(t.key)}
                replace
                preventScrollReset
                id={`${id}-tab-${t.key}`}
                className="tabs__tab"
                {...(enhanced
                  ? {
                      role: 'tab',
                      'aria-selected': chosen,
                      'aria-controls': `${id}-panel-${t.key}`,
                      tabIndex: chosen ? 0 : -1,
                      onClick: (event: MouseEvent) => {
                        if (chosen) event.preventDefault();
                      },
                    }
                  : { 'aria-current': chosen ? 'page' : undefined })}
              >
                {t.label}
              </Link>
            </li>
          );
        })}
      </ul>
      {tabs.map((t) => (
        <div
          key={t.key}
          id={`${id}-panel-${t.key}`}
          className="tabs__panel"
          hidden={t.key !== selected}
          {...(enhanced
            ? {
                role: 'tabpanel',
                'aria-labelledby': `${id}-tab-${t.key}`,
                tabIndex: t.startsFocusable ? undefined : 0,
              }
            : {})}
        >
          {t.panel}
        </div>
      ))}
    </div>
  );
}

import { site } from '~/config/site';
import type { MenuEntry } from '~/server/coop/types';

import { Marquee } from './marquee';
import { SearchTrigger } from './search';

export const HOME_ENTRY = { label: 'หน้าแรก', url: '/home' } as const;
export const EMPTY_SUBMENU = 'ยังไม่พบเมนู';

function MenuList({ menu, idPrefix }: { menu: MenuEntry[]; idPrefix: string }) {
  return (
    <ul className="menu">
      <li className="menu__item">
        <a className="menu__link" href={HOME_ENTRY.url}>
          {HOME_ENTRY.label}
        </a>
      </li>
      {menu.map((entry) =>
        entry.isParent ? (
          <li key={entry.seq} className="menu__item">
            <details className="menu__group" name={`${idPrefix}-group`}>
              <summary className="menu__link" id={`${idPrefix}-${entry.seq}`}>
                {entry.label}
              </summary>
              {entry.children.length ? (
                <ul className="submenu" aria-labelledby={`${idPrefix}-${entry.seq}`}>
                  {entry.children.map((child) => (
                    <li key={child.seq}>
                      <a className="submenu__link" href={child.url}>
                        {child.label}
                      </a>
                    </li>
                  ))}
                </ul>
              ) : (
                <p className="submenu submenu--empty">{EMPTY_SUBMENU}</p>
              )}
            </details>
          </li>
        ) : (
          <li key={entry.seq} className="menu__item">
            <a className="menu__link" href={entry.url ?? '/home'}>
              {entry.label}
            </a>
          </li>
        ),
      )}
    </ul>
  );
}

/** Header of the public site. The menu opens without JavaScript (details/summary) on phones. */
export function SiteHeader({ menu, openingHours }: { menu: MenuEntry[]; openingHours?: string }) {
  return (
    <header className="site-header">
      <Marquee text={openingHours ?? site.openingHours} />
      <div className="site-header__inner">
        <a className="brand" href="/home">
          <img src={site.logo.src} alt="" width={site.logo.width} height={site.logo.height} />
          <span className="brand__text">
            <span className="brand__name">{site.nameTh}</span>
            <span className="brand__name-en" lang="en">
              {site.nameEn}
            </span>
            <span className="brand__slogan">{site.slogan}</span>
          </span>
        </a>
        <SearchTrigger />
        <a className="button button--small site-header__login" href="/member/logon">
          เข้าสู่ระบบสมาชิก
        </a>
      </div>
      <nav className="site-nav site-nav--desktop" aria-label="เมนูหลัก">
        <MenuList menu={menu} idPrefix="menu-d" />
      </nav>
      <details className="site-nav site-nav--mobile">
        <summary className="site-nav__toggle">เมนู</summary>
        <nav aria-label="เมนูหลัก">
          <MenuList menu={menu} idPrefix="menu-m" />
        </nav>
      </details>
    </header>
  );
}

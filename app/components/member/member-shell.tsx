import { useEffect, type ReactNode } from 'react';

import { memberDrawer } from '~/client/drawer';

import { FlashNotice } from '~/components/notices';
import { PushToggle } from '~/components/push';
import { site } from '~/config/site';
import { actingAsText, IMPERSONATION_MESSAGES } from '~/lib/impersonation';
import { backPathFor, MEMBER_MENU, menuKeyForPath } from '~/lib/member-menu';

/**
 * Member layout: header with the member's name and number, the side menu (a drawer below
 * 1024 px that opens with a plain link and :target, so it works without JavaScript; with it, what the
 * open drawer covers is inert and Esc closes it, ADR 111). While staff
 * act as the member (ADR 010) a banner above everything says so and offers to end it.
 */
export function MemberShell({
  pathname,
  memberName,
  membershipNo,
  actingStaff = null,
  offersWelfare = true,
  children,
}: {
  pathname: string;
  memberName: string;
  membershipNo: string;
  actingStaff?: string | null;
  /** False where the backend has no welfare feed (http mode): the menu leaves the entry out. */
  offersWelfare?: boolean;
  children: ReactNode;
}) {
  const activeKey = menuKeyForPath(pathname);
  const back = backPathFor(pathname);
  // On a page React runs (the member script is not loaded there): the same drawer (ADR 111).
  useEffect(() => memberDrawer(document), []);
  return (
    <div className="member" id="top">
      <a className="skip-link" href="#main">
        ข้ามไปยังเนื้อหาหลัก
      </a>
      {actingStaff ? <ActingBanner memberName={memberName} membershipNo={membershipNo} staff={actingStaff} /> : null}
      <header className="member-header">
        <a className="member-header__drawer-toggle button button--small" href="#member-menu">
          เมนูสมาชิก
        </a>
        <a className="brand brand--compact" href="/member/status">
          <img src={site.logo.src} alt="" width={40} height={40} />
          <span className="brand__name">{site.shortNameTh}</span>
        </a>
        <p className="member-header__who">
          <span className="member-header__name">{memberName}</span>
          <span className="member-header__no">
            เลขทะเบียนสมาชิก <span className="nowrap">{membershipNo}</span>
          </span>
        </p>
      </header>
      <div className="member-body">
        <nav id="member-menu" className="member-nav" aria-label="เมนูสมาชิก">
          <a className="member-nav__close" href="#main">
            ปิดเมนู
          </a>
          <ul className="member-nav__list">
            {MEMBER_MENU.filter((item) => offersWelfare || item.path !== '/member/welfare').map((item) => (
              <li key={item.path}>
                <a
                  href={item.path}
                  className={`member-nav__link${item.key === activeKey ? ' is-active' : ''}`}
                  aria-current={item.key === activeKey ? 'page' : undefined}
                  data-menu-key={item.key}
                >
                  {item.label}
                </a>
              </li>
            ))}
            <li>
              <form method="post" action="/member/logout">
                <button type="submit" className="member-nav__link member-nav__logout" data-menu-key="10">
                  ออกจากระบบ
                </button>
              </form>
            </li>
          </ul>
          <p className="member-nav__home">
            <a href="/home">กลับสู่หน้าหลักเว็บไซต์</a>
          </p>
          <PushToggle className="member-nav__push" />
        </nav>
        <main id="main" className="member-main" tabIndex={-1}>
          {back ? (
            <p className="member-main__back">
              <a href={back}>ย้อนกลับ</a>
            </p>
          ) : null}
          <FlashNotice />
          {children}
          <p className="member-main__top">
            <a href="#top">กลับขึ้นด้านบน</a>
          </p>
        </main>
      </div>
    </div>
  );
}

/** The staff impersonation banner: a labelled region (not a live region: it is there from the first paint). */
export function ActingBanner({
  memberName,
  membershipNo,
  staff,
}: {
  memberName: string;
  membershipNo: string;
  staff: string;
}) {
  return (
    <section className="acting-banner" aria-label={IMPERSONATION_MESSAGES.bannerLabel}>
      <p className="acting-banner__text">{actingAsText(memberName, membershipNo, staff)}</p>
      <form method="post" action="/member/logout">
        <button type="submit" className="button button--small acting-banner__end">
          {IMPERSONATION_MESSAGES.endButton}
        </button>
      </form>
    </section>
  );
}

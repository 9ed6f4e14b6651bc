import { useLocation } from '@remix-run/react';

import { site } from '~/config/site';
import { IncidentNumber } from '~/incident';

export const NOT_FOUND_TEXT = 'ขออภัย!ไม่พบหน้าเว็บไซต์ที่ค้นหา...';
export const CRASH_TEXT = 'ขออภัย! หน้าเพจนี้ไม่พร้อมให้บริการชั่วคราว กรุณาลองใหม่ในภายหลัง';

export const NOT_FOUND_TITLE = `ไม่พบหน้าเว็บไซต์ | ${site.shortNameTh}`;
export const CRASH_TITLE = `ไม่พร้อมให้บริการ | ${site.shortNameTh}`;

function Shell({ children }: { children: React.ReactNode }) {
  return (
    <main id="main" className="status-page">
      <img src={site.logo.src} alt="" width={site.logo.width} height={site.logo.height} className="status-page__logo" />
      {children}
    </main>
  );
}

/** Unknown path (HTTP 404). */
export function NotFoundPage() {
  return (
    <Shell>
      <p className="status-page__code" aria-hidden="true">
        404
      </p>
      <h1>{NOT_FOUND_TEXT}</h1>
      <p>
        <a className="button" href="/home">
          กลับสู่หน้าแรก
        </a>
      </p>
    </Shell>
  );
}

/** "Try again": the same address asked for once more (a plain link, so it works without scripts). */
export function RetryLink({ href }: { href: string }) {
  return (
    <a className="button" href={href}>
      ลองใหม่อีกครั้ง
    </a>
  );
}

/** Rendering or server failure (HTTP 500): no details reach the visitor. */
export function CrashPage() {
  const location = useLocation();
  const retry = `${location.pathname}${location.search}`;
  return (
    <Shell>
      <h1>{CRASH_TEXT}</h1>
      <IncidentNumber />
      <p className="status-page__actions">
        <RetryLink href={retry} />
        <a className="button button--secondary" href="/home">
          กลับสู่หน้าแรก
        </a>
      </p>
    </Shell>
  );
}

import { useLocation } from '@remix-run/react';

import { site } from '~/config/site';
import { IncidentNumber, groupIncident } from '~/incident';

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
        <HomeButton primary />
      </p>
    </Shell>
  );
}

/** "Back to the home page", as a button (the secondary one beside "try again" unless said otherwise). */
export function HomeButton({ primary = false }: { primary?: boolean }) {
  return (
    <a className={primary ? 'button' : 'button button--secondary'} href="/home">
      กลับสู่หน้าแรก
    </a>
  );
}

/** The ways on from a failure: the same address again, and the home page. */
function FailureActions({ retry }: { retry: string }) {
  return (
    <p className="status-page__actions">
      <RetryLink href={retry} />
      <HomeButton />
    </p>
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
      <FailureActions retry={retry} />
    </Shell>
  );
}

/**
 * A whole failure document for an answer that has no page of its own to show it in: a route that
 * only acts and redirects (a sign-out, a staff publish) or sends a file, failing (ADR 145). The same
 * words and ways on as `CrashPage`, with the site's inline stylesheet when there is one.
 */
export function FailureDocument({
  heading,
  detail,
  incident,
  retry,
  css,
}: {
  heading: string;
  detail?: string;
  /** The request id, printed grouped as "เลขที่อ้างอิง …". */
  incident?: string;
  /** Where "ลองใหม่อีกครั้ง" goes (a GET of the same address, or the page the form was on). */
  retry: string;
  /** The site's inline stylesheet (its text is allowed by its hash in the CSP). */
  css?: string;
}) {
  return (
    <html lang="th">
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <title>{CRASH_TITLE}</title>
        {css ? <style dangerouslySetInnerHTML={{ __html: css }} /> : null}
      </head>
      <body>
        <Shell>
          <h1>{heading}</h1>
          {detail ? <p>{detail}</p> : null}
          {incident ? (
            <p className="status-page__incident">
              {'เลขที่อ้างอิง '}
              <span className="status-page__incident-number">{groupIncident(incident)}</span>
            </p>
          ) : null}
          <FailureActions retry={retry} />
        </Shell>
      </body>
    </html>
  );
}

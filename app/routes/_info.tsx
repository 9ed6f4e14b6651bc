import type { LoaderFunctionArgs, MetaFunction } from '@remix-run/node';
import { json } from '@remix-run/node';
import {
  isRouteErrorResponse,
  Outlet,
  useLoaderData,
  useLocation,
  useMatches,
  useRouteError,
  useRouteLoaderData,
} from '@remix-run/react';

import { CookieConsent } from '~/components/info/cookie-consent';
import { FlashNotice } from '~/components/notices';
import {
  CRASH_TEXT,
  CRASH_TITLE,
  HomeButton,
  NOT_FOUND_TEXT,
  NOT_FOUND_TITLE,
  RetryLink,
} from '~/components/error-pages';
import { DiskFullNotice, useDiskFull } from '~/components/disk-full';
import { SearchDialog } from '~/components/info/search';
import { LoadScript } from '~/components/script-loader';
import { SiteFooter } from '~/components/info/site-footer';
import { SiteHeader } from '~/components/info/site-header';
import { oldestDataAsOf, StaleNotice } from '~/components/info/stale-notice';
import { IncidentNumber } from '~/incident';
import { UNAVAILABLE_MESSAGE } from '~/lib/messages';
import { titleFor } from '~/lib/meta';
import { app } from '~/server/app.server';
import { readConsent } from '~/server/content/cookie-consent.server';
import { enhanceScriptSrc } from '~/server/http/enhance.server';
import { dataAsOf } from '~/server/http/request-context.server';
import { openingHoursLine } from '~/server/staff/site-settings.server';

/** Info layout: the public site's header menu and footer, both from the backend. */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const { backend, db, env } = await app();
  const [menu, phones, openingHours] = await Promise.all([
    backend.getMenu(),
    backend.getFooterPhones(),
    openingHoursLine(db, env.FEED_CACHE_SECONDS * 1000),
  ]);
  const url = new URL(request.url);
  return json({
    menu,
    phones,
    openingHours,
    // Set when the menu or the phones are a kept copy because the backend failed (ADR 021).
    dataAsOf: dataAsOf(context),
    // Shown until the visitor chooses (spec §4); responses carry `Vary: Cookie` (ADR 013).
    cookieBanner: readConsent(request) === null,
    returnTo: `${url.pathname}${url.search}`,
    enhanceScript: enhanceScriptSrc(),
  });
}

/** Used when a public page failed (this route holds the error boundary); pages set their own titles. */
export const meta: MetaFunction = (args) => {
  if (!args.error) return [];
  const status = isRouteErrorResponse(args.error) ? args.error.status : 500;
  if (status === 404) return [{ title: NOT_FOUND_TITLE }];
  if (status === 503) return [titleFor(args, UNAVAILABLE_MESSAGE)];
  return [{ title: CRASH_TITLE }];
};

type LayoutData = ReturnType<typeof useLoaderData<typeof loader>>;

function Layout({ data, children }: { data: LayoutData | undefined; children: React.ReactNode }) {
  return (
    <>
      <a className="skip-link" href="#main">
        ข้ามไปยังเนื้อหาหลัก
      </a>
      {data?.cookieBanner ? <CookieConsent returnTo={data.returnTo} /> : null}
      <SiteHeader menu={data?.menu ?? []} openingHours={data?.openingHours} />
      <main id="main" className="page">
        <FlashNotice />
        {children}
      </main>
      <SiteFooter phones={data?.phones ?? []} openingHours={data?.openingHours} />
      <SearchDialog />
      {/*
        The one enhancement script of public pages (search dialog, marquee pace, cookie banner). Loaded
        by an inline loader the CSP allows by its hash, so the page carries no nonce and can be cached
        (ADR 014, ADR 034).
      */}
      {data ? <LoadScript src={data.enhanceScript} /> : null}
    </>
  );
}

export default function InfoLayout() {
  const data = useLoaderData<typeof loader>();
  // Any of the page's data may be a kept copy (the menu here, the content in the page's own loader).
  const since = oldestDataAsOf(useMatches().map((match) => match.data));
  return (
    <Layout data={data}>
      {since ? <StaleNotice since={since} /> : null}
      <Outlet />
    </Layout>
  );
}

/**
 * A public page that failed keeps the site's layout (with the menu when it could be read): not found
 * (HTTP 404), the data unavailable with no kept copy (HTTP 503, spec §8 'ไม่สามารถเชื่อมต่อได้', ADR 021)
 * a save that failed because the server's disk is full (HTTP 503, ADR 098) or a failure of our own (HTTP 500). No details reach the visitor; the retry link reloads the page.
 */
export function ErrorBoundary() {
  const error = useRouteError();
  const data = useRouteLoaderData<typeof loader>('routes/_info');
  const { pathname, search } = useLocation();
  const status = isRouteErrorResponse(error) ? error.status : 500;
  const diskFull = useDiskFull(error);
  const home = <HomeButton />;
  return (
    <Layout data={data}>
      {diskFull ? (
        <DiskFullNotice>
          <p className="status-page__actions">{home}</p>
        </DiskFullNotice>
      ) : status === 404 ? (
        <div className="panel">
          <h1>{NOT_FOUND_TEXT}</h1>
          <p className="status-page__actions">{home}</p>
        </div>
      ) : (
        <div className="panel" role="alert">
          <h1>{status === 503 ? UNAVAILABLE_MESSAGE : CRASH_TEXT}</h1>
          {status === 503 ? <p>ระบบไม่สามารถดึงข้อมูลได้ในขณะนี้ กรุณาลองใหม่อีกครั้งในภายหลัง</p> : null}
          <IncidentNumber />
          <p className="status-page__actions">
            <RetryLink href={`${pathname}${search}`} />
            {home}
          </p>
        </div>
      )}
    </Layout>
  );
}

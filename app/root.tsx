import type { LinksFunction, LoaderFunctionArgs } from '@remix-run/node';
import { json } from '@remix-run/node';
import {
  Links,
  Meta,
  Outlet,
  Scripts,
  ScrollRestoration,
  isRouteErrorResponse,
  useLoaderData,
  useMatches,
  useRouteError,
} from '@remix-run/react';
import { useEffect, type ReactNode } from 'react';

import { DiskFullNotice, useDiskFull } from './components/disk-full';
import { CRASH_TITLE, CrashPage, HomeButton, NOT_FOUND_TITLE, NotFoundPage } from './components/error-pages';
import { INLINE_STYLE_ATTRIBUTE, useInlineStyle } from './inline-style';
import { useNonce } from './nonce';
import { PushConfig, PushScript } from './components/push';
import { site } from './config/site';
import { env } from './server/env.server';
import { takeFlash } from './server/flash.server';
import { pushPageConfig, type PushPageConfig } from './server/content/push.server';
import appStyles from './styles/app.css';
import memberAreaStyles from './styles/member-area.css';

// The stylesheets are not among the links: Document inlines or links them (ADR 022, ADR 089).
export const links: LinksFunction = () => [
  { rel: 'icon', href: '/favicon.svg', type: 'image/svg+xml' },
  { rel: 'icon', href: '/favicon.ico', sizes: '16x16' },
];

export async function loader({ request, context }: LoaderFunctionArgs) {
  const { flash, setCookie } = await takeFlash(request);
  // After a failed form POST rendered without JavaScript, titles get the error prefix.
  // (The load context lives for one request, so it is only set on that render.)
  const formErrors = Boolean(context.formErrors);
  // Desktop notifications (ADR 020): the same public values for every visitor, or null (nothing loads).
  const push = pushPageConfig(env());
  return json({ flash, formErrors, push }, setCookie ? { headers: { 'Set-Cookie': setCookie } } : undefined);
}

/**
 * The description of every page of the member area and its doors: none of them sets its
 * own, and search engines and Lighthouse ask each page for one (ADR 089).
 */
const MEMBER_AREA_DESCRIPTION = `บริการสมาชิกออนไลน์ของ${site.nameTh}: ข้อมูลสมาชิก ทุนเรือนหุ้น เงินกู้ เงินฝาก ใบแจ้งหนี้ และใบเสร็จรับเงิน`;

/**
 * A route opts into React hydration with `handle = { hydrate: true }`; others ship no framework JS.
 * Only the member pages with a form that needs React do (password, security, photo, the terms):
 * the rest of the member area is server-rendered with one small script (ADR 085).
 */
export interface RouteHandle {
  hydrate?: boolean;
  /** A member-area page that does not hydrate still has the member area's rules (ADR 085). */
  memberStyles?: boolean;
}

/** Whether the page being rendered hydrates: a route among its matches asks for it. */
export function usePageHydrates(): boolean {
  return useMatches().some((m) => (m.handle as RouteHandle | undefined)?.hydrate === true);
}

function Document({
  children,
  hydrate,
  memberArea = false,
  title,
  push = null,
}: {
  children: ReactNode;
  hydrate: boolean;
  memberArea?: boolean;
  title?: string;
  push?: PushPageConfig | null;
}) {
  const nonce = useNonce();
  // A public page carries the site's stylesheet in its head: no render-blocking request before its
  // first paint, allowed by its hash in the CSP (ADR 022). The member area and its doors, where every
  // page that hydrates is, link one stylesheet, the site's rules and then the member area's own,
  // cached for a year: a member's later pages send no style at all (ADR 032, ADR 089). The public
  // pages never carry the member area's rules. Where the build's file cannot be inlined, a public
  // page links it.
  const inlineStyle = useInlineStyle();
  // The member area: the pages that hydrate, and the member layout's pages that do not (ADR 085).
  const member = hydrate || memberArea;
  return (
    <html lang="th">
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <meta name="theme-color" content="#0b5d3b" />
        {title ? <title>{title}</title> : <Meta />}
        {member ? <meta name="description" content={MEMBER_AREA_DESCRIPTION} /> : null}
        {member ? (
          <link rel="stylesheet" href={memberAreaStyles} />
        ) : inlineStyle ? (
          <style {...{ [INLINE_STYLE_ATTRIBUTE]: 'app' }} dangerouslySetInnerHTML={{ __html: inlineStyle }} />
        ) : (
          <link rel="stylesheet" href={appStyles} />
        )}
        {inlineStyle && !member ? (
          /*
            The document arrives in one piece (entry.server.tsx): its first frame waits until it is
            parsed to the search dialog at its end, so the page is laid out once, completely, before
            it is painted, rather than painted half and laid out again (ADR 022). Browsers without
            rel=expect ignore it.
          */
          <link rel="expect" href="#search-dialog" {...{ blocking: 'render' }} />
        ) : null}
        <Links />
        {push ? <PushConfig config={push} /> : null}
      </head>
      {/* A page's scripts learn from data-hydrates that React runs it (and announces its notices, ADR 112). */}
      <body data-hydrates={hydrate ? '' : undefined}>
        {children}
        {push ? <PushScript config={push} nonce={hydrate ? nonce : undefined} /> : null}
        {hydrate ? (
          <>
            <ScrollRestoration nonce={nonce} />
            <Scripts nonce={nonce} />
          </>
        ) : null}
      </body>
    </html>
  );
}

export default function App() {
  const { push } = useLoaderData<typeof loader>();
  const matches = useMatches();
  const hydrate = usePageHydrates();
  const memberArea = matches.some((m) => (m.handle as RouteHandle | undefined)?.memberStyles === true);
  // Once React has taken the page over, `<body data-hydrated>` says so (the e2e tests wait for it before
  // they act on a page that hydrates, so that they test the page with its scripts running).
  useEffect(() => {
    document.body.setAttribute('data-hydrated', '');
  }, []);
  return (
    <Document hydrate={hydrate} memberArea={memberArea} push={push}>
      {/* The flash message is shown at the top of each layout's <main> (FlashNotice, ADR 049). */}
      <Outlet />
    </Document>
  );
}

export function ErrorBoundary() {
  const error = useRouteError();
  const notFound = isRouteErrorResponse(error) && error.status === 404;
  if (useDiskFull(error)) {
    return (
      <Document hydrate={false} title={CRASH_TITLE}>
        <main id="main" className="status-page">
          <DiskFullNotice>
            <p className="status-page__actions">
              <HomeButton />
            </p>
          </DiskFullNotice>
        </main>
      </Document>
    );
  }
  return (
    <Document hydrate={false} title={notFound ? NOT_FOUND_TITLE : CRASH_TITLE}>
      {notFound ? <NotFoundPage /> : <CrashPage />}
    </Document>
  );
}

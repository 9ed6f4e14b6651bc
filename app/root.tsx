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
import type { ReactNode } from 'react';

import { CRASH_TITLE, CrashPage, NOT_FOUND_TITLE, NotFoundPage } from './components/error-pages';
import { useInlineStyle } from './inline-style';
import { useNonce } from './nonce';
import { PushConfig, PushScript } from './components/push';
import { env } from './server/env.server';
import { takeFlash } from './server/flash.server';
import { pushPageConfig, type PushPageConfig } from './server/content/push.server';
import appStyles from './styles/app.css';
import memberStyles from './styles/member.css';

// The stylesheet is not among the links: Document inlines it or links it (ADR 022).
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

/** A route opts into React hydration with `handle = { hydrate: true }`; others ship no framework JS. */
export interface RouteHandle {
  hydrate?: boolean;
  /** A member-area page that does not hydrate (login, register, forget: ADR 068) still has its rules. */
  memberStyles?: boolean;
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
  // Pages without hydration (the public site, error pages) carry the stylesheet in their head: no
  // render-blocking request before the first paint. The CSP allows it by hash (ADR 022). Hydrating
  // pages, and any render in the browser, link the fingerprinted file, which stays cached, and the
  // member area's own rules after it (ADR 032): the public pages never carry those.
  const style = useInlineStyle();
  // The member area's pages that do not hydrate (ADR 068) link their stylesheets like the others.
  const inlineStyle = hydrate || memberArea ? '' : style;
  return (
    <html lang="th">
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <meta name="theme-color" content="#0b5d3b" />
        {title ? <title>{title}</title> : <Meta />}
        {inlineStyle ? (
          <>
            <style dangerouslySetInnerHTML={{ __html: inlineStyle }} />
            {/*
              The document arrives in one piece (entry.server.tsx): its first frame waits until it is
              parsed to the search dialog at its end, so the page is laid out once, completely, before
              it is painted, rather than painted half and laid out again (ADR 022). Browsers without
              rel=expect ignore it.
            */}
            <link rel="expect" href="#search-dialog" {...{ blocking: 'render' }} />
          </>
        ) : (
          <link rel="stylesheet" href={appStyles} />
        )}
        {hydrate || memberArea ? <link rel="stylesheet" href={memberStyles} /> : null}
        <Links />
        {push ? <PushConfig config={push} /> : null}
      </head>
      <body>
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
  const hydrate = matches.some((m) => (m.handle as RouteHandle | undefined)?.hydrate === true);
  const memberArea = matches.some((m) => (m.handle as RouteHandle | undefined)?.memberStyles === true);
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
  return (
    <Document hydrate={false} title={notFound ? NOT_FOUND_TITLE : CRASH_TITLE}>
      {notFound ? <NotFoundPage /> : <CrashPage />}
    </Document>
  );
}

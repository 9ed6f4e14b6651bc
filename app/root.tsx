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
import { Notices } from './components/notices';
import { useNonce } from './nonce';
import { takeFlash } from './server/flash.server';
import appStyles from './styles/app.css';

export const links: LinksFunction = () => [
  { rel: 'stylesheet', href: appStyles },
  { rel: 'icon', href: '/favicon.svg', type: 'image/svg+xml' },
  { rel: 'icon', href: '/favicon.ico', sizes: '16x16' },
];

export async function loader({ request, context }: LoaderFunctionArgs) {
  const { flash, setCookie } = await takeFlash(request);
  // After a failed form POST rendered without JavaScript, titles get the error prefix.
  // (The load context lives for one request, so it is only set on that render.)
  const formErrors = Boolean(context.formErrors);
  return json({ flash, formErrors }, setCookie ? { headers: { 'Set-Cookie': setCookie } } : undefined);
}

/** A route opts into React hydration with `handle = { hydrate: true }`; others ship no framework JS. */
export interface RouteHandle {
  hydrate?: boolean;
}

function Document({ children, hydrate, title }: { children: ReactNode; hydrate: boolean; title?: string }) {
  const nonce = useNonce();
  return (
    <html lang="th">
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <meta name="theme-color" content="#0b5d3b" />
        {title ? <title>{title}</title> : <Meta />}
        <Links />
      </head>
      <body>
        {children}
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
  const { flash } = useLoaderData<typeof loader>();
  const matches = useMatches();
  const hydrate = matches.some((m) => (m.handle as RouteHandle | undefined)?.hydrate === true);
  return (
    <Document hydrate={hydrate}>
      <Notices flash={flash} />
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

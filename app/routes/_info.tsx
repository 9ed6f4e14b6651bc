import type { LoaderFunctionArgs } from '@remix-run/node';
import { json } from '@remix-run/node';
import { Outlet, useLoaderData } from '@remix-run/react';

import { CookieConsent } from '~/components/info/cookie-consent';
import { SearchDialog } from '~/components/info/search';
import { SiteFooter } from '~/components/info/site-footer';
import { SiteHeader } from '~/components/info/site-header';
import { app } from '~/server/app.server';
import { readConsent } from '~/server/cookie-consent.server';
import { enhanceScriptSrc } from '~/server/enhance.server';

/** Info layout: the public site's header menu and footer, both from the backend. */
export async function loader({ request }: LoaderFunctionArgs) {
  const { backend } = await app();
  const [menu, phones] = await Promise.all([backend.getMenu(), backend.getFooterPhones()]);
  const url = new URL(request.url);
  return json({
    menu,
    phones,
    // Shown until the visitor chooses (spec §4); responses carry `Vary: Cookie` (ADR 013).
    cookieBanner: readConsent(request) === null,
    returnTo: `${url.pathname}${url.search}`,
    enhanceScript: enhanceScriptSrc(),
  });
}

export default function InfoLayout() {
  const { menu, phones, cookieBanner, returnTo, enhanceScript } = useLoaderData<typeof loader>();
  return (
    <>
      <a className="skip-link" href="#main">
        ข้ามไปยังเนื้อหาหลัก
      </a>
      {cookieBanner ? <CookieConsent returnTo={returnTo} /> : null}
      <SiteHeader menu={menu} />
      <main id="main" className="page">
        <Outlet />
      </main>
      <SiteFooter phones={phones} />
      <SearchDialog />
      {/*
        The one enhancement script of public pages (search dialog, marquee pace, cookie banner). A file
        of this site ('self' in script-src), so the page carries no nonce and can be cached (ADR 014).
      */}
      <script src={enhanceScript} defer />
    </>
  );
}

import { json } from '@remix-run/node';
import { Outlet, useLoaderData } from '@remix-run/react';

import { SiteFooter } from '~/components/info/site-footer';
import { SiteHeader } from '~/components/info/site-header';
import { app } from '~/server/app.server';

/** Info layout: the public site's header menu and footer, both from the backend. */
export async function loader() {
  const { backend } = await app();
  const [menu, phones] = await Promise.all([backend.getMenu(), backend.getFooterPhones()]);
  return json({ menu, phones });
}

export default function InfoLayout() {
  const { menu, phones } = useLoaderData<typeof loader>();
  return (
    <>
      <a className="skip-link" href="#main">
        ข้ามไปยังเนื้อหาหลัก
      </a>
      <SiteHeader menu={menu} />
      <main id="main" className="page">
        <Outlet />
      </main>
      <SiteFooter phones={phones} />
    </>
  );
}

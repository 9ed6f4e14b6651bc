import type { MetaFunction } from '@remix-run/node';

import { site } from '~/config/site';

export const meta: MetaFunction = () => [{ title: `กำลังโหลด | ${site.shortNameTh}` }];

/** The loading screen with the logo (spec §2: public, no layout). */
export default function Load() {
  return (
    <main id="main" className="status-page" aria-busy="true">
      <img
        src={site.logo.src}
        alt=""
        width={site.logo.width}
        height={site.logo.height}
        className="status-page__logo loading-logo"
      />
      <h1>{site.nameTh}</h1>
      <p role="status">กำลังโหลดข้อมูล กรุณารอสักครู่…</p>
      <p>
        <a href="/home">ไปที่หน้าแรก</a>
      </p>
    </main>
  );
}

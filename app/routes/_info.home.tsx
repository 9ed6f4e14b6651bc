import type { MetaFunction } from '@remix-run/node';
import { json } from '@remix-run/node';
import { useLoaderData } from '@remix-run/react';

import { site } from '~/config/site';
import { formatRelativeTime, truncateQuestion } from '~/lib/thai-format';
import { titleFor } from '~/lib/meta';
import { app } from '~/server/app.server';

export async function loader() {
  const { backend } = await app();
  const home = await backend.getHomeContent();
  return json({
    latest: home.latest.map((item) => ({
      no: item.no,
      title: truncateQuestion(item.title),
      fullTitle: item.title,
      categoryLabel: item.categoryLabel,
      posted: formatRelativeTime(item.postedAt),
      postedIso: item.postedAt.toISOString(),
    })),
  });
}

export const meta: MetaFunction = (args) => [
  titleFor(args, 'หน้าแรก'),
  { name: 'description', content: `${site.nameTh} — ${site.slogan}` },
];

export default function Home() {
  const { latest } = useLoaderData<typeof loader>();
  return (
    <>
      <section className="hero" aria-labelledby="home-title">
        <h1 id="home-title">{site.nameTh}</h1>
        <p className="hero__slogan">{site.slogan}</p>
        <p>
          <a className="button" href="/member/logon">
            เข้าสู่ระบบสมาชิก
          </a>
        </p>
      </section>
      <section aria-labelledby="latest-title" className="section">
        <h2 id="latest-title">ข่าวสารล่าสุด</h2>
        {latest.length ? (
          <ul className="card-list">
            {latest.map((item) => (
              <li key={item.no} className="card">
                <p className="card__meta">{item.categoryLabel}</p>
                <h3 className="card__title">
                  <a href={`/show/${item.no}`} title={item.title === item.fullTitle ? undefined : item.fullTitle}>
                    {item.title}
                  </a>
                </h3>
                <p className="card__meta">
                  <time dateTime={item.postedIso}>{item.posted}</time>
                </p>
              </li>
            ))}
          </ul>
        ) : (
          <p>ยังไม่มีข่าวสาร</p>
        )}
      </section>
    </>
  );
}

import type { LoaderFunctionArgs, MetaFunction } from '@remix-run/node';
import { json } from '@remix-run/node';
import { useLoaderData } from '@remix-run/react';

import { ContentCard, ContentPicture, PICTURE_SIZES } from '~/components/info/content';
import { site } from '~/config/site';
import { titleFor } from '~/lib/meta';
import { formatDate, formatNumber } from '~/lib/thai-format';
import { app } from '~/server/app.server';
import { dataAsOf } from '~/server/http/request-context.server';
import { cardView } from '~/server/content/content-view.server';
import type { InterestRate } from '~/server/coop/types';
import { contentImages } from '~/server/content/media.server';

function rateRows(rates: InterestRate[]) {
  return rates.map((r) => ({ name: r.name, rate: formatNumber(r.rate, 2), note: r.note }));
}

export async function loader({ context }: LoaderFunctionArgs) {
  const { backend } = await app();
  const home = await backend.getHomeContent();
  const images = contentImages();
  const now = new Date();
  const cards = (items: typeof home.latest) => Promise.all(items.map((item) => cardView(item, images, now)));
  const [banners, latest, gallery] = await Promise.all([cards(home.banners), cards(home.latest), cards(home.gallery)]);
  const effective = [...home.rates.deposit, ...home.rates.loan]
    .map((r) => r.effectiveDate)
    .sort()
    .at(-1);
  return json({
    dataAsOf: dataAsOf(context),
    banners,
    latest,
    gallery,
    rates: {
      deposit: rateRows(home.rates.deposit),
      loan: rateRows(home.rates.loan),
      effective: effective ? formatDate(effective, 'long') : null,
    },
  });
}

export const meta: MetaFunction = (args) => [
  titleFor(args, 'หน้าแรก'),
  {
    name: 'description',
    content: `${site.nameTh} — ${site.slogan} ข่าวประชาสัมพันธ์ ภาพกิจกรรม อัตราดอกเบี้ยเงินฝากและเงินกู้ และบริการสมาชิกออนไลน์`,
  },
];

function RatesTable({ id, caption, rows }: { id: string; caption: string; rows: ReturnType<typeof rateRows> }) {
  return (
    <table className="rates" id={id}>
      <caption>{caption}</caption>
      <thead>
        <tr>
          <th scope="col">ประเภท</th>
          <th scope="col" className="rates__rate">
            ร้อยละต่อปี
          </th>
        </tr>
      </thead>
      <tbody>
        {rows.map((row) => (
          <tr key={row.name}>
            <th scope="row">
              {row.name}
              {row.note ? <span className="rates__note">{row.note}</span> : null}
            </th>
            <td className="rates__rate">{row.rate}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

export default function Home() {
  const { banners, latest, gallery, rates } = useLoaderData<typeof loader>();
  return (
    <>
      {/* The header already shows the name, the slogan and the login: no hero repeats them, so the
          news starts on a phone's first screen. */}
      <h1 className="visually-hidden">{site.nameTh}</h1>

      {banners.length ? (
        <section aria-labelledby="banners-title" className="section">
          <h2 id="banners-title" className="visually-hidden">
            ป้ายประชาสัมพันธ์
          </h2>
          <ul className="banners">
            {banners.map((banner, i) => (
              <li key={banner.no} className="banner">
                <a href={banner.href} className="banner__link">
                  <ContentPicture
                    picture={banner.picture}
                    className="banner__image"
                    sizes="(max-width: 48rem) 100vw, 58rem"
                    width={1200}
                    height={400}
                    maxWidth={1200}
                    eager={i === 0}
                    priority={i === 0}
                    onPhones={i === 0}
                  />
                  <span className="banner__text">{banner.title}</span>
                </a>
              </li>
            ))}
          </ul>
        </section>
      ) : null}

      <section aria-labelledby="latest-title" className="section">
        <div className="section__head">
          <h2 id="latest-title">ข่าวสารล่าสุด</h2>
          <a href="/list/news">ข่าวประชาสัมพันธ์ทั้งหมด</a>
        </div>
        {latest.length ? (
          <ul className="content-grid content-grid--latest">
            {latest.map((item, i) => (
              <ContentCard key={item.no} item={item} onPhones={i === 0} />
            ))}
          </ul>
        ) : (
          <p>ยังไม่มีข่าวสาร</p>
        )}
      </section>

      {gallery.length ? (
        <section aria-labelledby="gallery-title" className="section">
          <div className="section__head">
            <h2 id="gallery-title">ภาพกิจกรรม</h2>
            <a href="/list/activity-gallary">ภาพกิจกรรมทั้งหมด</a>
          </div>
          <ul className="content-grid content-grid--photos">
            {gallery.map((item) => (
              <li key={item.no} className="photo-card">
                <a href={item.href} className="photo-card__link">
                  <ContentPicture picture={item.picture} sizes={PICTURE_SIZES.photo} onPhones={false} />
                  <span className="photo-card__title">{item.title}</span>
                </a>
                <p className="photo-card__date">
                  <time dateTime={item.postedIso}>{item.posted}</time>
                </p>
              </li>
            ))}
          </ul>
        </section>
      ) : null}

      {rates.deposit.length || rates.loan.length ? (
        <section aria-labelledby="rates-title" className="section">
          <h2 id="rates-title">อัตราดอกเบี้ย</h2>
          {rates.effective ? <p className="section__note">มีผลตั้งแต่วันที่ {rates.effective}</p> : null}
          <div className="rates-grid">
            {rates.deposit.length ? (
              <RatesTable id="deposit-rates" caption="อัตราดอกเบี้ยเงินฝาก" rows={rates.deposit} />
            ) : null}
            {rates.loan.length ? <RatesTable id="loan-rates" caption="อัตราดอกเบี้ยเงินกู้" rows={rates.loan} /> : null}
          </div>
        </section>
      ) : null}
    </>
  );
}

import type { ActionFunctionArgs, LinksFunction, LoaderFunctionArgs, MetaFunction } from '@remix-run/node';
import { json } from '@remix-run/node';
import { useActionData, useLoaderData } from '@remix-run/react';

import { ErrorSummary } from '~/components/error-summary';
import { ContentNav, CoreOwnsContent } from '~/components/staff/content-nav';
import { FieldShell } from '~/components/field-shell';
import { titleFor } from '~/lib/meta';
import { CONTENT_TEXT as T } from '~/lib/staff-content';
import { formatDateTime } from '~/lib/thai-format';
import { BANNER_CATEGORY } from '~/server/coop/embedded-content.server';
import { redirectWithNotice } from '~/server/staff/content-submit.server';
import { requireStaff, staffAudit } from '~/server/staff/guard.server';
import { contentChanged } from '~/server/staff/public-cache.server';
import { OPENING_HOURS_MAX } from '~/server/staff/site-settings.server';
import { requireCoopStore, staffStore } from '~/server/staff/store.server';
import contentStyles from '~/styles/staff-content.css';
import { PRIVATE_NO_STORE } from '~/server/http/responses.server';

export const links: LinksFunction = () => [{ rel: 'stylesheet', href: contentStyles }];

/**
 * The home page's own parts: the banners (content items of the banner category, edited with the
 * content form) and the opening-hours line of the header and footer.
 */
export async function loader({ request }: LoaderFunctionArgs) {
  await requireStaff(request, 'editor');
  const { coop } = await staffStore();
  if (!coop) return json({ ownDataOnly: true as const }, { headers: PRIVATE_NO_STORE });
  const [hours, banners] = await Promise.all([coop.home.openingHours(), coop.home.banners()]);
  return json(
    {
      ownDataOnly: false as const,
      hours: hours.text,
      banners: banners.rows.map((b) => ({
        no: b.no,
        title: b.title,
        posted: formatDateTime(b.postedAt, 'short'),
        state: b.state,
      })),
    },
    { headers: PRIVATE_NO_STORE },
  );
}

const HOURS_TOO_LONG = `ข้อความเวลาทำการต้องยาวไม่เกิน ${OPENING_HOURS_MAX} ตัวอักษร`;

export async function action({ request }: ActionFunctionArgs) {
  const user = await requireStaff(request, 'editor');
  const coop = await requireCoopStore(await staffStore(), () =>
    redirectWithNotice('/staff/home', T.coreOwnsContent, 'info'),
  );
  const form = await request.formData();
  const raw = form.get('hours');
  const hours = typeof raw === 'string' ? raw.slice(0, OPENING_HOURS_MAX * 4) : '';
  if ([...hours.replace(/\s+/g, ' ').trim()].length > OPENING_HOURS_MAX) {
    return json({ hours, error: HOURS_TOO_LONG }, { status: 400, headers: PRIVATE_NO_STORE });
  }
  await coop.home.setOpeningHours(hours);
  await staffAudit(request, user, 'home_hours', { target: 'opening hours' });
  await contentChanged();
  return redirectWithNotice('/staff/home', T.hoursSaved);
}

export const meta: MetaFunction = (args) => [titleFor(args, T.home)];

export default function StaffHome() {
  const data = useLoaderData<typeof loader>();
  const result = useActionData<typeof action>();
  if (data.ownDataOnly) return <CoreOwnsContent title={T.home} />;
  const error = result && 'error' in result ? result.error : undefined;
  return (
    <>
      <ContentNav current="home" />
      <h1>{T.home}</h1>
      <section className="staff-panel" aria-labelledby="hours-title">
        <h2 id="hours-title">เวลาทำการ</h2>
        <form method="post" action="/staff/home" className="stack">
          <ErrorSummary items={error ? [{ fieldId: 'home-hours', message: error }] : []} />
          <FieldShell
            id="home-hours"
            label="ข้อความเวลาทำการ"
            hint="แสดงในแถบเลื่อนด้านบนและท้ายทุกหน้า ถ้าเว้นว่างจะใช้ข้อความตั้งต้นของระบบ"
            error={error}
          >
            {(control) => (
              <textarea
                {...control}
                name="hours"
                rows={3}
                defaultValue={result && 'hours' in result ? result.hours : data.hours}
              />
            )}
          </FieldShell>
          <p>
            <button type="submit" className="button">
              บันทึกเวลาทำการ
            </button>
          </p>
        </form>
      </section>
      <section className="staff-panel" aria-labelledby="banners-title">
        <h2 id="banners-title">แบนเนอร์</h2>
        <p>แบนเนอร์คือเนื้อหาในหมวดแบนเนอร์ที่มีรูปหน้าปก (สัดส่วน 3:1) หน้าแรกแสดงแบนเนอร์ที่เผยแพร่แล้ว 5 รายการล่าสุด</p>
        <p>
          <a className="button" href={`/staff/content/new?category=${BANNER_CATEGORY}`}>
            เพิ่มแบนเนอร์
          </a>
        </p>
        {data.banners.length ? (
          <ul className="staff-list">
            {data.banners.map((b) => (
              <li key={b.no} className="staff-list__item">
                <a href={`/staff/content/${b.no}`}>{b.title}</a> · {b.posted} ·{' '}
                <strong>{b.state === 'published' ? T.published : T.draft}</strong>
              </li>
            ))}
          </ul>
        ) : (
          <p>ยังไม่มีแบนเนอร์</p>
        )}
      </section>
    </>
  );
}

import type { LinksFunction, LoaderFunctionArgs, MetaFunction } from '@remix-run/node';
import { json } from '@remix-run/node';
import { Link, useLoaderData } from '@remix-run/react';

import { SubmitButton } from '~/components/staff/fields';
import { titleFor } from '~/lib/meta';
import { formatDateTime, formatNumber } from '~/lib/thai-format';
import { requireStaff, staffAudit } from '~/server/staff/guard.server';
import { staffStore } from '~/server/staff/store.server';
import listStyles from '~/styles/staff-content.css';
import { PRIVATE_NO_STORE } from '~/server/http/responses.server';

const TITLE = 'สมาชิกที่ถูกล็อกการเข้าสู่ระบบ';
/** Rows shown; the dashboard's number counts them all. */
const SHOWN_MAX = 200;

/**
 * The members whose sign-in is locked now (ADR 122), what the dashboard's number counts: support
 * opens one on the member-support page (a POST, so no member number goes into a URL) to unlock them.
 * Looking at the list is audited, as a member search is.
 */
export const links: LinksFunction = () => [{ rel: 'stylesheet', href: listStyles }];

export async function loader({ request }: LoaderFunctionArgs) {
  const user = await requireStaff(request, 'support');
  const { coop } = await staffStore();
  if (!coop) return json({ ownDataOnly: true as const }, { headers: PRIVATE_NO_STORE });
  const locked = await coop.members.locked();
  const shown = locked.slice(0, SHOWN_MAX);
  const nameOf = await coop.members.names(shown.map((m) => m.membershipNo));
  await staffAudit(request, user, 'member_locked_list', { target: `results=${locked.length}` });
  return json(
    {
      ownDataOnly: false as const,
      total: locked.length,
      rows: shown.map((m) => ({
        membershipNo: m.membershipNo,
        name: nameOf.get(m.membershipNo) ?? ' - ',
        until: formatDateTime(m.until),
      })),
    },
    { headers: PRIVATE_NO_STORE },
  );
}

export const meta: MetaFunction = (args) => [titleFor(args, TITLE)];

export default function LockedMembers() {
  const data = useLoaderData<typeof loader>();
  if (data.ownDataOnly) {
    return (
      <>
        <h1>{TITLE}</h1>
        <p className="callout">การช่วยเหลือสมาชิกทำที่ระบบหลักของสหกรณ์</p>
      </>
    );
  }
  return (
    <>
      <p>
        <Link to="/staff/members">กลับไปหน้าช่วยเหลือสมาชิก</Link>
      </p>
      <h1>{TITLE}</h1>
      <p role="status">
        ขณะนี้ {formatNumber(data.total, 0)} คน
        {data.total > data.rows.length ? ` (แสดง ${formatNumber(data.rows.length, 0)} คนที่ปลดล็อกเองเร็วที่สุด)` : ''}
      </p>
      {data.rows.length ? (
        <ul className="staff-list">
          {data.rows.map((row) => (
            <li key={row.membershipNo} className="staff-list__item">
              <p className="staff-list__title">
                {row.membershipNo} {row.name}
              </p>
              <p className="staff-list__meta">ล็อกถึง {row.until}</p>
              <form method="post" action="/staff/members">
                <input type="hidden" name="membershipNo" value={row.membershipNo} />
                <SubmitButton intent="show" secondary>
                  เปิดข้อมูลเพื่อปลดล็อก<span className="visually-hidden"> สมาชิก {row.membershipNo}</span>
                </SubmitButton>
              </form>
            </li>
          ))}
        </ul>
      ) : (
        <p>ไม่มีสมาชิกที่ถูกล็อกการเข้าสู่ระบบ</p>
      )}
    </>
  );
}

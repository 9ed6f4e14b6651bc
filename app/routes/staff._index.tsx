import type { LoaderFunctionArgs, MetaFunction } from '@remix-run/node';
import { json } from '@remix-run/node';
import { Link, useLoaderData } from '@remix-run/react';

import { titleFor } from '~/lib/meta';
import { STAFF_MESSAGES as M, STAFF_NAV, STAFF_ROLE_LABELS } from '~/lib/staff';
import { requireStaff, staffCan, staffHoldsOnlyOwnData } from '~/server/staff/guard.server';
import { NO_STORE } from '~/server/staff/form.server';

/** The back office's first page: who is signed in, and the pages their role opens. */
export async function loader({ request }: LoaderFunctionArgs) {
  const user = await requireStaff(request);
  const ownDataOnly = staffHoldsOnlyOwnData();
  return json(
    {
      displayName: user.displayName,
      roleLabel: STAFF_ROLE_LABELS[user.role],
      ownDataOnly,
      pages: STAFF_NAV.filter((entry) => staffCan(user, entry.role) && (entry.ownData || !ownDataOnly)).map(
        ({ to, label }) => ({ to, label }),
      ),
    },
    { headers: NO_STORE },
  );
}

export const meta: MetaFunction = (args) => [titleFor(args, M.backOffice)];

export default function StaffDashboard() {
  const { displayName, roleLabel, ownDataOnly, pages } = useLoaderData<typeof loader>();
  return (
    <>
      <h1>{M.backOffice}</h1>
      <p>
        สวัสดี {displayName} สิทธิ์ของท่าน: {roleLabel}
      </p>
      {ownDataOnly ? (
        <section className="callout stack" aria-labelledby="http-mode-title">
          <h2 id="http-mode-title">สิ่งที่ระบบหลังบ้านนี้ดูแล</h2>
          <p>{M.httpMode}</p>
          <ul>
            <li>บันทึกการใช้งาน: ทุกการกระทำของเจ้าหน้าที่และเหตุการณ์ด้านความปลอดภัยของเว็บไซต์ (ผู้ดูแลระบบ)</li>
            <li>การเข้าสู่ระบบของเจ้าหน้าที่: หมดเวลาเมื่อไม่มีการใช้งาน 15 นาที และสิ้นสุดเมื่อเปลี่ยนสิทธิ์หรือปิดบัญชี</li>
            <li>บัญชีเจ้าหน้าที่: เพิ่มบัญชี เปลี่ยนสิทธิ์ ปิดใช้งาน (ผู้ดูแลระบบ)</li>
            <li>การเข้าใช้แทนสมาชิก: ลิงก์ออกจากระบบหลักของสหกรณ์ เมื่อระบบหลักรองรับ</li>
            <li>เนื้อหาเว็บไซต์ กระทู้ และการช่วยเหลือสมาชิก (ปลดล็อก ออกรหัส): ทำที่ระบบหลักของสหกรณ์</li>
          </ul>
        </section>
      ) : null}
      {pages.length ? (
        <ul className="stack">
          {pages.map((page) => (
            <li key={page.to}>
              <Link to={page.to}>{page.label}</Link>
            </li>
          ))}
        </ul>
      ) : (
        <p>ยังไม่มีหน้าที่ใช้ได้สำหรับสิทธิ์ของท่าน</p>
      )}
    </>
  );
}

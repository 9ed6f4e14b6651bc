import type { LoaderFunctionArgs, MetaFunction } from '@remix-run/node';
import { json } from '@remix-run/node';
import { Link, useLoaderData } from '@remix-run/react';

import { titleFor } from '~/lib/meta';
import { STAFF_MESSAGES as M, STAFF_NAV, STAFF_ROLE_LABELS } from '~/lib/staff';
import { formatDateDMY, formatNumber } from '~/lib/thai-format';
import { requireStaff, staffCan } from '~/server/staff/guard.server';
import { staffStore } from '~/server/staff/store.server';
import { PRIVATE_NO_STORE } from '~/server/http/responses.server';

interface Figure {
  key: string;
  label: string;
  value: string;
  to: string;
  linkText: string;
}

/**
 * The back office's first page: who is signed in, the numbers their role may follow up (ADR 122),
 * each linking to the list it counts, and the pages their role opens.
 */
export async function loader({ request }: LoaderFunctionArgs) {
  const user = await requireStaff(request);
  const { own, coop } = await staffStore();
  const ownDataOnly = coop === null;
  const now = Date.now();
  const today = formatDateDMY(now);
  const figures: Figure[] = [];
  // Content, the board and members belong to the core in http mode: only the audit log's number is ours.
  if (coop && staffCan(user, 'moderator')) {
    figures.push({
      key: 'waiting',
      label: 'กระทู้และความเห็นรอตรวจ',
      value: formatNumber(await coop.dashboard.postsWaiting(), 0),
      to: '/staff/board',
      linkText: 'ไปที่รายการรอตรวจ',
    });
  }
  if (coop && staffCan(user, 'editor')) {
    figures.push({
      key: 'published',
      label: 'เนื้อหาที่เผยแพร่เดือนนี้',
      value: formatNumber(await coop.dashboard.publishedThisMonth(now), 0),
      to: '/staff/content?state=published&period=month',
      linkText: 'ดูเนื้อหาที่เผยแพร่เดือนนี้',
    });
  }
  if (coop && staffCan(user, 'support')) {
    figures.push({
      key: 'locked',
      label: 'สมาชิกที่ถูกล็อกการเข้าสู่ระบบ',
      value: formatNumber((await coop.members.locked(now)).length, 0),
      to: '/staff/members/locked',
      linkText: 'ดูรายชื่อสมาชิกที่ถูกล็อก',
    });
  }
  if (staffCan(user, 'admin')) {
    figures.push({
      key: 'sign-ins',
      label: 'การเข้าสู่ระบบของสมาชิกวันนี้',
      value: formatNumber(await own.audit.signInsToday(now), 0),
      to: `/staff/audit?${new URLSearchParams({ what: 'login_success', from: today, to: today })}`,
      linkText: 'ดูในบันทึกการใช้งาน',
    });
  }
  return json(
    {
      displayName: user.displayName,
      roleLabel: STAFF_ROLE_LABELS[user.role],
      ownDataOnly,
      figures,
      pages: STAFF_NAV.filter((entry) => staffCan(user, entry.role) && (entry.ownData || !ownDataOnly)).map(
        ({ to, label }) => ({ to, label }),
      ),
    },
    { headers: PRIVATE_NO_STORE },
  );
}

export const meta: MetaFunction = (args) => [titleFor(args, M.backOffice)];

export default function StaffDashboard() {
  const { displayName, roleLabel, ownDataOnly, figures, pages } = useLoaderData<typeof loader>();
  return (
    <>
      <h1>{M.backOffice}</h1>
      <p>
        สวัสดี {displayName} สิทธิ์ของท่าน: {roleLabel}
      </p>
      {figures.length ? (
        <section aria-labelledby="figures-title">
          <h2 id="figures-title">ภาพรวม</h2>
          <ul className="staff-figures" data-testid="staff-figures">
            {figures.map((figure) => (
              <li key={figure.key} className="staff-figure" data-figure={figure.key}>
                <p className="staff-figure__label">{figure.label}</p>
                <p className="staff-figure__value">{figure.value}</p>
                <p className="staff-figure__link">
                  <Link to={figure.to}>
                    {figure.linkText}
                    <span className="visually-hidden"> ({figure.label})</span>
                  </Link>
                </p>
              </li>
            ))}
          </ul>
        </section>
      ) : null}
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
      <h2>หน้าที่ใช้ได้</h2>
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

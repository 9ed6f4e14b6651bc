import type { LoaderFunctionArgs, MetaFunction } from '@remix-run/node';
import { json } from '@remix-run/node';
import { Form, Link, useLoaderData } from '@remix-run/react';

import { ErrorSummary } from '~/components/error-summary';
import { StaffField } from '~/components/staff/fields';
import { groupIncident } from '~/incident';
import { titleFor } from '~/lib/meta';
import { formatDateTime } from '~/lib/thai-format';
import { app } from '~/server/app.server';
import { auditFilter, searchAudit, type AuditQuery, type AuditRow } from '~/server/staff/audit-search.server';
import { NO_STORE } from '~/server/staff/form.server';
import { requireStaff } from '~/server/staff/guard.server';

const TITLE = 'บันทึกการใช้งาน';
const DATE_ERROR = 'กรุณากรอกวันที่เป็น วว/ดด/ปปปป (พ.ศ.) เช่น 05/01/2569';
const MAX_PAGE = 10_000;

type ShownRow = Omit<AuditRow, 'at'> & { at: string };

/** The audit log, searched by admins (ADR 059): a GET form, so a search is a link that can be kept. */
export async function loader({ request }: LoaderFunctionArgs) {
  await requireStaff(request, 'admin');
  const params = new URL(request.url).searchParams;
  const text = (name: string, max = 40) => params.get(name)?.slice(0, max) ?? '';
  const page = Math.min(MAX_PAGE, Math.max(1, Number.parseInt(text('page', 6), 10) || 1));
  const query: AuditQuery = {
    who: text('who', 64),
    what: text('what', 64),
    member: text('member', 20),
    from: text('from', 20),
    to: text('to', 20),
    page,
  };
  const checked = auditFilter(query);
  if (!checked.ok) {
    const none: ShownRow[] = [];
    return json(
      { query, error: { field: `audit-${checked.field}` }, rows: none, hasNext: false },
      { headers: NO_STORE },
    );
  }
  const { db } = await app();
  const { rows, hasNext } = await searchAudit(db, checked.filter, page);
  return json(
    {
      query,
      error: null as { field: string } | null,
      rows: rows.map((row): ShownRow => ({ ...row, at: formatDateTime(row.at) })),
      hasNext,
    },
    { headers: NO_STORE },
  );
}

export const meta: MetaFunction = (args) => [titleFor(args, TITLE)];

export default function StaffAuditPage() {
  const { query, error, rows, hasNext } = useLoaderData<typeof loader>();
  const pageLink = (page: number) => {
    const params = new URLSearchParams({
      who: query.who,
      what: query.what,
      member: query.member,
      from: query.from,
      to: query.to,
      page: String(page),
    });
    return `/staff/audit?${params}`;
  };
  return (
    <>
      <h1>{TITLE}</h1>
      <ErrorSummary items={error ? [{ fieldId: error.field, message: DATE_ERROR }] : []} />
      <Form method="get" className="panel stack" aria-label="ค้นหาบันทึกการใช้งาน">
        <div className="staff-filters">
          <StaffField
            id="audit-who"
            name="who"
            label="ผู้ทำรายการ (ชื่อผู้ใช้เจ้าหน้าที่)"
            defaultValue={query.who}
            maxLength={64}
          />
          <StaffField
            id="audit-what"
            name="what"
            label="รายการ (ชื่อเหตุการณ์ หรือส่วนต้น เช่น staff_)"
            defaultValue={query.what}
            maxLength={64}
          />
          <StaffField
            id="audit-member"
            name="member"
            label="หมายเลขสมาชิก"
            defaultValue={query.member}
            inputMode="numeric"
            maxLength={20}
          />
          <StaffField
            id="audit-from"
            name="from"
            label="ตั้งแต่วันที่ (วว/ดด/ปปปป พ.ศ.)"
            defaultValue={query.from}
            error={error?.field === 'audit-from' ? DATE_ERROR : undefined}
            maxLength={20}
          />
          <StaffField
            id="audit-to"
            name="to"
            label="ถึงวันที่ (วว/ดด/ปปปป พ.ศ.)"
            defaultValue={query.to}
            error={error?.field === 'audit-to' ? DATE_ERROR : undefined}
            maxLength={20}
          />
        </div>
        <p>
          <button type="submit" className="button">
            ค้นหา
          </button>
        </p>
      </Form>

      {rows.length === 0 ? (
        <p>ไม่พบรายการที่ตรงกับเงื่อนไข</p>
      ) : (
        <div className="staff-table-wrap" role="region" aria-label="ผลการค้นหาบันทึกการใช้งาน (เลื่อนซ้ายขวาได้)" tabIndex={0}>
          <table className="staff-table" data-testid="audit-results">
            <caption className="visually-hidden">ผลการค้นหาบันทึกการใช้งาน หน้า {query.page}</caption>
            <thead>
              <tr>
                <th scope="col">เวลา</th>
                <th scope="col">รายการ</th>
                <th scope="col">ผู้ทำรายการ</th>
                <th scope="col">หมายเลขสมาชิก</th>
                <th scope="col">รายละเอียด</th>
                <th scope="col">ที่อยู่ไอพี</th>
                <th scope="col">เลขที่อ้างอิง</th>
              </tr>
            </thead>
            <tbody>
              {rows.map((row) => (
                <tr key={row.id}>
                  <td>{row.at}</td>
                  <td>{row.type}</td>
                  <td>{row.actor ?? ' - '}</td>
                  <td>{row.membershipNo ?? ' - '}</td>
                  <td>{row.detail ?? ' - '}</td>
                  <td>{row.ip ?? ' - '}</td>
                  {/* Grouped as the error page prints it, so a number read out by a member is found by eye. */}
                  <td>{row.requestId ? groupIncident(row.requestId) : ' - '}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      <nav aria-label="หน้าผลการค้นหา">
        <p className="staff-inline-form">
          {query.page > 1 ? <Link to={pageLink(query.page - 1)}>หน้าก่อนหน้า</Link> : null}
          <span>หน้า {query.page}</span>
          {hasNext ? <Link to={pageLink(query.page + 1)}>หน้าถัดไป</Link> : null}
        </p>
      </nav>
    </>
  );
}

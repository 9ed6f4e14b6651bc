import type { LoaderFunctionArgs, MetaFunction } from '@remix-run/node';
import { json } from '@remix-run/node';
import { Form, Link, useLoaderData } from '@remix-run/react';

import { ErrorSummary } from '~/components/error-summary';
import { StaffField } from '~/components/staff/fields';
import { groupIncident } from '~/incident';
import { titleFor } from '~/lib/meta';
import { formatDateTime } from '~/lib/thai-format';
import { auditEventName } from '~/lib/audit-events';
import { auditFilter, auditQueryFrom, auditSearchParams, type AuditRow } from '~/server/staff/audit-search.server';
import { requireStaff } from '~/server/staff/guard.server';
import { staffStore } from '~/server/staff/store.server';
import { PRIVATE_NO_STORE } from '~/server/http/responses.server';

const TITLE = 'บันทึกการใช้งาน';
const DATE_ERROR = 'กรุณากรอกวันที่เป็น วว/ดด/ปปปป (พ.ศ.) เช่น 05/01/2569';

type ShownRow = Omit<AuditRow, 'at'> & { at: string; name: string };

/** The audit log, searched by admins (ADR 059): a GET form, so a search is a link that can be kept. */
export async function loader({ request }: LoaderFunctionArgs) {
  await requireStaff(request, 'admin');
  const query = auditQueryFrom(new URL(request.url).searchParams);
  const { page } = query;
  const checked = auditFilter(query);
  if (!checked.ok) {
    const none: ShownRow[] = [];
    return json(
      { query, error: { field: `audit-${checked.field}` }, rows: none, hasNext: false },
      { headers: PRIVATE_NO_STORE },
    );
  }
  const { own } = await staffStore();
  const { rows, hasNext } = await own.audit.search(checked.filter, page);
  return json(
    {
      query,
      error: null as { field: string } | null,
      rows: rows.map((row): ShownRow => ({ ...row, at: formatDateTime(row.at), name: auditEventName(row.type) })),
      hasNext,
    },
    { headers: PRIVATE_NO_STORE },
  );
}

export const meta: MetaFunction = (args) => [titleFor(args, TITLE)];

/** A date of the search (`audit-{name}`), with the date error when the search names it. */
function DateFilter({
  name,
  label,
  value,
  errorField,
}: {
  name: 'from' | 'to';
  label: string;
  value: string;
  errorField: string | undefined;
}) {
  const id = `audit-${name}`;
  const error = errorField === id ? DATE_ERROR : undefined;
  return <StaffField id={id} name={name} label={label} defaultValue={value} error={error} maxLength={20} />;
}

export default function StaffAuditPage() {
  const { query, error, rows, hasNext } = useLoaderData<typeof loader>();
  const pageLink = (page: number) => `/staff/audit?${auditSearchParams(query, page)}`;
  const filtered = auditSearchParams(query).toString();
  const download = `/staff/audit/export${filtered ? `?${filtered}` : ''}`;
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
          <DateFilter name="from" label="ตั้งแต่วันที่ (วว/ดด/ปปปป พ.ศ.)" value={query.from} errorField={error?.field} />
          <DateFilter name="to" label="ถึงวันที่ (วว/ดด/ปปปป พ.ศ.)" value={query.to} errorField={error?.field} />
        </div>
        <p>
          <button type="submit" className="button">
            ค้นหา
          </button>
        </p>
      </Form>

      {rows.length && !error ? (
        <p>
          <a href={download} download className="button button--secondary">
            ดาวน์โหลดผลการค้นหา (CSV)
          </a>{' '}
          <span className="staff-hint">ไม่เกิน 20,000 รายการล่าสุดตามเงื่อนไขนี้ เปิดด้วย Excel ได้</span>
        </p>
      ) : null}
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
                  <td data-label="เวลา">{row.at}</td>
                  <td data-label="รายการ">
                    {row.name}
                    {row.name !== row.type ? (
                      <>
                        <br />
                        <code className="staff-code">{row.type}</code>
                      </>
                    ) : null}
                  </td>
                  <td data-label="ผู้ทำรายการ">{row.actor ?? ' - '}</td>
                  <td data-label="หมายเลขสมาชิก">{row.membershipNo ?? ' - '}</td>
                  <td data-label="รายละเอียด">{row.detail ?? ' - '}</td>
                  <td data-label="ที่อยู่ไอพี">{row.ip ?? ' - '}</td>
                  {/* Grouped as the error page prints it, so a number read out by a member is found by eye. */}
                  <td data-label="เลขที่อ้างอิง">{row.requestId ? groupIncident(row.requestId) : ' - '}</td>
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

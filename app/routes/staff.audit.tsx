import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from '@remix-run/node';
import { json } from '@remix-run/node';
import { Form, useActionData, useLoaderData } from '@remix-run/react';

import { ErrorSummary } from '~/components/error-summary';
import { StaffField } from '~/components/staff/fields';
import { groupIncident } from '~/incident';
import { titleFor } from '~/lib/meta';
import { formatDateTime } from '~/lib/thai-format';
import { auditEventName } from '~/lib/audit-events';
import {
  auditFilter,
  auditHiddenFields,
  auditQueryFromForm,
  auditQueryFromUrl,
  type AuditQuery,
  type AuditRow,
} from '~/server/staff/audit-search.server';
import { requireStaff } from '~/server/staff/guard.server';
import { staffStore } from '~/server/staff/store.server';
import { PRIVATE_NO_STORE } from '~/server/http/responses.server';

const TITLE = 'บันทึกการใช้งาน';
const DATE_ERROR = 'กรุณากรอกวันที่เป็น วว/ดด/ปปปป (พ.ศ.) เช่น 05/01/2569';
const PATH = '/staff/audit';

type ShownRow = Omit<AuditRow, 'at'> & { at: string; name: string };

interface AuditPage {
  query: AuditQuery;
  error: { field: string } | null;
  rows: ShownRow[];
  hasNext: boolean;
}

/** One page of the search as the page shows it, or the date the search could not read. */
async function auditPage(query: AuditQuery): Promise<AuditPage> {
  const checked = auditFilter(query);
  if (!checked.ok) return { query, error: { field: `audit-${checked.field}` }, rows: [], hasNext: false };
  const { own } = await staffStore();
  const { rows, hasNext } = await own.audit.search(checked.filter, query.page);
  return {
    query,
    error: null,
    rows: rows.map((row): ShownRow => ({ ...row, at: formatDateTime(row.at), name: auditEventName(row.type) })),
    hasNext,
  };
}

/**
 * The audit log, searched by admins (ADR 059). A GET shows the newest rows, or the who/what/date search
 * its address names (the dashboard links to one); a membership number in the address is ignored. The
 * search form, its page buttons and its download post (ADR 147), so a member's number is never in a URL.
 */
export async function loader({ request }: LoaderFunctionArgs) {
  await requireStaff(request, 'admin');
  return json(await auditPage(auditQueryFromUrl(new URL(request.url).searchParams)), { headers: PRIVATE_NO_STORE });
}

/** A search posted by the form or a page button: answered with the page itself (no redirect, no URL). */
export async function action({ request, context }: ActionFunctionArgs) {
  await requireStaff(request, 'admin');
  const shown = await auditPage(auditQueryFromForm(await request.formData()));
  if (shown.error) context.formErrors = true;
  return json(shown, { status: shown.error ? 400 : 200, headers: PRIVATE_NO_STORE });
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

/** The search as hidden fields, for a form that carries it in its body (a page button, the download). */
function SearchFields({ query }: { query: AuditQuery }) {
  return (
    <>
      {auditHiddenFields(query).map(([name, value]) => (
        <input key={name} type="hidden" name={name} value={value} />
      ))}
    </>
  );
}

/** A page of the same search: a small form posting the search and the page (ADR 147). */
function PageButton({ query, page, label }: { query: AuditQuery; page: number; label: string }) {
  return (
    <Form method="post" action={PATH}>
      <SearchFields query={query} />
      <input type="hidden" name="page" value={page} />
      <button type="submit" className="button button--secondary">
        {label}
      </button>
    </Form>
  );
}

export default function StaffAuditPage() {
  const loaded = useLoaderData<typeof loader>();
  const posted = useActionData<typeof action>();
  const { query, error, rows, hasNext } = posted ?? loaded;
  return (
    <>
      <h1>{TITLE}</h1>
      <ErrorSummary items={error ? [{ fieldId: error.field, message: DATE_ERROR }] : []} />
      {/* The action is named: a form without one posts to the page's address with its query string. */}
      <Form method="post" action={PATH} className="panel stack" aria-label="ค้นหาบันทึกการใช้งาน">
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
        <Form method="post" action="/staff/audit/export" reloadDocument className="staff-inline-form">
          <SearchFields query={query} />
          <button type="submit" className="button button--secondary" aria-describedby="audit-download-hint">
            ดาวน์โหลดผลการค้นหา (CSV)
          </button>{' '}
          <span className="staff-hint" id="audit-download-hint">
            ไม่เกิน 20,000 รายการล่าสุดตามเงื่อนไขนี้ เปิดด้วย Excel ได้
          </span>
        </Form>
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
        <div className="staff-inline-form">
          {query.page > 1 ? <PageButton query={query} page={query.page - 1} label="หน้าก่อนหน้า" /> : null}
          <span>หน้า {query.page}</span>
          {hasNext ? <PageButton query={query} page={query.page + 1} label="หน้าถัดไป" /> : null}
        </div>
      </nav>
    </>
  );
}

import type { LoaderFunctionArgs } from '@remix-run/node';
import { redirect } from '@remix-run/node';

import { auditEventName } from '~/lib/audit-events';
import { formatDateTime } from '~/lib/thai-format';
import { auditFilter, auditQueryFrom, auditSearchParams } from '~/server/staff/audit-search.server';
import { bangkokIso, bangkokStamp, csvResponse, toCsv } from '~/server/staff/csv.server';
import { requireStaff, staffAudit } from '~/server/staff/guard.server';
import { staffStore } from '~/server/staff/store.server';

const HEADER = [
  'เวลา (ISO 8601)',
  'เวลา',
  'รหัสเหตุการณ์',
  'รายการ',
  'ผู้ทำรายการ',
  'หมายเลขสมาชิก',
  'รายละเอียด',
  'ที่อยู่ไอพี',
  'เลขที่อ้างอิง',
] as const;

/**
 * The audit log as CSV (ADR 122), with the search's filter (the same query string as /staff/audit):
 * admins only, the newest 20,000 matching rows, every cell guarded against formulas. The download is
 * itself recorded (who, how many rows, which filter).
 */
export async function loader({ request }: LoaderFunctionArgs) {
  const user = await requireStaff(request, 'admin');
  const query = auditQueryFrom(new URL(request.url).searchParams);
  const checked = auditFilter(query);
  // A date that cannot be read: the search page says so beside the field.
  if (!checked.ok) return redirect(`/staff/audit?${auditSearchParams(query)}`, { status: 303 });
  const { own } = await staffStore();
  const { rows, truncated } = await own.audit.export(checked.filter);
  const filter = [
    query.who && `who=${query.who}`,
    query.what && `what=${query.what}`,
    query.from && `from=${query.from}`,
    query.to && `to=${query.to}`,
  ]
    .filter(Boolean)
    .join(', ');
  await staffAudit(request, user, 'audit_export', {
    membershipNo: checked.filter.membershipNo ?? undefined,
    target: `rows=${rows.length}${truncated ? ' (cut)' : ''}; filter=${filter || 'none'}`,
  });
  const text = toCsv(
    HEADER,
    rows.map((r) => [
      bangkokIso(r.at),
      formatDateTime(r.at),
      r.type,
      auditEventName(r.type),
      r.actor,
      r.membershipNo,
      r.detail,
      r.ip,
      r.requestId,
    ]),
  );
  return csvResponse(`audit-${bangkokStamp(Date.now())}.csv`, text);
}

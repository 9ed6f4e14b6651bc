import type { ActionFunctionArgs, LoaderFunctionArgs } from '@remix-run/node';
import { redirect } from '@remix-run/node';

import { auditEventName } from '~/lib/audit-events';
import { formatDateTime } from '~/lib/thai-format';
import {
  auditFilter,
  auditQueryFromForm,
  auditQueryFromUrl,
  auditSearchParams,
} from '~/server/staff/audit-search.server';
import { bangkokIso, bangkokStamp, csvResponse, toCsv } from '~/server/staff/csv.server';
import { requireStaff, staffAudit } from '~/server/staff/guard.server';
import { staffStore } from '~/server/staff/store.server';
import { resourceRoute } from '~/server/errors.server';

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
 * The audit log as CSV (ADR 122), with the search's filter posted by the audit page's download button
 * (ADR 147: the membership number travels in the body, never in a URL): admins only, the newest 20,000
 * matching rows, every cell guarded against formulas. The download is itself recorded (who, how many
 * rows, which filter).
 */
export const action = resourceRoute(async ({ request }: ActionFunctionArgs) => {
  const user = await requireStaff(request, 'admin');
  const query = auditQueryFromForm(await request.formData());
  const checked = auditFilter(query);
  // A date that cannot be read (the page offers the download only for a search it could read): back to
  // the page, whose search form says so beside the field; the number stays out of the address.
  if (!checked.ok) return redirect(pageOf(query), { status: 303 });
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
});

/** The audit page with the search's who, what and dates (never the membership number). */
function pageOf(query: Parameters<typeof auditSearchParams>[0]): string {
  const params = auditSearchParams(query).toString();
  return `/staff/audit${params ? `?${params}` : ''}`;
}

/**
 * A GET of the download's address (an old link or bookmark) downloads nothing: it goes to the audit
 * page with the who, what and dates it names, where the download is a button (ADR 147).
 */
export async function loader({ request }: LoaderFunctionArgs) {
  await requireStaff(request, 'admin');
  return redirect(pageOf(auditQueryFromUrl(new URL(request.url).searchParams)), { status: 303 });
}

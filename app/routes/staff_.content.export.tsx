import type { LoaderFunctionArgs } from '@remix-run/node';

import { CONTENT_TEXT as T } from '~/lib/staff-content';
import { formatDateTime } from '~/lib/thai-format';
import { env } from '~/server/env.server';
import { contentFilters, contentListQuery, contentSearchParams } from '~/server/staff/content-list.server';
import { refuseInHttpMode } from '~/server/staff/content-submit.server';
import { bangkokIso, bangkokStamp, csvResponse, toCsv } from '~/server/staff/csv.server';
import { requireStaff, staffAudit } from '~/server/staff/guard.server';
import { resourceRoute } from '~/server/errors.server';

/** The most rows one download of the content list holds. */
const CONTENT_EXPORT_MAX = 5_000;

const HEADER = [
  'เลขที่',
  'หัวข้อ',
  'หมวดหมู่',
  'วันที่ลง (ISO 8601)',
  'วันที่ลง',
  'สถานะ',
  'แก้ไขล่าสุด (ISO 8601)',
  'แก้ไขล่าสุดโดย',
  'ลิงก์บนเว็บไซต์',
] as const;

/**
 * The editors' content list as CSV (ADR 122), with the list's filters and order (the same query
 * string as /staff/content), every page of it up to 5,000 rows. The download is audited.
 */
export const loader = resourceRoute(async ({ request }: LoaderFunctionArgs) => {
  const user = await requireStaff(request, 'editor');
  const coop = await refuseInHttpMode();
  const categories = await coop.content.categories();
  const filters = contentFilters(new URL(request.url).searchParams, categories);
  const result = await coop.content.list({ ...contentListQuery(filters), pageSize: CONTENT_EXPORT_MAX });
  await staffAudit(request, user, 'content_export', {
    target: `rows=${result.rows.length}${result.total > result.rows.length ? ' (cut)' : ''}; filter=${contentSearchParams(filters).toString() || 'none'}`,
  });
  const text = toCsv(
    HEADER,
    result.rows.map((r) => [
      r.no,
      r.title,
      r.categoryLabel,
      bangkokIso(r.postedAt),
      formatDateTime(r.postedAt, 'short'),
      r.state === 'published' ? T.published : T.draft,
      r.updatedAt === null ? null : bangkokIso(r.updatedAt),
      r.updatedBy,
      r.state === 'published' ? `${env().publicUrl}/show/${r.no}` : null,
    ]),
  );
  return csvResponse(`content-${bangkokStamp(Date.now())}.csv`, text);
});

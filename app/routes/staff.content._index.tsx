import type { LinksFunction, LoaderFunctionArgs, MetaFunction } from '@remix-run/node';
import { json } from '@remix-run/node';
import { useLoaderData } from '@remix-run/react';

import { ContentNav } from '~/components/staff/content-nav';
import { titleFor } from '~/lib/meta';
import { stateLabel, CONTENT_TEXT as T } from '~/lib/staff-content';
import { formatDateTime, formatNumber } from '~/lib/thai-format';
import { app } from '~/server/app.server';
import { listCategories, listItems, type ContentState } from '~/server/staff/content.server';
import { NO_STORE_HEADERS } from '~/server/staff/content-submit.server';
import { requireStaff, staffHoldsOnlyOwnData } from '~/server/staff/guard.server';
import contentStyles from '~/styles/staff-content.css';

export const links: LinksFunction = () => [{ rel: 'stylesheet', href: contentStyles }];

/** The editors' list of content items: every category, drafts and published, filtered and paged. */
export async function loader({ request }: LoaderFunctionArgs) {
  await requireStaff(request, 'editor');
  if (staffHoldsOnlyOwnData()) return json({ ownDataOnly: true as const }, { headers: NO_STORE_HEADERS });
  const { db } = await app();
  const url = new URL(request.url);
  const categories = await listCategories(db);
  const rawCategory = url.searchParams.get('category') ?? '';
  const category = categories.some((c) => c.code === rawCategory) ? rawCategory : '';
  const rawState = url.searchParams.get('state') ?? '';
  const state: ContentState | '' =
    rawState === 'published' || rawState === 'scheduled' || rawState === 'draft' ? rawState : '';
  const q = (url.searchParams.get('q') ?? '').slice(0, 100);
  const rawPage = url.searchParams.get('page') ?? '1';
  const page = /^[1-9]\d{0,4}$/.test(rawPage) ? Number(rawPage) : 1;
  const result = await listItems(db, { category: category || null, state: state || null, q, page });
  const pages = Math.max(1, Math.ceil(result.total / result.pageSize));
  const link = (to: number) => {
    const params = new URLSearchParams();
    if (category) params.set('category', category);
    if (state) params.set('state', state);
    if (q) params.set('q', q);
    params.set('page', String(to));
    return `/staff/content?${params}`;
  };
  return json(
    {
      ownDataOnly: false as const,
      categories: categories.map((c) => ({ code: c.code, label: c.label })),
      filters: { category, state, q },
      rows: result.rows.map((r) => ({
        no: r.no,
        title: r.title,
        categoryLabel: r.categoryLabel,
        posted: formatDateTime(r.postedAt, 'short'),
        state: r.state,
        updatedBy: r.updatedBy,
      })),
      total: formatNumber(result.total, 0),
      page,
      pages,
      previous: page > 1 ? link(page - 1) : null,
      next: page < pages ? link(page + 1) : null,
    },
    { headers: NO_STORE_HEADERS },
  );
}

export const meta: MetaFunction = (args) => [titleFor(args, T.content)];

export default function StaffContentList() {
  const data = useLoaderData<typeof loader>();
  if (data.ownDataOnly) {
    return (
      <>
        <h1>{T.content}</h1>
        <p className="callout">{T.coreOwnsContent}</p>
      </>
    );
  }
  return (
    <>
      <ContentNav current="content" />
      <h1>{T.content}</h1>
      <p>
        <a className="button" href="/staff/content/new">
          {T.newItem}
        </a>
      </p>
      <form method="get" action="/staff/content" className="staff-filters">
        <div className="field">
          <label htmlFor="filter-category" className="field__label">
            หมวดหมู่
          </label>
          <select id="filter-category" name="category" defaultValue={data.filters.category}>
            <option value="">ทุกหมวดหมู่</option>
            {data.categories.map((c) => (
              <option key={c.code} value={c.code}>
                {c.label}
              </option>
            ))}
          </select>
        </div>
        <div className="field">
          <label htmlFor="filter-state" className="field__label">
            สถานะ
          </label>
          <select id="filter-state" name="state" defaultValue={data.filters.state}>
            <option value="">ทุกสถานะ</option>
            <option value="published">{T.published}</option>
            <option value="scheduled">{T.scheduled}</option>
            <option value="draft">{T.draft}</option>
          </select>
        </div>
        <div className="field">
          <label htmlFor="filter-q" className="field__label">
            ค้นหาจากหัวข้อ
          </label>
          <input id="filter-q" type="search" name="q" defaultValue={data.filters.q} maxLength={100} />
        </div>
        <p>
          <button type="submit" className="button button--secondary">
            แสดงรายการ
          </button>
        </p>
      </form>
      <p role="status">
        พบ {data.total} รายการ · หน้า {data.page} จาก {data.pages}
      </p>
      {data.rows.length ? (
        <ul className="staff-list">
          {data.rows.map((row) => (
            <li key={row.no} className="staff-list__item">
              <p className="staff-list__title">
                <a href={`/staff/content/${row.no}`}>{row.title}</a>
              </p>
              <p className="staff-list__meta">
                {row.categoryLabel} · {row.posted} · <strong>{stateLabel(row.state)}</strong>
                {row.updatedBy ? ` · แก้ไขล่าสุดโดย ${row.updatedBy}` : null}
              </p>
            </li>
          ))}
        </ul>
      ) : (
        <p>ไม่พบเนื้อหาตามเงื่อนไขนี้</p>
      )}
      {data.previous || data.next ? (
        <nav aria-label="หน้ารายการ" className="staff-pager">
          {data.previous ? <a href={data.previous}>หน้าก่อนหน้า</a> : null}
          {data.next ? <a href={data.next}>หน้าถัดไป</a> : null}
        </nav>
      ) : null}
    </>
  );
}

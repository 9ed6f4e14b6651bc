import type { ActionFunctionArgs, LinksFunction, LoaderFunctionArgs, MetaFunction } from '@remix-run/node';
import { json, redirect } from '@remix-run/node';
import { Form, useActionData, useLoaderData } from '@remix-run/react';

import { ErrorSummary } from '~/components/error-summary';
import { ContentNav, CoreOwnsContent } from '~/components/staff/content-nav';
import { SubmitButton } from '~/components/staff/fields';
import {
  FilterSearch,
  FilterSelect,
  ListFilters,
  ListPager,
  SelectedActions,
  type FilterOption,
} from '~/components/staff/list-filters';
import { titleFor } from '~/lib/meta';
import { stateLabel, CONTENT_TEXT as T } from '~/lib/staff-content';
import { formatDateTime, formatNumber } from '~/lib/thai-format';
import { setFlash } from '~/server/flash.server';
import { contentFilters, contentListQuery, contentSearchParams } from '~/server/staff/content-list.server';
import { refuseInHttpMode } from '~/server/staff/content-submit.server';
import { requireStaff, staffAudit } from '~/server/staff/guard.server';
import { contentChanged } from '~/server/staff/public-cache.server';
import { staffStore } from '~/server/staff/store.server';
import contentStyles from '~/styles/staff-content.css';
import { PRIVATE_NO_STORE } from '~/server/http/responses.server';

export const links: LinksFunction = () => [{ rel: 'stylesheet', href: contentStyles }];

const NONE_SELECTED = 'กรุณาเลือกอย่างน้อยหนึ่งรายการ';
/** The most items one bulk action takes (a page holds 20). */
const BULK_MAX = 100;

/**
 * The editors' list of content items (ADR 061, ADR 122): every category, drafts and published,
 * searched, filtered, sorted and paged by a GET form; the ticked items published or unpublished at
 * once; the list as CSV.
 */
export async function loader({ request }: LoaderFunctionArgs) {
  await requireStaff(request, 'editor');
  const { coop } = await staffStore();
  if (!coop) return json({ ownDataOnly: true as const }, { headers: PRIVATE_NO_STORE });
  const url = new URL(request.url);
  const categories = await coop.content.categories();
  const filters = contentFilters(url.searchParams, categories);
  const rawPage = url.searchParams.get('page') ?? '1';
  const page = /^[1-9]\d{0,4}$/.test(rawPage) ? Number(rawPage) : 1;
  const result = await coop.content.list(contentListQuery(filters, page));
  const pages = Math.max(1, Math.ceil(result.total / result.pageSize));
  const link = (to: number) => `/staff/content?${contentSearchParams(filters, to)}`;
  const search = contentSearchParams(filters).toString();
  return json(
    {
      ownDataOnly: false as const,
      categories: categories.map((c) => ({ code: c.code, label: c.label })),
      filters,
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
      download: `/staff/content/export${search ? `?${search}` : ''}`,
    },
    { headers: PRIVATE_NO_STORE },
  );
}

/**
 * Publish or unpublish every ticked item: each one that changes is changed on its own and audited on
 * its own, as the item page's button does (no push announcement from here); the public caches are
 * told once. Back to the same list (303).
 */
export async function action({ request }: ActionFunctionArgs) {
  const user = await requireStaff(request, 'editor');
  const coop = await refuseInHttpMode();
  const form = await request.formData();
  const intent = form.get('intent');
  if (intent !== 'publish-selected' && intent !== 'unpublish-selected')
    throw new Response('Bad Request', { status: 400 });
  const numbers = [
    ...new Set(
      form
        .getAll('item')
        .slice(0, BULK_MAX)
        .filter((v): v is string => typeof v === 'string' && /^[1-9]\d{0,9}$/.test(v))
        .map(Number)
        .filter((n) => n <= 2_147_483_647),
    ),
  ];
  if (!numbers.length) return json({ error: NONE_SELECTED }, { status: 400, headers: PRIVATE_NO_STORE });
  const publish = intent === 'publish-selected';
  const { changed: numbersChanged, withoutAlt } = await coop.content.setPublishedMany(numbers, publish, user.username);
  for (const no of numbersChanged) {
    await staffAudit(request, user, publish ? 'content_publish' : 'content_unpublish', { target: `content ${no}` });
  }
  const changed = numbersChanged.length;
  if (changed) await contentChanged();
  const unchanged = numbers.length - changed - withoutAlt;
  const text =
    (publish
      ? `เผยแพร่แล้ว ${formatNumber(changed, 0)} รายการ`
      : `ยกเลิกการเผยแพร่แล้ว ${formatNumber(changed, 0)} รายการ ไม่แสดงบนเว็บไซต์`) +
    (withoutAlt ? ` (${formatNumber(withoutAlt, 0)} รายการยังไม่เผยแพร่ เพราะรูปยังไม่มีคำอธิบายรูป)` : '') +
    (unchanged ? ` (${formatNumber(unchanged, 0)} รายการเป็นเช่นนั้นอยู่แล้วหรือไม่พบ)` : '');
  const kept = new URL(request.url).searchParams;
  kept.delete('index'); // Remix's own marker of an index route's form
  const back = `/staff/content${kept.size ? `?${kept}` : ''}`;
  return redirect(back, {
    status: 303,
    headers: { ...PRIVATE_NO_STORE, 'Set-Cookie': await setFlash({ kind: changed ? 'success' : 'info', text }) },
  });
}

export const meta: MetaFunction = (args) => [titleFor(args, T.content)];

const CONTENT_STATES_CHOICES: readonly FilterOption[] = [
  ['', 'ทุกสถานะ'],
  ['published', T.published],
  ['scheduled', T.scheduled],
  ['draft', T.draft],
];
const PERIODS_CHOICES: readonly FilterOption[] = [
  ['', 'ทุกช่วงเวลา'],
  ['month', 'เดือนนี้'],
];
const CONTENT_SORTS_CHOICES: readonly FilterOption[] = [
  ['newest', 'วันที่ลงใหม่ไปเก่า'],
  ['oldest', 'วันที่ลงเก่าไปใหม่'],
  ['updated', 'แก้ไขล่าสุด'],
  ['title', 'หัวข้อ ก-ฮ'],
];

export default function StaffContentList() {
  const data = useLoaderData<typeof loader>();
  const result = useActionData<typeof action>();
  if (data.ownDataOnly) return <CoreOwnsContent title={T.content} />;
  const error = result && 'error' in result ? result.error : null;
  const firstRow = data.rows[0];
  return (
    <>
      <ContentNav current="content" />
      <h1>{T.content}</h1>
      <ErrorSummary items={error && firstRow ? [{ fieldId: `item-${firstRow.no}`, message: error }] : []} />
      <p>
        <a className="button" href="/staff/content/new">
          {T.newItem}
        </a>
      </p>
      <ListFilters action="/staff/content" label="ค้นหาเนื้อหา" idPrefix="filter" values={data.filters}>
        <FilterSelect
          name="category"
          label="หมวดหมู่"
          options={[['', 'ทุกหมวดหมู่'], ...data.categories.map((c) => [c.code, c.label] as const)]}
        />
        <FilterSelect name="state" label="สถานะ" options={CONTENT_STATES_CHOICES} />
        <FilterSelect name="period" label="ช่วงเวลา" options={PERIODS_CHOICES} />
        <FilterSearch label="ค้นหาจากหัวข้อ" />
        <FilterSelect name="sort" label="เรียงลำดับ" options={CONTENT_SORTS_CHOICES} />
      </ListFilters>
      <p role="status">
        พบ {data.total} รายการ · หน้า {data.page} จาก {data.pages}
      </p>
      {data.rows.length ? (
        <>
          <p>
            <a href={data.download} download className="button button--secondary button--small">
              ดาวน์โหลดรายการนี้ (CSV)
            </a>
          </p>
          <Form method="post" className="stack" aria-label="รายการเนื้อหา">
            <ul className="staff-list">
              {data.rows.map((row) => (
                <li key={row.no} className="staff-list__item staff-list__item--select">
                  <div className="checkbox staff-select">
                    <input id={`item-${row.no}`} type="checkbox" name="item" value={row.no} />
                    <label htmlFor={`item-${row.no}`}>
                      <span className="visually-hidden">เลือก {row.title}</span>
                    </label>
                  </div>
                  <div>
                    <p className="staff-list__title">
                      <a href={`/staff/content/${row.no}`}>{row.title}</a>
                    </p>
                    <p className="staff-list__meta">
                      {row.categoryLabel} · {row.posted} · <strong>{stateLabel(row.state)}</strong>
                      {row.updatedBy ? ` · แก้ไขล่าสุดโดย ${row.updatedBy}` : null}
                    </p>
                  </div>
                </li>
              ))}
            </ul>
            <SelectedActions error={error}>
              <p className="staff-inline-form">
                <SubmitButton intent="publish-selected">เผยแพร่ที่เลือก</SubmitButton>
                <SubmitButton intent="unpublish-selected" secondary>
                  ยกเลิกการเผยแพร่ที่เลือก
                </SubmitButton>
              </p>
            </SelectedActions>
          </Form>
        </>
      ) : (
        <p>ไม่พบเนื้อหาตามเงื่อนไขนี้</p>
      )}
      <ListPager previous={data.previous} next={data.next} />
    </>
  );
}

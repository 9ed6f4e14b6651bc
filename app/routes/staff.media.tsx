import type { LinksFunction, LoaderFunctionArgs, MetaFunction } from '@remix-run/node';
import { json } from '@remix-run/node';
import { useLoaderData } from '@remix-run/react';

import { ContentNav } from '~/components/staff/content-nav';
import { ListPager } from '~/components/staff/list-filters';
import { titleFor } from '~/lib/meta';
import { CONTENT_TEXT as T } from '~/lib/staff-content';
import { formatFileSize, formatNumber } from '~/lib/thai-format';
import { mediaUrl } from '~/server/content/content-image.server';
import { itemNumber, refuseInHttpMode } from '~/server/staff/content-submit.server';
import { requireStaff } from '~/server/staff/guard.server';
import contentStyles from '~/styles/staff-content.css';
import { PRIVATE_NO_STORE } from '~/server/http/responses.server';

export const links: LinksFunction = () => [{ rel: 'stylesheet', href: contentStyles }];

/**
 * The media list (ADR 121): pictures and files content items already use. Opened from an item
 * (`?for=N`), each entry has buttons that put it on that item; the forms post to the item's files
 * route, so nothing here needs JavaScript.
 */
export async function loader({ request }: LoaderFunctionArgs) {
  await requireStaff(request, 'editor');
  const coop = await refuseInHttpMode();
  const url = new URL(request.url);
  const rawFor = url.searchParams.get('for');
  const forNo = rawFor ? itemNumber(rawFor) : null;
  const target = forNo === null ? null : await coop.content.get(forNo);
  if (forNo !== null && !target) throw new Response(T.notFound, { status: 404 });
  const rawPage = url.searchParams.get('page') ?? '1';
  const page = /^[1-9]\d{0,4}$/.test(rawPage) ? Number(rawPage) : 1;
  const result = await coop.media.list(page);
  const pages = Math.max(1, Math.ceil(result.total / result.pageSize));
  const link = (to: number) => {
    const params = new URLSearchParams();
    if (forNo !== null) params.set('for', String(forNo));
    params.set('page', String(to));
    return `/staff/media?${params}`;
  };
  return json(
    {
      target: target ? { no: target.no, title: target.title } : null,
      rows: result.rows.map((m) => ({
        file: m.file,
        href: mediaUrl(m.file),
        kind: m.kind,
        text: m.text,
        items: m.items.slice(0, 5),
        more: Math.max(0, m.items.length - 5),
        size: m.sizeBytes === null ? null : formatFileSize(m.sizeBytes),
        name: m.file.split('/').pop() ?? m.file,
      })),
      total: formatNumber(result.total, 0),
      page,
      pages,
      previous: page > 1 ? link(page - 1) : null,
      next: page < pages ? link(page + 1) : null,
    },
    { headers: PRIVATE_NO_STORE },
  );
}

export const meta: MetaFunction = (args) => [titleFor(args, T.media)];

export default function MediaList() {
  const data = useLoaderData<typeof loader>();
  const target = data.target;
  return (
    <>
      <ContentNav current="media" />
      <h1>{T.media}</h1>
      {target ? (
        <p className="callout">
          เลือกรูปหรือไฟล์เพื่อใช้กับ “{target.title}” · <a href={`/staff/content/${target.no}`}>กลับไปแก้ไขเนื้อหานี้</a>
        </p>
      ) : (
        <p>รูปและไฟล์ที่เนื้อหาต่าง ๆ ใช้อยู่ เปิดหน้านี้จากหน้าแก้ไขเนื้อหาเพื่อนำรูปหรือไฟล์ไปใช้กับเนื้อหานั้น</p>
      )}
      <p role="status">
        พบ {data.total} รายการ · หน้า {data.page} จาก {data.pages}
      </p>
      {data.rows.length ? (
        <ul className="staff-list staff-media">
          {data.rows.map((m) => (
            <li key={m.file} className="staff-list__item staff-media__item">
              {m.kind === 'picture' ? (
                <img src={m.href} alt={m.text ?? ''} width={160} height={90} className="staff-thumb" loading="lazy" />
              ) : null}
              <div>
                <p className="staff-list__title">
                  <a href={m.href}>{m.text ?? m.name}</a>
                </p>
                <p className="staff-list__meta">
                  {m.kind === 'picture' ? 'รูปภาพ' : 'ไฟล์'}
                  {m.size ? ` ${m.size}` : null}
                  {m.kind === 'picture' && !m.text ? ' · ยังไม่มีคำอธิบายภาพ' : null} · ใช้ใน{' '}
                  {m.items.map((no, i) => (
                    <span key={no}>
                      {i ? ', ' : null}
                      <a href={`/staff/content/${no}`}>เนื้อหา {no}</a>
                    </span>
                  ))}
                  {m.more ? ` และอีก ${m.more} รายการ` : null}
                </p>
                {target ? (
                  <div className="staff-media__actions">
                    {m.kind === 'picture' ? (
                      <>
                        <ReuseButton no={target.no} file={m.file} kind="reuse-cover" label="ใช้เป็นรูปหน้าปก" />
                        <ReuseButton no={target.no} file={m.file} kind="reuse-photo" label="เพิ่มในแกลเลอรี" />
                      </>
                    ) : (
                      <ReuseButton no={target.no} file={m.file} kind="reuse-attachment" label="แนบกับเนื้อหานี้" />
                    )}
                  </div>
                ) : null}
              </div>
            </li>
          ))}
        </ul>
      ) : (
        <p>ยังไม่มีรูปหรือไฟล์ในคลังสื่อ</p>
      )}
      <ListPager previous={data.previous} next={data.next} />
    </>
  );
}

function ReuseButton({ no, file, kind, label }: { no: number; file: string; kind: string; label: string }) {
  return (
    <form method="post" action={`/staff/content/${no}/files`}>
      <input type="hidden" name="kind" value={kind} />
      <input type="hidden" name="file" value={file} />
      <button type="submit" className="button button--secondary button--small">
        {label}
      </button>
    </form>
  );
}

import type { ActionFunctionArgs, LinksFunction, LoaderFunctionArgs, MetaFunction } from '@remix-run/node';
import { json } from '@remix-run/node';
import { useLoaderData } from '@remix-run/react';

import { ContentNav } from '~/components/staff/content-nav';
import { titleFor } from '~/lib/meta';
import { CONTENT_TEXT as T } from '~/lib/staff-content';
import { HISTORY_TEXT as H } from '~/lib/staff-history-text';
import { formatDate, formatDateTime } from '~/lib/thai-format';
import { redirectWithNotice, refuseInHttpMode } from '~/server/staff/content-submit.server';
import { requireStaff, staffAudit } from '~/server/staff/guard.server';
import { contentChanged } from '~/server/staff/public-cache.server';
import contentStyles from '~/styles/staff-content.css';
import { PRIVATE_NO_STORE } from '~/server/http/responses.server';

export const links: LinksFunction = () => [{ rel: 'stylesheet', href: contentStyles }];

/**
 * The trash (ADR 118): deleted items, newest first, each restorable for 30 days. Showing it first
 * removes for good what has been there longer.
 */
export async function loader({ request }: LoaderFunctionArgs) {
  await requireStaff(request, 'editor');
  const coop = await refuseInHttpMode();
  const rows = await coop.content.listTrash();
  return json(
    {
      rows: rows.map((r) => ({
        no: r.no,
        title: r.title,
        categoryLabel: r.categoryLabel,
        deleted: formatDateTime(r.deletedAt, 'short'),
        deletedBy: r.deletedBy,
        until: formatDate(r.purgeAt, 'short'),
      })),
    },
    { headers: PRIVATE_NO_STORE },
  );
}

/** Restore one item from the trash, published again if it was. */
export async function action({ request }: ActionFunctionArgs) {
  const user = await requireStaff(request, 'editor');
  const coop = await refuseInHttpMode();
  const form = await request.formData();
  const raw = String(form.get('no') ?? '');
  const no = /^[1-9]\d{0,9}$/.test(raw) && Number(raw) <= 2_147_483_647 ? Number(raw) : null;
  const title = no === null ? null : await coop.content.trashedTitle(no);
  if (no === null || !title || !(await coop.content.restoreFromTrash(no, user.username))) {
    return redirectWithNotice('/staff/content/trash', H.untrashGone, 'error');
  }
  await staffAudit(request, user, 'content_untrash', { target: `content ${no}` });
  await contentChanged();
  return redirectWithNotice(`/staff/content/${no}`, H.untrashed(title));
}

export const meta: MetaFunction = (args) => [titleFor(args, H.trash)];

export default function ContentTrash() {
  const data = useLoaderData<typeof loader>();
  return (
    <>
      <ContentNav current="trash" />
      <h1>{H.trash}</h1>
      <p>{H.trashHint}</p>
      {data.rows.length ? (
        <ul className="staff-list">
          {data.rows.map((row) => (
            <li key={row.no} className="staff-list__item">
              <p className="staff-list__title">{row.title}</p>
              <p className="staff-list__meta">
                {row.categoryLabel} · ลบเมื่อ {row.deleted}
                {row.deletedBy ? ` โดย ${row.deletedBy}` : null} · กู้คืนได้ถึง {row.until}
              </p>
              <form method="post" action="/staff/content/trash">
                <input type="hidden" name="no" value={row.no} />
                <button type="submit" className="button button--secondary button--small">
                  {H.untrash}
                  <span className="visually-hidden"> {row.title}</span>
                </button>
              </form>
            </li>
          ))}
        </ul>
      ) : (
        <p>{H.trashEmpty}</p>
      )}
      <p>
        <a href="/staff/content">กลับไปที่{T.content}</a>
      </p>
    </>
  );
}

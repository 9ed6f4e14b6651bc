import type { ActionFunctionArgs, LinksFunction, LoaderFunctionArgs, MetaFunction } from '@remix-run/node';
import { json } from '@remix-run/node';
import { useLoaderData } from '@remix-run/react';

import { ContentNav } from '~/components/staff/content-nav';
import { TextDiff } from '~/components/staff/text-diff';
import { titleFor } from '~/lib/meta';
import { CONTENT_TEXT as T } from '~/lib/staff-content';
import { HISTORY_TEXT as H } from '~/lib/staff-history-text';
import { formatDateTime } from '~/lib/thai-format';
import { textDiff } from '~/server/staff/content-history.server';
import { VersionConflict } from '~/server/staff/content.server';
import { editorOnItem, formVersion, redirectWithNotice } from '~/server/staff/content-submit.server';
import { staffAudit } from '~/server/staff/guard.server';
import { contentChanged } from '~/server/staff/public-cache.server';
import contentStyles from '~/styles/staff-content.css';
import historyStyles from '~/styles/staff-history.css';
import { PRIVATE_NO_STORE } from '~/server/http/responses.server';

export const links: LinksFunction = () => [
  { rel: 'stylesheet', href: contentStyles },
  { rel: 'stylesheet', href: historyStyles },
];

const savedLine = (at: number | null, by: string | null) =>
  at === null ? 'ฉบับตั้งต้น' : `บันทึกเมื่อ ${formatDateTime(at, 'short')} โดย ${by ?? '-'}`;

/**
 * An item's earlier versions (ADR 118), newest first; with `?r=` one of them: what the save after it
 * changed, how it differs from the current text, and a button that puts it back.
 */
export async function loader({ request, params }: LoaderFunctionArgs) {
  const { coop, no } = await editorOnItem(request, params.no);
  const item = await coop.content.get(no);
  if (!item) throw new Response(T.notFound, { status: 404 });
  const revisions = await coop.content.revisions(no);
  const rawId = new URL(request.url).searchParams.get('r') ?? '';
  const chosen = /^[1-9]\d{0,15}$/.test(rawId) ? await coop.content.revision(no, Number(rawId)) : null;
  let shown = null;
  if (chosen) {
    // The text the next save made of it: the next newer revision, or the current text.
    const newer = revisions.filter((r) => r.version > chosen.version).at(-1);
    const next = newer ? (await coop.content.revision(no, newer.id))!.draft : item;
    shown = {
      id: chosen.id,
      version: chosen.version,
      saved: savedLine(chosen.savedAt, chosen.savedBy),
      nextLabel: newer ? H.revision(newer.version) : `ฉบับปัจจุบัน (ฉบับที่ ${item.version})`,
      changedTitle: textDiff(chosen.draft.title, next.title),
      changedBody: textDiff(chosen.draft.bodyHtml, next.bodyHtml),
      currentTitle: textDiff(item.title, chosen.draft.title),
      currentBody: textDiff(item.bodyHtml, chosen.draft.bodyHtml),
    };
  }
  return json(
    {
      no,
      title: item.title,
      version: item.version,
      revisions: revisions.map((r) => ({
        id: r.id,
        version: r.version,
        title: r.title,
        saved: savedLine(r.savedAt, r.savedBy),
        replaced: formatDateTime(r.replacedAt, 'short'),
      })),
      shown,
    },
    { headers: PRIVATE_NO_STORE },
  );
}

/** Put an earlier version back: a save (it keeps the text it replaces), audited. */
export async function action({ request, params }: ActionFunctionArgs) {
  const { user, coop, no } = await editorOnItem(request, params.no);
  const form = await request.formData();
  const revisionId = formVersion(String(form.get('revision') ?? ''));
  const version = formVersion(String(form.get('version') ?? ''));
  let restored;
  try {
    restored = await coop.content.restoreRevision({ no, revisionId, version, staff: user.username });
  } catch (error) {
    if (!(error instanceof VersionConflict)) throw error;
    return redirectWithNotice(`/staff/content/${no}/revisions?r=${revisionId}`, H.restoreConflict, 'error');
  }
  if (!restored) return redirectWithNotice(`/staff/content/${no}/revisions`, T.notFound, 'error');
  await staffAudit(request, user, 'content_restore', { target: `content ${no}; version ${restored.restored}` });
  await contentChanged();
  return redirectWithNotice(`/staff/content/${no}`, H.restored(restored.restored));
}

export const meta: MetaFunction<typeof loader> = (args) => [
  titleFor(args, args.data ? `${H.revisions}: ${args.data.title}` : H.revisions),
];

export default function ContentRevisions() {
  const data = useLoaderData<typeof loader>();
  const shown = data.shown;
  return (
    <>
      <ContentNav current="content" />
      <h1>
        {H.revisions}: {data.title}
      </h1>
      <p>
        <a href={`/staff/content/${data.no}`}>กลับไปที่{T.editItem}</a> · ฉบับปัจจุบันคือฉบับที่ {data.version}
      </p>
      {shown ? (
        <section aria-labelledby="revision-title" className="staff-panel stack">
          <h2 id="revision-title">{H.revision(shown.version)}</h2>
          <p>{shown.saved}</p>
          <p>ข้อความที่ขีดฆ่าถูกลบออก ข้อความที่ขีดเส้นใต้ถูกเพิ่มเข้ามา</p>
          <h3>
            สิ่งที่แก้ไขจาก{H.revision(shown.version)} เป็น{shown.nextLabel}
          </h3>
          <TextDiff parts={shown.changedTitle} label="หัวข้อ: สิ่งที่แก้ไข" caption="หัวข้อ" />
          <TextDiff parts={shown.changedBody} label="เนื้อหา: สิ่งที่แก้ไข" caption="เนื้อหา" />
          <h3>ถ้านำ{H.revision(shown.version)} กลับมาใช้ ฉบับปัจจุบันจะเปลี่ยนดังนี้</h3>
          <TextDiff parts={shown.currentTitle} label="หัวข้อ: เทียบกับฉบับปัจจุบัน" caption="หัวข้อ" />
          <TextDiff parts={shown.currentBody} label="เนื้อหา: เทียบกับฉบับปัจจุบัน" caption="เนื้อหา" />
          <form method="post" action={`/staff/content/${data.no}/revisions`}>
            <input type="hidden" name="revision" value={shown.id} />
            <input type="hidden" name="version" value={data.version} />
            <button type="submit" className="button">
              {H.restore}
              <span className="visually-hidden"> ({H.revision(shown.version)})</span>
            </button>
          </form>
        </section>
      ) : null}
      <h2>ฉบับก่อนหน้า</h2>
      {data.revisions.length ? (
        <ul className="staff-list">
          {data.revisions.map((r) => (
            <li key={r.id} className="staff-list__item">
              <p className="staff-list__title">
                <a
                  href={`/staff/content/${data.no}/revisions?r=${r.id}`}
                  aria-current={shown?.id === r.id ? 'true' : undefined}
                >
                  {H.revision(r.version)}: {r.title}
                </a>
              </p>
              <p className="staff-list__meta">
                {r.saved} · ถูกแทนที่เมื่อ {r.replaced}
              </p>
            </li>
          ))}
        </ul>
      ) : (
        <p>{H.noRevisions}</p>
      )}
    </>
  );
}

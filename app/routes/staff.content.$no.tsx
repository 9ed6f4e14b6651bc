import type { ActionFunctionArgs, LinksFunction, LoaderFunctionArgs, MetaFunction } from '@remix-run/node';
import { json } from '@remix-run/node';
import { useActionData, useLoaderData } from '@remix-run/react';

import { ContentForm } from '~/components/staff/content-form';
import { ContentNav } from '~/components/staff/content-nav';
import { UnsavedPreview } from '~/components/staff/content-preview';
import { TextDiff } from '~/components/staff/text-diff';
import { titleFor } from '~/lib/meta';
import { stateLabel, CONTENT_TEXT as T } from '~/lib/staff-content';
import { HISTORY_TEXT as H } from '~/lib/staff-history-text';
import { formatDateTime, formatFileSize, formatSizeLimit } from '~/lib/thai-format';
import { mediaUrl } from '~/server/content/content-image.server';
import { env } from '~/server/env.server';
import { altTextProblems, formValuesOf } from '~/server/staff/content.server';
import {
  contentUploadCeiling,
  editorOnItem,
  itemNumber,
  restoredFormValues,
  submitContentForm,
  type ContentActionData,
} from '~/server/staff/content-submit.server';
import { requireStaff } from '~/server/staff/guard.server';
import { pushTrigger } from '~/server/content/push.server';
import contentStyles from '~/styles/staff-content.css';
import { contentFilesMax } from '~/lib/content-upload';
import historyStyles from '~/styles/staff-history.css';
import { PRIVATE_NO_STORE } from '~/server/http/responses.server';

export const links: LinksFunction = () => [
  { rel: 'stylesheet', href: contentStyles },
  { rel: 'stylesheet', href: historyStyles },
];

/** One content item: its form, its files, preview, publish and unpublish. */
export async function loader({ request, params }: LoaderFunctionArgs) {
  const { user, coop, no } = await editorOnItem(request, params.no);
  const config = env();
  const item = await coop.content.get(no);
  if (!item) throw new Response(T.notFound, { status: 404 });
  const categories = await coop.content.categories();
  // What the editor posted after their session ended comes back once (ADR 116).
  const restored = await restoredFormValues(request, user, categories);
  return json(
    {
      no,
      state: item.state,
      /** When a published item shows, or would show once published (Bangkok time, BE year). */
      publishAt: formatDateTime(item.postedAt, 'long'),
      future: item.postedAt > Date.now(),
      /** What keeps it from being published (pictures without alternative text, ADR 121). */
      altProblems: altTextProblems(item).map((p) => p.message),
      version: item.version,
      categories: categories.map((c) => ({ code: c.code, label: c.label })),
      values: restored ?? formValuesOf(item),
      restored: restored !== null,
      cover: item.coverImage ? mediaUrl(item.coverImage) : null,
      attachments: item.attachments.map((a) => ({
        id: a.id,
        label: a.label,
        href: mediaUrl(a.file),
        size: a.sizeBytes === null ? null : formatFileSize(a.sizeBytes),
      })),
      gallery: item.gallery.map((g) => ({ id: g.id, src: mediaUrl(g.file), caption: g.caption ?? '' })),
      updated: item.updatedAt ? `${formatDateTime(item.updatedAt, 'short')} โดย ${item.updatedBy ?? '-'}` : null,
      sizeLimit: formatSizeLimit(config.PHOTO_MAX_BYTES),
      upload: {
        maxBytes: contentUploadCeiling(config.PHOTO_MAX_BYTES),
        limit: formatSizeLimit(contentFilesMax(config.PHOTO_MAX_BYTES)),
      },
      canAnnounce: pushTrigger(config) !== null,
    },
    { headers: PRIVATE_NO_STORE },
  );
}

export async function action({ request, params }: ActionFunctionArgs) {
  const user = await requireStaff(request, 'editor');
  return submitContentForm(request, user, itemNumber(params.no));
}

export const meta: MetaFunction<typeof loader> = (args) => [
  titleFor(args, args.data ? `${T.editItem}: ${args.data.values.title}` : T.editItem),
];

export default function EditContent() {
  const data = useLoaderData<typeof loader>();
  const result = useActionData<ContentActionData>();
  const published = data.state === 'published';
  if (result?.preview) return <UnsavedPreview item={result.preview} />;
  const conflict = result?.conflict;
  return (
    <>
      <ContentNav current="content" />
      <h1>{T.editItem}</h1>
      <section aria-labelledby="state-title" className="staff-panel">
        <h2 id="state-title">สถานะ: {stateLabel(data.state)}</h2>
        {data.state === 'scheduled' ? <p>จะแสดงบนเว็บไซต์ตั้งแต่ {data.publishAt}</p> : null}
        {data.updated ? <p>แก้ไขล่าสุด {data.updated}</p> : null}
        <p>
          <a href={`/staff/content/${data.no}/preview`}>{T.preview}</a>
          {' · '}
          <a href={`/staff/content/${data.no}/revisions`}>{H.revisions}</a>
          {published ? (
            <>
              {' · '}
              <a href={`/show/${data.no}`}>ดูบนเว็บไซต์</a>
            </>
          ) : null}
        </p>
        {data.state === 'draft' && data.altProblems.length ? (
          <div className="callout">
            <p>ก่อนเผยแพร่ต้องแก้ไข:</p>
            <ul>
              {data.altProblems.map((message) => (
                <li key={message}>{message}</li>
              ))}
            </ul>
          </div>
        ) : null}
        <form method="post" action={`/staff/content/${data.no}/publish`} className="stack">
          {data.state !== 'draft' ? (
            <>
              <input type="hidden" name="intent" value="unpublish" />
              <button type="submit" className="button button--secondary">
                ยกเลิกการเผยแพร่
              </button>
            </>
          ) : (
            <>
              <input type="hidden" name="intent" value="publish" />
              {data.future ? <p>วันเวลาเผยแพร่อยู่ในอนาคต: เนื้อหาจะแสดงบนเว็บไซต์ตั้งแต่ {data.publishAt}</p> : null}
              {data.canAnnounce && !data.future ? (
                <div className="field field--checkbox">
                  <input id="publish-announce" type="checkbox" name="announce" value="1" />
                  <label htmlFor="publish-announce">ส่งการแจ้งเตือนเนื้อหาใหม่ถึงผู้ที่เปิดรับการแจ้งเตือน</label>
                </div>
              ) : null}
              <button type="submit" className="button">
                {data.future ? T.scheduled : 'เผยแพร่'}
              </button>
            </>
          )}
        </form>
      </section>
      <section aria-labelledby="files-title" className="staff-panel">
        <h2 id="files-title">รูปและไฟล์แนบ</h2>
        <p>
          <a href={`/staff/media?for=${data.no}`}>{T.media}: ใช้รูปหรือไฟล์ที่อัปโหลดไว้แล้ว</a>
        </p>
        {data.cover || data.attachments.length || data.gallery.length ? (
          <ul className="staff-list">
            {data.cover ? (
              <li className="staff-list__item">
                <img src={data.cover} alt="รูปหน้าปกปัจจุบัน" width={160} height={90} className="staff-thumb" />
                <form method="post" action={`/staff/content/${data.no}/files`}>
                  <input type="hidden" name="kind" value="cover" />
                  <button type="submit" className="button button--secondary button--small">
                    นำรูปหน้าปกออก
                  </button>
                </form>
              </li>
            ) : null}
            {data.attachments.map((a) => (
              <li key={`a${a.id}`} className="staff-list__item">
                <a href={a.href}>{a.label}</a>
                {a.size ? ` (PDF ${a.size})` : null}
                <form method="post" action={`/staff/content/${data.no}/files`}>
                  <input type="hidden" name="kind" value="attachment" />
                  <input type="hidden" name="id" value={a.id} />
                  <button type="submit" className="button button--secondary button--small">
                    นำไฟล์ {a.label} ออก
                  </button>
                </form>
              </li>
            ))}
            {data.gallery.map((g, i) => (
              <li key={`g${g.id}`} className="staff-list__item">
                <img src={g.src} alt={g.caption || `ภาพที่ ${i + 1}`} width={160} height={90} className="staff-thumb" />
                <form method="post" action={`/staff/content/${data.no}/files`} className="staff-alt-form">
                  <input type="hidden" name="kind" value="photo-alt" />
                  <input type="hidden" name="id" value={g.id} />
                  <div className="field">
                    <label htmlFor={`photo-alt-${g.id}`} className="field__label">
                      คำอธิบายภาพที่ {i + 1}
                    </label>
                    <input
                      id={`photo-alt-${g.id}`}
                      type="text"
                      name="caption"
                      defaultValue={g.caption}
                      maxLength={200}
                      required
                    />
                  </div>
                  <button type="submit" className="button button--secondary button--small">
                    บันทึกคำอธิบายภาพที่ {i + 1}
                  </button>
                </form>
                <form method="post" action={`/staff/content/${data.no}/files`}>
                  <input type="hidden" name="kind" value="photo" />
                  <input type="hidden" name="id" value={g.id} />
                  <button type="submit" className="button button--secondary button--small">
                    นำภาพที่ {i + 1} ออก
                  </button>
                </form>
              </li>
            ))}
          </ul>
        ) : null}
      </section>
      {conflict ? (
        <section aria-labelledby="conflict-title" className="staff-panel staff-conflict stack">
          <h2 id="conflict-title">{H.conflictTitle}</h2>
          <p>
            บันทึกโดย {conflict.updatedBy ?? '-'}
            {conflict.updatedAt ? ` เมื่อ ${formatDateTime(conflict.updatedAt, 'short')}` : null}
          </p>
          <p>ข้อความที่ขีดฆ่ามีเฉพาะในฉบับที่บันทึกล่าสุด ข้อความที่ขีดเส้นใต้มีเฉพาะในข้อความของท่าน</p>
          <h3>หัวข้อ: {H.conflictDiff}</h3>
          <TextDiff parts={conflict.titleDiff} label={`หัวข้อ: ${H.conflictDiff}`} />
          <h3>เนื้อหา: {H.conflictDiff}</h3>
          <TextDiff parts={conflict.bodyDiff} label={`เนื้อหา: ${H.conflictDiff}`} />
          <div className="field">
            <label className="field__label" htmlFor="conflict-body">
              เนื้อหาที่บันทึกล่าสุด (คัดลอกส่วนที่ต้องการไปรวมในแบบฟอร์มด้านล่าง)
            </label>
            <div className="field__control">
              <textarea id="conflict-body" readOnly rows={8} value={conflict.body} />
            </div>
          </div>
        </section>
      ) : null}
      <h2>แก้ไขรายละเอียด</h2>
      <ContentForm
        action={`/staff/content/${data.no}`}
        categories={data.categories}
        values={result?.values ?? data.values}
        errors={result?.errors ?? {}}
        coverUrl={data.cover}
        sizeLimit={data.sizeLimit}
        upload={data.upload}
        restored={data.restored && !result}
        submitLabel="บันทึก"
        version={conflict?.version ?? data.version}
      />
      <section aria-labelledby="trash-title" className="staff-panel stack">
        <h2 id="trash-title">{H.toTrash}</h2>
        <p>{H.trashHint}</p>
        <form method="post" action={`/staff/content/${data.no}/delete`}>
          <button type="submit" className="button button--secondary">
            {H.toTrash}
          </button>
        </form>
      </section>
    </>
  );
}

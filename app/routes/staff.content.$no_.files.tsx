import type { ActionFunctionArgs } from '@remix-run/node';

import { CONTENT_TEXT as T } from '~/lib/staff-content';
import type { ReuseAs } from '~/server/staff/media-library.server';
import { editorOnItem, redirectWithNotice, visitGoesToItem } from '~/server/staff/content-submit.server';
import { staffAudit } from '~/server/staff/guard.server';
import { contentChanged } from '~/server/staff/public-cache.server';
import { resourceRoute } from '~/server/errors.server';

/** Only a form posts here; a visit goes to the item's page. */
export const loader = visitGoesToItem;

const REUSE = new Map<unknown, ReuseAs>([
  ['reuse-cover', 'cover'],
  ['reuse-photo', 'photo'],
  ['reuse-attachment', 'attachment'],
]);

/**
 * Take the cover, an attachment or a gallery photo off an item; write a gallery photo's alternative
 * text; or put a file from the media list on it (ADR 121).
 */
export const action = resourceRoute(async ({ request, params }: ActionFunctionArgs) => {
  const { user, coop, no } = await editorOnItem(request, params.no);
  const form = await request.formData();
  const kind = form.get('kind');
  const id = Number(form.get('id'));
  const back = `/staff/content/${no}`;
  if (kind === 'photo-alt') {
    const caption = String(form.get('caption') ?? '')
      .replace(/\s+/g, ' ')
      .trim();
    if (!caption || [...caption].length > 200) {
      return redirectWithNotice(back, 'กรุณากรอกคำอธิบายภาพ ไม่เกิน 200 ตัวอักษร', 'error');
    }
    if (
      !Number.isSafeInteger(id) ||
      id < 1 ||
      !(await coop.media.setCaption({ no, id, caption, staff: user.username }))
    ) {
      return redirectWithNotice(back, T.notFound, 'error');
    }
    await staffAudit(request, user, 'content_photo_alt', { target: `content ${no} photo ${id}` });
    await contentChanged();
    return redirectWithNotice(back, T.altSaved);
  }
  const reuse = REUSE.get(kind);
  if (reuse) {
    const file = String(form.get('file') ?? '');
    const result = await coop.media.reuse({ no, file, as: reuse, staff: user.username });
    if (result === 'refused') return redirectWithNotice(back, T.notFound, 'error');
    await coop.media.deleteUnreferenced([result.replaced]);
    await staffAudit(request, user, 'content_media_reuse', { target: `content ${no} ${reuse} ${file}` });
    await contentChanged();
    return redirectWithNotice(back, T.mediaReused);
  }
  let removed = false;
  let file: string | null = null;
  if (kind === 'cover') {
    file = await coop.media.itemFile(no, 'cover');
    removed = await coop.content.removeCover(no, user.username);
  } else if ((kind === 'attachment' || kind === 'photo') && Number.isSafeInteger(id) && id > 0) {
    file = await coop.media.itemFile(no, kind, id);
    removed = await coop.content.removeFile(no, kind, id);
  }
  if (!removed) return redirectWithNotice(`/staff/content/${no}`, T.notFound, 'error');
  // The file goes too once nothing names it (ADR 061).
  await coop.media.deleteUnreferenced([file]);
  await staffAudit(request, user, 'content_file_remove', {
    target: `content ${no} ${String(kind)} ${id || ''}`.trim(),
  });
  await contentChanged();
  return redirectWithNotice(`/staff/content/${no}`, T.fileRemoved);
});

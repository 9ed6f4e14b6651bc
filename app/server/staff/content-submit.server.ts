import { json, redirect, type LoaderFunctionArgs } from '@remix-run/node';

import { DISK_FULL_MESSAGE } from '~/lib/messages';
import { HISTORY_TEXT } from '~/lib/staff-history-text';
import { CONTENT_TEXT, UPLOAD_TEXT } from '~/lib/staff-content';
import { formatFileSize, formatSizeLimit } from '~/lib/thai-format';

import { env } from '../env.server';
import { setFlash } from '../flash.server';
import { log } from '../log.server';
import { contentUploadCeiling, readContentUpload } from './content-form.server';
import { detectUploadKind, MediaError, type StoredMedia } from './content-media.server';
import { isDiskFull, reportDiskFull } from '../ops/disk-full.server';
import { itemView, type ItemView } from '../content/content-view.server';
import { contentImages } from '../content/media.server';
import { textDiff, type DiffPart } from './content-history.server';
import {
  altTextProblems,
  MESSAGES,
  parseDraft,
  VersionConflict,
  type StaffCategory,
  type ContentFormValues,
  type FieldErrors,
} from './content.server';
import { requireStaff, staffAudit, type StaffUser } from './guard.server';
import { requireCoopStore, staffStore, type StaffCoopStore } from './store.server';
import { contentChanged } from './public-cache.server';
import { PRIVATE_NO_STORE } from '../http/responses.server';

/** A redirect after a staff change, with the notice shown on the next page. */
export async function redirectWithNotice(to: string, text: string, kind: 'success' | 'error' | 'info' = 'success') {
  return redirect(to, { headers: { 'Set-Cookie': await setFlash({ kind, text }), ...PRIVATE_NO_STORE } });
}

/**
 * The cooperative's tables for an editor's page; in http mode, where the core holds content, the
 * editor's request changes nothing and goes back to the list with a notice (ADR 127).
 */
export async function refuseInHttpMode(): Promise<StaffCoopStore> {
  return requireCoopStore(await staffStore(), () =>
    redirectWithNotice('/staff/content', CONTENT_TEXT.coreOwnsContent, 'info'),
  );
}

/**
 * The start of an editor's request about one content item: the editor (else the guard's redirect or
 * 403), the co-op's store (else the notice that the core system keeps the content), the item's number
 * (else 404), in that order.
 */
export async function editorOnItem(request: Request, param: string | undefined) {
  const user = await requireStaff(request, 'editor');
  const coop = await refuseInHttpMode();
  return { user, coop, no: itemNumber(param) };
}

/** The loader of a route only a form posts to: a visit goes to the item's page. */
export async function visitGoesToItem({ request, params }: LoaderFunctionArgs) {
  await requireStaff(request, 'editor');
  return redirect(`/staff/content/${itemNumber(params.no)}`);
}

export { contentUploadCeiling };

export interface ContentActionData {
  values: ContentFormValues | null;
  errors: FieldErrors & { form?: string };
  /** The draft as its public page would show it ("ดูตัวอย่าง": nothing was saved). */
  preview?: ItemView & { filesLeftOut: boolean };
  /** Another editor saved in between (ADR 118): their saved text, and the version to save over. */
  conflict?: ContentConflict;
}

export interface ContentConflict {
  version: number;
  title: string;
  excerpt: string;
  body: string;
  updatedBy: string | null;
  updatedAt: number | null;
  /** From the saved text to the editor's own. */
  titleDiff: DiffPart[];
  bodyDiff: DiffPart[];
}

/** The version a form was read at (its hidden `version` field); -1 when missing, which no item has. */
export function formVersion(value: string | undefined): number {
  return value && /^[1-9]\d{0,9}$/.test(value) ? Number(value) : -1;
}

function mediaMessage(error: MediaError, field: 'cover' | 'attachment'): string {
  if (error.problem === 'type') return field === 'cover' ? UPLOAD_TEXT.coverType : UPLOAD_TEXT.attachmentType;
  return UPLOAD_TEXT[error.problem];
}

/**
 * The new-item and edit forms' action: reads the multipart form within its limits, checks the fields,
 * stores the uploads (a picture as cover; a PDF or a picture as attachment), saves, records the audit
 * event, tells this instance's caches, and redirects to the item's edit page (post/redirect/get).
 */
export async function submitContentForm(request: Request, user: StaffUser, no?: number) {
  const coop = await refuseInHttpMode();
  const fileMax = env().PHOTO_MAX_BYTES;
  const upload = await readContentUpload(request, { bodyMaxBytes: contentUploadCeiling(fileMax) });
  const categories = await coop.content.categories();
  if (!upload.ok) {
    // The text read before the body ran over its limit comes back in the form (ADR 117).
    const tooLarge = upload.problem === 'too_large';
    const form = tooLarge ? UPLOAD_TEXT.tooLarge(formatSizeLimit(2 * fileMax)) : UPLOAD_TEXT.malformed;
    return json<ContentActionData>(
      { values: upload.fields.size ? parseDraft(upload.fields, categories).values : null, errors: { form } },
      { status: tooLarge ? 413 : 400, headers: PRIVATE_NO_STORE },
    );
  }
  const parsed = parseDraft(upload.fields, categories);
  const { values } = parsed;
  const errors: ContentActionData['errors'] = { ...parsed.errors };
  for (const name of upload.oversize) {
    if (name in values) errors[name as keyof ContentFormValues] = UPLOAD_TEXT.fieldTooLong;
    else errors.form = UPLOAD_TEXT.fieldTooLong;
  }
  const draft = upload.oversize.length ? null : parsed.draft;
  const invalid = (status = 400) => {
    // A browser does not send a file again: the form says to choose it again.
    if (upload.files.length && !errors.cover && !errors.attachment) errors.form = UPLOAD_TEXT.chooseAgain;
    return json<ContentActionData>({ values, errors }, { status, headers: PRIVATE_NO_STORE });
  };
  if (!draft) return invalid();
  const current = no === undefined ? null : await coop.content.get(no);
  if (no !== undefined && !current) throw new Response(CONTENT_TEXT.notFound, { status: 404 });

  // "ดูตัวอย่าง" (the button's intent): the draft as its public page would show it; nothing is
  // stored, not even the chosen files (ADR 120).
  if (upload.fields.get('intent') === 'preview') {
    const view = await itemView(await coop.content.previewOf({ ...current, ...draft }), contentImages());
    return json<ContentActionData>(
      { values, errors: {}, preview: { ...view, filesLeftOut: upload.files.length > 0 } },
      { headers: PRIVATE_NO_STORE },
    );
  }

  // A new item's form sent again (a double click, a resend after a lost answer): the item it created,
  // and nothing stored again (ADR 148).
  const formKey = no === undefined ? upload.fields.get('formKey') : undefined;
  const created = formKey ? await coop.content.createdWith(formKey) : null;
  if (created !== null) return redirectWithNotice(`/staff/content/${created}`, CONTENT_TEXT.created);

  let cover: StoredMedia | null = null;
  let attachment: StoredMedia | null = null;
  const stored = () => [cover?.file ?? null, attachment?.file ?? null];
  // The disk is full: nothing this form stored is kept, and the form says so, a 503 (ADR 098).
  const diskFull = async (error: unknown) => {
    reportDiskFull('content save', error);
    await coop.media.deleteUnreferenced(stored()).catch(() => undefined);
    return json<ContentActionData>(
      { values, errors: { ...errors, form: DISK_FULL_MESSAGE } },
      { status: 503, headers: { ...PRIVATE_NO_STORE, 'Retry-After': '60' } },
    );
  };
  for (const file of upload.files) {
    const field = file.field === 'cover' ? 'cover' : 'attachment';
    // A picture of any size the body carries is scaled down when stored; a PDF is kept as it is.
    if (detectUploadKind(file.bytes) === 'pdf' && file.bytes.byteLength > fileMax) {
      errors[field] =
        field === 'cover'
          ? UPLOAD_TEXT.coverType
          : UPLOAD_TEXT.pdfTooLarge(formatSizeLimit(fileMax), formatFileSize(file.bytes.byteLength));
      continue;
    }
    try {
      const media = await coop.media.store(file.bytes);
      if (field === 'cover' && media.kind !== 'picture') throw new MediaError('type');
      if (field === 'cover') cover = media;
      else attachment = media;
    } catch (error) {
      if (isDiskFull(error)) return diskFull(error);
      if (!(error instanceof MediaError)) throw error;
      errors[field] = mediaMessage(error, field);
      if (error.problem === 'busy') return invalid(503);
    }
  }
  // A published (or scheduled) item keeps alternative text on what this save sets: the cover, the
  // body's pictures and a new gallery picture (ADR 121). Its older gallery pictures are checked on
  // publishing; their text is written in the files panel.
  if (current && current.state !== 'draft') {
    const picture = attachment as StoredMedia | null;
    const problems = altTextProblems({
      coverImage: (cover as StoredMedia | null)?.file ?? current.coverImage,
      coverAlt: draft.coverAlt,
      bodyHtml: draft.bodyHtml,
      gallery:
        picture?.kind === 'picture' ? [{ id: 0, file: picture.file, caption: values.attachmentLabel || null }] : [],
    });
    for (const problem of problems) {
      if (problem.field === 'gallery') errors.attachmentLabel ??= MESSAGES.newPhotoAlt;
      else errors[problem.field] ??= problem.message;
    }
  }
  if (Object.keys(errors).length) {
    // Nothing refers to what this refused form stored.
    await coop.media.deleteUnreferenced(stored());
    return invalid();
  }

  // A new cover replaces the old one, whose file goes once nothing names it.
  const oldCover = no !== undefined && cover ? await coop.media.itemFile(no, 'cover') : null;
  let saved: number | null;
  try {
    saved = await coop.content.save({
      no,
      draft,
      media: { cover, attachment: attachment ? { media: attachment, label: values.attachmentLabel } : null },
      staff: user.username,
      ...(no !== undefined && { version: formVersion(upload.fields.get('version')) }),
      ...(formKey && { formKey }),
    });
  } catch (error) {
    if (error instanceof VersionConflict && no !== undefined) {
      await coop.media.deleteUnreferenced(stored()).catch(() => undefined);
      const current = await coop.content.get(no);
      if (!current) throw new Response(CONTENT_TEXT.notFound, { status: 404 });
      return json<ContentActionData>(
        {
          values,
          errors: { form: HISTORY_TEXT.conflict },
          conflict: {
            version: current.version,
            title: current.title,
            excerpt: current.excerpt ?? '',
            body: current.bodyHtml,
            updatedBy: current.updatedBy,
            updatedAt: current.updatedAt,
            titleDiff: textDiff(current.title, values.title),
            bodyDiff: textDiff(current.bodyHtml, draft.bodyHtml),
          },
        },
        { status: 409, headers: PRIVATE_NO_STORE },
      );
    }
    if (isDiskFull(error)) return diskFull(error);
    await coop.media.deleteUnreferenced(stored()).catch(() => undefined);
    throw error;
  }
  if (saved === null) {
    await coop.media.deleteUnreferenced(stored());
    throw new Response(CONTENT_TEXT.notFound, { status: 404 });
  }
  // Saved: what follows tidies up and tells others, and must not turn the answer into a failure.
  await coop.media
    .deleteUnreferenced([oldCover])
    .catch((error: unknown) => log.error('old cover not removed', { error: String(error) }));
  await staffAudit(request, user, no === undefined ? 'content_create' : 'content_update', {
    target: `content ${saved}`,
  });
  // Every stored upload is on record: who, which item, which file (ADR 121).
  for (const [role, media] of [
    ['cover', cover],
    ['attachment', attachment],
  ] as const) {
    const stored = media as StoredMedia | null;
    if (stored)
      await staffAudit(request, user, 'content_upload', { target: `content ${saved} ${role} ${stored.file}` });
  }
  await contentChanged().catch((error: unknown) => log.error('content change not signalled', { error: String(error) }));
  return redirectWithNotice(`/staff/content/${saved}`, no === undefined ? CONTENT_TEXT.created : CONTENT_TEXT.saved);
}

/**
 * The form this editor's browser kept when they posted it after their session had ended (ADR 116),
 * as the form's values, taken once; null when there is none.
 */
export async function restoredFormValues(
  request: Request,
  user: StaffUser,
  categories: readonly StaffCategory[],
): Promise<ContentFormValues | null> {
  const { own } = await staffStore();
  const kept = await own.handoffs.takeKeptForm(request, { staffId: user.id, path: new URL(request.url).pathname });
  return kept ? parseDraft(kept, categories).values : null;
}

/** `:no` of a staff content path, or a 404. */
export function itemNumber(param: string | undefined): number {
  if (!param || !/^[1-9]\d{0,9}$/.test(param) || Number(param) > 2_147_483_647) {
    throw new Response(CONTENT_TEXT.notFound, { status: 404 });
  }
  return Number(param);
}

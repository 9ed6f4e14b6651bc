import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from '@remix-run/node';
import { json, redirect } from '@remix-run/node';
import { Form, useActionData, useLoaderData, useNavigation } from '@remix-run/react';
import { lazy, Suspense, useEffect, useState, type ChangeEvent, type FormEvent } from 'react';

import { ErrorSummary, type SummaryItem } from '~/components/error-summary';
import { FieldShell } from '~/components/field-shell';
import { ProfilePhoto } from '~/components/member/profile-photo';
import { titleFor } from '~/lib/meta';
import { DISK_FULL_MESSAGE } from '~/lib/messages';
import { CROP_FIELDS, PHOTO_ACCEPT, PHOTO_MESSAGES, type CropArea } from '~/lib/photo';
import { formatSizeLimit } from '~/lib/thai-format';
import { app } from '~/server/app.server';
import { audit } from '~/server/audit.server';
import { requireMember } from '~/server/auth/auth.server';
import { setFlash } from '~/server/flash.server';
import { PhotoError, processPhoto } from '~/server/member/photo.server';
import { readPhotoUpload } from '~/server/member/photo-upload.server';
import { countPhotoUpload } from '~/server/member/photo-limit.server';
import { isDiskFull, reportDiskFull } from '~/server/ops/disk-full.server';
import type { RouteHandle } from '~/root';

// Loaded on demand: the cropper's code is fetched only after a member picks a file.
const PhotoCropper = lazy(() => import('~/components/member/photo-cropper'));

const FIELD_ID = 'photo-image';

export async function loader({ request, context }: LoaderFunctionArgs) {
  const member = await requireMember(request, context);
  const { backend, env } = await app();
  const info = await backend.getMemberPhotoInfo(member.credentials);
  return json({ version: info ? info.updatedAt.getTime() : null, maxBytes: env.PHOTO_MAX_BYTES });
}

export async function action({ request, context }: ActionFunctionArgs) {
  const member = await requireMember(request, context);
  const { backend, env } = await app();
  const fail = (error: { field?: string; form?: string }, status: number) => {
    context.formErrors = true;
    return json({ ...error, attempt: Date.now() }, { status });
  };

  // Nothing could be stored for a full disk: said as that, not "cannot connect" (ADR 098).
  const diskFull = (error: unknown) => {
    reportDiskFull('photo upload', error);
    return fail({ form: DISK_FULL_MESSAGE }, 503);
  };

  // On a refusal the body is left unread: the edge throws it away after the answer.
  let limit;
  try {
    limit = await countPhotoUpload(member.membershipNo);
  } catch (error) {
    if (!isDiskFull(error)) throw error;
    return diskFull(error);
  }
  if (!limit.ok) return fail({ form: PHOTO_MESSAGES.tooMany(limit.minutes) }, 429);

  const upload = await readPhotoUpload(request, env.PHOTO_MAX_BYTES);
  if (!upload.ok) {
    return upload.problem === 'too_large'
      ? fail({ field: PHOTO_MESSAGES.tooLarge(env.PHOTO_MAX_BYTES) }, 413)
      : fail({ field: PHOTO_MESSAGES.required }, 400);
  }
  if (!upload.image) return fail({ field: PHOTO_MESSAGES.required }, 400);

  let jpeg: Uint8Array;
  try {
    jpeg = await processPhoto(upload.image, upload.crop);
  } catch (error) {
    if (!(error instanceof PhotoError)) throw error;
    if (error.problem === 'busy') return fail({ form: PHOTO_MESSAGES.busy }, 503);
    const message = {
      type: PHOTO_MESSAGES.wrongType,
      unreadable: PHOTO_MESSAGES.unreadable,
      dimensions: PHOTO_MESSAGES.dimensions,
    }[error.problem];
    return fail({ field: message }, error.problem === 'type' ? 415 : 400);
  }
  try {
    await backend.setMemberPhoto(member.credentials, jpeg);
  } catch (error) {
    if (!isDiskFull(error)) throw error;
    return diskFull(error);
  }
  await audit('photo_changed', {
    membershipNo: member.membershipNo,
    ip: context.clientAddress,
    detail: upload.crop ? 'cropped' : 'centred',
  });
  return redirect('/member/photo', {
    headers: { 'Set-Cookie': await setFlash({ kind: 'success', text: PHOTO_MESSAGES.saved }) },
  });
}

/** This page hydrates: the cropper is React (ADR 085). */
export const handle: RouteHandle = { hydrate: true };

export const meta: MetaFunction = (args) => [titleFor(args, PHOTO_MESSAGES.title)];

export default function PhotoPage() {
  const { version, maxBytes } = useLoaderData<typeof loader>();
  return (
    <>
      <h1>{PHOTO_MESSAGES.title}</h1>
      <section className="panel photo-current" aria-labelledby="photo-current-title">
        <h2 id="photo-current-title">รูปปัจจุบัน</h2>
        <ProfilePhoto version={version} size={128} alt="รูปโปรไฟล์ปัจจุบันของท่าน" />
      </section>
      {/* A new photo (a new version) starts a fresh form: no file, no cropper. */}
      <PhotoForm key={version ?? 'none'} maxBytes={maxBytes} />
    </>
  );
}

function PhotoForm({ maxBytes }: { maxBytes: number }) {
  const actionData = useActionData<typeof action>();
  const navigation = useNavigation();
  const submitting = navigation.state === 'submitting';
  const [preview, setPreview] = useState<string | null>(null);
  const [crop, setCrop] = useState<CropArea | null>(null);
  // Scripts on: what the browser can tell before sending megabytes over a slow link (the server checks anyway).
  const [clientError, setClientError] = useState<string | null>(null);

  useEffect(() => (preview ? () => URL.revokeObjectURL(preview) : undefined), [preview]);

  // Choosing another file clears the answer to the previous one.
  const [answered, setAnswered] = useState<number | null>(null);
  const fresh = actionData && actionData.attempt !== answered ? actionData : undefined;
  const fieldError = clientError ?? fresh?.field;
  const items: SummaryItem[] = [
    ...(fieldError ? [{ fieldId: FIELD_ID, message: fieldError }] : []),
    ...(fresh?.form ? [{ message: fresh.form }] : []),
  ];

  function onFile(event: ChangeEvent<HTMLInputElement>) {
    const file = event.currentTarget.files?.[0];
    const tooLarge = Boolean(file && file.size > maxBytes);
    setCrop(null);
    setAnswered(actionData?.attempt ?? null);
    setClientError(tooLarge ? PHOTO_MESSAGES.tooLarge(maxBytes) : null);
    setPreview(file && !tooLarge ? URL.createObjectURL(file) : null);
  }

  function onUnreadable() {
    setPreview(null);
    setClientError(PHOTO_MESSAGES.wrongType);
  }

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    if (clientError) event.preventDefault();
  }

  return (
    <>
      <ErrorSummary key={`${actionData?.attempt ?? 0}-${clientError}`} items={items} />
      <Form method="post" encType="multipart/form-data" className="stack panel" onSubmit={onSubmit}>
        <FieldShell
          id={FIELD_ID}
          label={PHOTO_MESSAGES.choose}
          hint={
            <>
              ไฟล์ JPEG, PNG หรือ WebP ขนาดไม่เกิน {formatSizeLimit(maxBytes)} ระบบจะตัดรูปเป็นสี่เหลี่ยมจัตุรัสตรงกลางให้
              หรือเลือกส่วนที่ต้องการเองได้หลังเลือกไฟล์
            </>
          }
          error={fieldError}
        >
          {(control) => <input {...control} type="file" name="image" accept={PHOTO_ACCEPT} onChange={onFile} />}
        </FieldShell>
        {preview ? (
          <Suspense fallback={<p className="field__hint">กำลังเตรียมเครื่องมือตัดรูป…</p>}>
            <PhotoCropper src={preview} onCrop={setCrop} onUnreadable={onUnreadable} />
          </Suspense>
        ) : null}
        {crop ? (
          <>
            <input type="hidden" name={CROP_FIELDS.x} value={Math.round(crop.x)} />
            <input type="hidden" name={CROP_FIELDS.y} value={Math.round(crop.y)} />
            <input type="hidden" name={CROP_FIELDS.width} value={Math.round(crop.width)} />
            <input type="hidden" name={CROP_FIELDS.height} value={Math.round(crop.height)} />
          </>
        ) : null}
        <button type="submit" className="button" disabled={submitting} aria-busy={submitting || undefined}>
          {submitting ? <span className="spinner" aria-hidden="true" /> : null}
          {PHOTO_MESSAGES.save}
        </button>
      </Form>
    </>
  );
}

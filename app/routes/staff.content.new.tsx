import type { ActionFunctionArgs, LinksFunction, LoaderFunctionArgs, MetaFunction } from '@remix-run/node';
import { json } from '@remix-run/node';
import { useActionData, useLoaderData } from '@remix-run/react';

import { ContentForm } from '~/components/staff/content-form';
import { ContentNav } from '~/components/staff/content-nav';
import { UnsavedPreview } from '~/components/staff/content-preview';
import { titleFor } from '~/lib/meta';
import { CONTENT_TEXT as T } from '~/lib/staff-content';
import { formatSizeLimit } from '~/lib/thai-format';
import { env } from '~/server/env.server';
import { formValuesOf } from '~/server/staff/content.server';
import {
  contentUploadCeiling,
  refuseInHttpMode,
  restoredFormValues,
  submitContentForm,
  type ContentActionData,
} from '~/server/staff/content-submit.server';
import { requireStaff } from '~/server/staff/guard.server';
import contentStyles from '~/styles/staff-content.css';
import { contentFilesMax } from '~/lib/content-upload';
import { PRIVATE_NO_STORE } from '~/server/http/responses.server';
import { newIdempotencyKey } from '~/server/idempotency.server';

export const links: LinksFunction = () => [{ rel: 'stylesheet', href: contentStyles }];

/** A new content item (a draft until published). `?category=banner` preselects the category. */
export async function loader({ request }: LoaderFunctionArgs) {
  const user = await requireStaff(request, 'editor');
  const coop = await refuseInHttpMode();
  const config = env();
  const categories = await coop.content.categories();
  const wanted = new URL(request.url).searchParams.get('category') ?? '';
  const values = formValuesOf(null);
  if (categories.some((c) => c.code === wanted)) values.category = wanted;
  // What the editor posted after their session ended comes back once (ADR 116).
  const restored = await restoredFormValues(request, user, categories);
  return json(
    {
      categories: categories.map((c) => ({ code: c.code, label: c.label })),
      values: restored ?? values,
      restored: restored !== null,
      // One key per rendering of the form: the same form sent twice (a double click, a resend after a
      // lost answer) creates one item.
      formKey: newIdempotencyKey(),
      sizeLimit: formatSizeLimit(config.PHOTO_MAX_BYTES),
      upload: {
        maxBytes: contentUploadCeiling(config.PHOTO_MAX_BYTES),
        limit: formatSizeLimit(contentFilesMax(config.PHOTO_MAX_BYTES)),
      },
    },
    { headers: PRIVATE_NO_STORE },
  );
}

export async function action({ request }: ActionFunctionArgs) {
  const user = await requireStaff(request, 'editor');
  return submitContentForm(request, user);
}

export const meta: MetaFunction = (args) => [titleFor(args, T.newItem)];

export default function NewContent() {
  const data = useLoaderData<typeof loader>();
  const result = useActionData<ContentActionData>();
  if (result?.preview) return <UnsavedPreview item={result.preview} />;
  return (
    <>
      <ContentNav current="content" />
      <h1>{T.newItem}</h1>
      <ContentForm
        action="/staff/content/new"
        categories={data.categories}
        values={result?.values ?? data.values}
        errors={result?.errors ?? {}}
        coverUrl={null}
        sizeLimit={data.sizeLimit}
        upload={data.upload}
        restored={data.restored && !result}
        submitLabel="บันทึกเป็นฉบับร่าง"
        formKey={data.formKey}
      />
    </>
  );
}

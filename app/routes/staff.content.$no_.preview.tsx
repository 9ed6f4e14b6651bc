import type { LinksFunction, LoaderFunctionArgs, MetaFunction } from '@remix-run/node';
import { json } from '@remix-run/node';
import { useLoaderData } from '@remix-run/react';

import { ContentNav } from '~/components/staff/content-nav';
import { ContentPreview } from '~/components/staff/content-preview';
import { titleFor } from '~/lib/meta';
import { CONTENT_TEXT as T } from '~/lib/staff-content';
import { itemView } from '~/server/content/content-view.server';
import { contentImages } from '~/server/content/media.server';
import { editorOnItem } from '~/server/staff/content-submit.server';
import contentStyles from '~/styles/staff-content.css';
import { PRIVATE_NO_STORE } from '~/server/http/responses.server';

export const links: LinksFunction = () => [{ rel: 'stylesheet', href: contentStyles }];

/** The item as its public page will show it (the same view and sanitising), published or not. */
export async function loader({ request, params }: LoaderFunctionArgs) {
  const { coop, no } = await editorOnItem(request, params.no);
  const item = await coop.content.preview(no);
  if (!item) throw new Response(T.notFound, { status: 404 });
  return json(await itemView(item, contentImages()), { headers: PRIVATE_NO_STORE });
}

export const meta: MetaFunction<typeof loader> = (args) => [
  titleFor(args, args.data ? `${T.preview}: ${args.data.title}` : T.preview),
];

export default function PreviewContent() {
  const item = useLoaderData<typeof loader>();
  return (
    <>
      <ContentNav current="content" />
      <ContentPreview
        item={item}
        notice={
          <p>
            {T.preview} · <a href={`/staff/content/${item.no}`}>กลับไปแก้ไข</a>
          </p>
        }
      />
    </>
  );
}

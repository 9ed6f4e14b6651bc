import type { LoaderFunctionArgs, MetaFunction } from '@remix-run/node';
import { json } from '@remix-run/node';
import { useLoaderData } from '@remix-run/react';

import { CollectionPage } from '~/components/member/collections';
import { KeyFigures } from '~/components/member/data';
import { titleFor } from '~/lib/meta';
import { requireMember } from '~/server/auth/auth.server';
import { collectionPage } from '~/server/member/collection-page.server';

const TITLE = 'รายการเรียกเก็บประจำเดือน';

export async function loader({ request, context }: LoaderFunctionArgs) {
  const member = await requireMember(request, context);
  return json(await collectionPage(member, new URL(request.url), 'kep'));
}

export const meta: MetaFunction = (args) => [titleFor(args, TITLE)];

export default function KepPage() {
  const data = useLoaderData<typeof loader>();
  const latest = data.page === 1 ? data.months[0] : undefined;
  return (
    <CollectionPage
      {...data}
      title={TITLE}
      idPrefix="kep"
      printBase="/member/kep"
      before={
        latest ? (
          <KeyFigures label="รายการเรียกเก็บเดือนล่าสุด" items={[[`ยอดเรียกเก็บ ${latest.month}`, `${latest.billed} บาท`]]} />
        ) : null
      }
      after={
        <p>
          ดูเพิ่มเติม: <a href="/member/kepcrem">รายการเรียกเก็บสมาคมฌาปนกิจ</a>
        </p>
      }
    />
  );
}

import type { LoaderFunctionArgs, MetaFunction } from '@remix-run/node';
import { json } from '@remix-run/node';
import { useLoaderData } from '@remix-run/react';

import { CollectionList } from '~/components/member/collections';
import { KeyFigures, Pager } from '~/components/member/data';
import { titleFor } from '~/lib/meta';
import { usePageHref } from '~/lib/statement';
import { requireMember } from '~/server/auth/auth.server';
import { collectionPage } from '~/server/member/collection-page.server';

export async function loader({ request, context }: LoaderFunctionArgs) {
  const member = await requireMember(request, context);
  return json(await collectionPage(member, new URL(request.url), 'kep'));
}

export const meta: MetaFunction = (args) => [titleFor(args, 'รายการเรียกเก็บประจำเดือน')];

export default function KepPage() {
  const { months, page, pages } = useLoaderData<typeof loader>();
  const hrefFor = usePageHref();
  return (
    <>
      <h1>รายการเรียกเก็บประจำเดือน</h1>
      {page === 1 && months[0] ? (
        <KeyFigures
          label="รายการเรียกเก็บเดือนล่าสุด"
          items={[[`ยอดเรียกเก็บ ${months[0].month}`, `${months[0].billed} บาท`]]}
        />
      ) : null}
      <CollectionList months={months} idPrefix="kep" printBase="/member/kep" />
      <Pager page={page} pages={pages} hrefFor={hrefFor} label="เลขหน้ารายการเรียกเก็บประจำเดือน" />
      <p>
        ดูเพิ่มเติม:{' '}
        <a href="/member/kepcrem">
          รายการเรียกเก็บสมาคมฌาปนกิจ
        </a>
      </p>
    </>
  );
}

import type { LoaderFunctionArgs, MetaFunction } from '@remix-run/node';
import { json } from '@remix-run/node';
import { useLoaderData } from '@remix-run/react';

import { CollectionList } from '~/components/member/collections';
import { Pager } from '~/components/member/data';
import { titleFor } from '~/lib/meta';
import { usePageHref } from '~/lib/statement';
import { app } from '~/server/app.server';
import { requireMember } from '~/server/auth/auth.server';
import { collectionPage } from '~/server/member/collection-page.server';
import { notFoundUnless } from '~/server/http/responses.server';

export async function loader({ request, context }: LoaderFunctionArgs) {
  const member = await requireMember(request, context);
  const { backend } = await app();
  // Not part of this deployment (http mode, ADR 018): not found, rather than "cannot connect".
  notFoundUnless(backend.offers.cremationBill);
  return json(await collectionPage(member, new URL(request.url), 'crem'));
}

export const meta: MetaFunction = (args) => [titleFor(args, 'รายการเรียกเก็บสมาคมฌาปนกิจ')];

export default function KepCremPage() {
  const { months, page, pages } = useLoaderData<typeof loader>();
  const hrefFor = usePageHref();
  return (
    <>
      <h1>รายการเรียกเก็บสมาคมฌาปนกิจ</h1>
      <CollectionList months={months} idPrefix="kepcrem" />
      <Pager page={page} pages={pages} hrefFor={hrefFor} label="เลขหน้ารายการเรียกเก็บสมาคมฌาปนกิจ" />
    </>
  );
}

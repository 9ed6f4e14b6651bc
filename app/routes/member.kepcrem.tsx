import type { LoaderFunctionArgs, MetaFunction } from '@remix-run/node';
import { json } from '@remix-run/node';
import { useLoaderData } from '@remix-run/react';

import { CollectionList, collectionView } from '~/components/member/collections';
import { titleFor } from '~/lib/meta';
import { app } from '~/server/app.server';
import { requireMember } from '~/server/auth.server';

export async function loader({ request }: LoaderFunctionArgs) {
  const member = await requireMember(request);
  const { backend } = await app();
  // Not part of this deployment (http mode, ADR 018): not found, rather than "cannot connect".
  if (!backend.offers.cremationBill) throw new Response('Not Found', { status: 404 });
  const months = await backend.getCollections(member.credentials, 'crem');
  return json({ months: months.map(collectionView) }, { headers: { 'Cache-Control': 'private, no-store' } });
}

export const meta: MetaFunction = (args) => [titleFor(args, 'รายการเรียกเก็บสมาคมฌาปนกิจ')];

export default function KepCremPage() {
  const { months } = useLoaderData<typeof loader>();
  return (
    <>
      <h1>รายการเรียกเก็บสมาคมฌาปนกิจ</h1>
      <CollectionList months={months} idPrefix="kepcrem" />
    </>
  );
}

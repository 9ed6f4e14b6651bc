import type { LoaderFunctionArgs, MetaFunction } from '@remix-run/node';
import { json } from '@remix-run/node';
import { useLoaderData } from '@remix-run/react';

import { CollectionPage } from '~/components/member/collections';
import { titleFor } from '~/lib/meta';
import { app } from '~/server/app.server';
import { requireMember } from '~/server/auth/auth.server';
import { collectionPage } from '~/server/member/collection-page.server';
import { notFoundUnless } from '~/server/http/responses.server';

const TITLE = 'รายการเรียกเก็บสมาคมฌาปนกิจ';

export async function loader({ request, context }: LoaderFunctionArgs) {
  const member = await requireMember(request, context);
  const { backend } = await app();
  // Not part of this deployment (http mode, ADR 018): not found, rather than "cannot connect".
  notFoundUnless(backend.offers.cremationBill);
  return json(await collectionPage(member, new URL(request.url), 'crem'));
}

export const meta: MetaFunction = (args) => [titleFor(args, TITLE)];

export default function KepCremPage() {
  return <CollectionPage {...useLoaderData<typeof loader>()} title={TITLE} idPrefix="kepcrem" />;
}

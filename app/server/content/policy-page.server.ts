import { type AppLoadContext, json } from '@remix-run/node';

import { formatDate } from '~/lib/thai-format';

import { app } from '../app.server';
import { itemView } from './content-view.server';
import type { PolicyKind } from '../coop/types';
import { contentImages } from './media.server';
import { dataAsOf } from '../http/request-context.server';

/** Loader of the two policy pages linked from the cookie banner; 404 when none is published. */
export async function loadPolicy<Extra extends object = object>(
  kind: PolicyKind,
  context: Pick<AppLoadContext, 'staleSince'>,
  extra: Extra = {} as Extra,
) {
  const { backend } = await app();
  const item = await backend.getPolicy(kind);
  if (!item) throw json(null, { status: 404 });
  const view = await itemView(item, contentImages());
  return json({
    dataAsOf: dataAsOf(context),
    title: view.title,
    bodyHtml: view.bodyHtml,
    updated: formatDate(item.postedAt, 'long'),
    updatedIso: view.postedIso,
    description: view.description,
    ...extra,
  });
}

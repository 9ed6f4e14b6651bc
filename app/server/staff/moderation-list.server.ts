import { json, type TypedResponse } from '@remix-run/node';

import { parseListPage } from '~/lib/forms/board';
import { pageCount } from '~/lib/forms/statement-query';

import { requireStaff } from './guard.server';
import type { Paged } from './moderation.server';
import { staffStore, type StaffCoopStore } from './store.server';
import { PRIVATE_NO_STORE } from '../http/responses.server';

/** What a moderation list page gets: in http mode only that the core owns the board. */
export type ModerationListData<View> =
  { ownDataOnly: true } | { ownDataOnly: false; page: number; pages: number; total: number; rows: View[] };

/**
 * The loader of a moderator's list page (ADR 062): a moderator only; in http mode, where the core
 * owns the board (the staff store has no `coop`), nothing but that fact; otherwise the page `?page=` asks for (404 past the last),
 * each row shaped for the page by `view`. Never kept by a shared cache.
 */
export async function moderationList<Row, View>(
  request: Request,
  list: (coop: StaffCoopStore, page: number) => Promise<Paged<Row>>,
  view: (row: Row) => View,
): Promise<TypedResponse<ModerationListData<View>>> {
  await requireStaff(request, 'moderator');
  const { coop } = await staffStore();
  if (!coop) return json({ ownDataOnly: true as const }, { headers: PRIVATE_NO_STORE });
  const page = parseListPage(new URL(request.url));
  const found = await list(coop, page);
  const pages = pageCount(found.total, found.pageSize);
  if (page > pages) throw new Response('Not Found', { status: 404 });
  return json(
    { ownDataOnly: false as const, page, pages, total: found.total, rows: found.rows.map(view) },
    { headers: PRIVATE_NO_STORE },
  );
}

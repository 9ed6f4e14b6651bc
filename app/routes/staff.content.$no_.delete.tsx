import type { ActionFunctionArgs } from '@remix-run/node';

import { CONTENT_TEXT as T } from '~/lib/staff-content';
import { HISTORY_TEXT as H } from '~/lib/staff-history-text';
import { editorOnItem, redirectWithNotice, visitGoesToItem } from '~/server/staff/content-submit.server';
import { staffAudit } from '~/server/staff/guard.server';
import { contentChanged } from '~/server/staff/public-cache.server';
import { resourceRoute } from '~/server/errors.server';

/** Only a form posts here; a visit goes to the item's page. */
export const loader = visitGoesToItem;

/**
 * Move an item to the trash (ADR 118): it leaves the public pages, lists, the home page and search at
 * once (this instance's caches are told); the trash restores it for 30 days. No question first: the
 * trash is the undo.
 */
export const action = resourceRoute(async ({ request, params }: ActionFunctionArgs) => {
  const { user, coop, no } = await editorOnItem(request, params.no);
  const item = await coop.content.get(no);
  if (!item || !(await coop.content.trash(no, user.username))) {
    return redirectWithNotice('/staff/content', T.notFound, 'error');
  }
  await staffAudit(request, user, 'content_trash', { target: `content ${no}` });
  await contentChanged();
  return redirectWithNotice('/staff/content', H.trashed(item.title));
});

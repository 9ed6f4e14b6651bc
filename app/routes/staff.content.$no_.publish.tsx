import type { ActionFunctionArgs } from '@remix-run/node';

import { CONTENT_TEXT as T } from '~/lib/staff-content';
import { env } from '~/server/env.server';
import { log } from '~/server/log.server';
import { pushTrigger } from '~/server/content/push.server';
import { formatDateTime } from '~/lib/thai-format';
import { altTextProblems } from '~/server/staff/content.server';
import { editorOnItem, redirectWithNotice, visitGoesToItem } from '~/server/staff/content-submit.server';
import { staffAudit } from '~/server/staff/guard.server';
import { contentChanged } from '~/server/staff/public-cache.server';
import { resourceRoute } from '~/server/errors.server';

/** Only a form posts here; a visit goes to the item's page. */
export const loader = visitGoesToItem;

/**
 * Publish (optionally announced over the push channel) or unpublish an item. The change is visible on
 * this instance at once (its caches are told) and on the others within their cache lifetimes. An item
 * whose publish time is still to come is scheduled: it shows from that time (ADR 120), and is not
 * announced now. Pictures without alternative text keep an item from being published (ADR 121).
 */
export const action = resourceRoute(async ({ request, params }: ActionFunctionArgs) => {
  const { user, coop, no } = await editorOnItem(request, params.no);
  const form = await request.formData();
  const publish = form.get('intent') === 'publish';
  const back = `/staff/content/${no}`;
  const item = await coop.content.get(no);
  if (!item) throw new Response(T.notFound, { status: 404 });
  if (publish) {
    // The item's page lists what is missing, under its state.
    if (altTextProblems(item).length) return redirectWithNotice(back, T.altMissing, 'error');
  }
  const result = await coop.content.setPublished(no, publish, user.username);
  if (result === null) throw new Response(T.notFound, { status: 404 });
  await staffAudit(request, user, publish ? 'content_publish' : 'content_unpublish', { target: `content ${no}` });
  await contentChanged();
  if (result === true) return redirectWithNotice(back, T.unpublished);
  if (item.postedAt > Date.now()) {
    const when = formatDateTime(item.postedAt, 'long');
    return redirectWithNotice(
      back,
      form.get('announce') === '1' ? T.scheduledNoAnnounce(when) : T.scheduledNotice(when),
    );
  }
  if (form.get('announce') !== '1') return redirectWithNotice(back, T.publishedNotice);
  const trigger = pushTrigger(env());
  if (!trigger) return redirectWithNotice(back, T.announceOff, 'info');
  try {
    await trigger.send(result);
  } catch (error) {
    log.warn('content announcement failed', { error: error instanceof Error ? error.message : String(error) });
    return redirectWithNotice(back, T.announceFailed, 'error');
  }
  await staffAudit(request, user, 'content_announce', { target: `content ${no}` });
  return redirectWithNotice(back, T.announced);
});

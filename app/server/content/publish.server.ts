import { truncate } from '~/lib/thai-format';

import { indexContentItem } from '../coop/embedded-search.server';
import type { Db } from '../db/index.server';
import type { DesktopNotification } from './push.server';
import { richTextToPlain } from './sanitize.server';

/**
 * Publishing a content item in the embedded store (ADR 020): it becomes visible (`disabled = 0`)
 * and indexed for the site search, and its announcement is returned for `desktopNotify`: the title, a plain-text excerpt of the body,
 * and the content number as the url (the browser opens `/show/{url}`). Null if there is no such item.
 */
export async function publishContentItem(db: Db, no: number): Promise<DesktopNotification | null> {
  const item = await db
    .selectFrom('content_items')
    .select(['no', 'title', 'body_html'])
    .where('no', '=', no)
    .executeTakeFirst();
  if (!item) return null;
  await db.updateTable('content_items').set({ disabled: 0 }).where('no', '=', no).execute();
  // The item may have come in without going through the editor (an import, SQL): the site search
  // finds it from now on, however it was added.
  await indexContentItem(db, no);
  return announcementFor(item);
}

/** The `desktopNotify` payload of an item: plain text only (the browser shows it as it is). */
export function announcementFor(item: { no: number; title: string; body_html: string }): DesktopNotification {
  return {
    title: truncate(item.title.replace(/\s+/g, ' ').trim(), 120),
    body: truncate(richTextToPlain(item.body_html), 200),
    url: String(item.no),
  };
}

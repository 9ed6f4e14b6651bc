import type { Insertable } from 'kysely';

import type { ContentItemsTable } from '../../app/server/db/schema';

/**
 * A content item for tests (e2e and the publish CLI's) to insert with Kysely: a draft with its category,
 * title and body, posted now, with no author, picture, file or video; any field replaced by `values`.
 * Plain module (no Playwright), so a vitest file can import it too.
 */
export function draftRow(
  values: Pick<ContentItemsTable, 'category' | 'title' | 'body_html'> & Partial<Insertable<ContentItemsTable>>,
): Insertable<ContentItemsTable> {
  return {
    author: null,
    posted_at: Date.now(),
    event_date: null,
    cover_image: null,
    attachment: null,
    video_url: null,
    pageview: 0,
    disabled: 1,
    sort: 0,
    ...values,
  };
}

/** For tests (unit, e2e, the CLIs') that write content items straight into a store. */
import type { Insertable } from 'kysely';

import type { ContentItemsTable } from '../db/schema';

type ContentItemRow = Insertable<ContentItemsTable>;

/**
 * A `content_items` row with the columns a test names; the others as a plain published item has them
 * (no author, event date, cover, attachment or video; never read; not sorted; not disabled).
 */
export const contentItem = (
  row: Pick<ContentItemRow, 'category' | 'title' | 'body_html' | 'posted_at'> & Partial<ContentItemRow>,
): ContentItemRow => ({
  author: null,
  event_date: null,
  cover_image: null,
  attachment: null,
  video_url: null,
  pageview: 0,
  disabled: 0,
  sort: 0,
  ...row,
});

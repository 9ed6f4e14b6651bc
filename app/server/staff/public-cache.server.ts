import { contentImages } from '../content/media.server';
import { publicContentChanged } from '../content/public-content.server';

/**
 * After staff change content, the menu or the home page: this instance forgets its copies at once —
 * the page cache (server.js), the shared feeds (menu, footer, home), the last good answers and the
 * picture check's answers. Other instances forget theirs when their lifetimes run out
 * (PAGE_CACHE_SECONDS, FEED_CACHE_SECONDS; ADR 061).
 */
export function contentChanged(): void {
  publicContentChanged();
  contentImages().clear();
}

import type { ActionFunctionArgs } from '@remix-run/node';

import { hit } from '~/server/rate-limit.server';
import {
  embeddedBackend,
  field,
  methodNotAllowed,
  notFound,
  readBody,
  vendorJson,
} from '~/server/coop/vendor/api.server';
import { smartSearchBody } from '~/server/coop/vendor/info.server';
import { SEARCH_RESULT_LIMIT } from '~/server/coop/types';
import { SEARCH_LIMITS, queryError } from '~/server/search/search-view.server';

/** The most matches one answer lists: the best SMART_SEARCH_MAX_HITS, as the site's first pages show them. */
export const SMART_SEARCH_MAX_HITS = 5 * SEARCH_RESULT_LIMIT;

/**
 * Vendor API (ADR 019): `POST /api/info/list/smartsearch` with `{type: "search", search}`. The query
 * is checked as the site's search checks it (an invalid one finds nothing), and counted against the
 * same per-address limit: over it, HTTP 429. The vendor's answer has no pages, so it lists every match,
 * best first, up to SMART_SEARCH_MAX_HITS (a client pages them itself, as our http adapter does).
 */
export const loader = () => methodNotAllowed();

export async function action({ request, context }: ActionFunctionArgs) {
  const backend = await embeddedBackend();
  if (!backend) return notFound();
  const query = field(await readBody(request), 'search')
    .replace(/\s+/g, ' ')
    .trim();
  // No query, or one the site's search refuses: only the recommended links (nothing is counted).
  if (!query || queryError(query)) {
    const { recommended } = await backend.searchContent('');
    return vendorJson(smartSearchBody({ found: false, total: 0, hits: [], recommended }));
  }
  const now = Date.now();
  const limit = await hit(`search:address:${context.clientAddress ?? 'unknown'}`, SEARCH_LIMITS.windowMs, now);
  if (limit.count > SEARCH_LIMITS.perAddress) {
    return vendorJson({ code: 'CWL0429ERROR', message: 'Too Many Requests' }, 429);
  }
  const first = await backend.searchContent(query, 1);
  const hits = [...first.hits];
  const pages = Math.ceil(Math.min(first.total, SMART_SEARCH_MAX_HITS) / SEARCH_RESULT_LIMIT);
  for (let page = 2; page <= pages; page++) hits.push(...(await backend.searchContent(query, page)).hits);
  return vendorJson(smartSearchBody({ ...first, hits }));
}

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
import { SEARCH_LIMITS, queryError } from '~/server/search/search-view.server';

/**
 * Vendor API (ADR 019): `POST /api/info/list/smartsearch` with `{type: "search", search}`. The query
 * is checked as the site's search checks it (an invalid one finds nothing), and counted against the
 * same per-address limit: over it, HTTP 429.
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
  return vendorJson(smartSearchBody(await backend.searchContent(query)));
}

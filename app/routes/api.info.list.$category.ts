import type { LoaderFunctionArgs } from '@remix-run/node';

import { TERMS_CATEGORY } from '~/server/coop/embedded.server';
import { POLICY_CATEGORY } from '~/server/coop/embedded-content.server';
import type { ContentItem, PolicyKind } from '~/server/coop/types';
import { infoRoute, methodNotAllowed, pathOf, vendorJson, vendorPage } from '~/server/coop/vendor/api.server';
import { infoListBody, legalListBody, unknownListBody } from '~/server/coop/vendor/info.server';

/** Rows per page of the vendor's content lists (§2). */
const VENDOR_CONTENT_PAGE = 6;

/** A feed is read with GET: any other method is the vendor's 405, in JSON. */
export const action = () => methodNotAllowed();

/**
 * Vendor API (ADR 019): `GET /api/info/list/{category}?page=N`: a page of 6 items and the category's
 * facts. The legal texts (terms, policies) are categories at the vendor too: their newest item.
 */
export function loader({ request, params }: LoaderFunctionArgs) {
  return infoRoute(request, async (backend) => {
    const code = params.category ?? '';
    const policy = (Object.keys(POLICY_CATEGORY) as PolicyKind[]).find((k) => POLICY_CATEGORY[k] === code);
    if (policy || code === TERMS_CATEGORY) {
      let item: ContentItem | null;
      if (policy) item = await backend.getPolicy(policy);
      else {
        const terms = await backend.getTerms();
        item = terms && (await backend.getContentItem(terms.no));
      }
      return vendorJson(item ? legalListBody(item) : unknownListBody());
    }
    const topic = await backend.getTopicPage(code, { page: vendorPage(request), pageSize: VENDOR_CONTENT_PAGE });
    return vendorJson(topic ? infoListBody(topic.category, topic.items, pathOf(request)) : unknownListBody());
  });
}

import { hit } from '../../../rate-limit.server';
import { SEARCH_LIMITS, queryError } from '../../../search/search-view.server';
import { POLICY_CATEGORY } from '../../embedded-content.server';
import { TERMS_CATEGORY } from '../../embedded.server';
import { SEARCH_RESULT_LIMIT, type ContentItem, type PolicyKind } from '../../types';
import { embeddedBackend, field, infoRoute, notFound, pathOf, readBody, vendorJson, vendorPage } from '../api.server';
import type { Endpoint } from '../endpoints.server';
import {
  infoHomeBody,
  infoListBody,
  infoManuBody,
  infoShowBody,
  legalListBody,
  smartSearchBody,
  unknownListBody,
  unknownShowBody,
} from '../info.server';

/** Vendor API (ADR 019): `GET /api/info/home`: banners, the latest news and the activity pictures. */
export const home: Endpoint = {
  loader({ request }) {
    return infoRoute(request, async (backend) => vendorJson(infoHomeBody(await backend.getHomeContent())));
  },
};

/** Vendor API (ADR 019): `GET /api/info/manu`: the menu and the footer's phone numbers. */
export const manu: Endpoint = {
  loader({ request }) {
    return infoRoute(request, async (backend) => {
      const [menu, phones] = await Promise.all([backend.getMenu(), backend.getFooterPhones()]);
      return vendorJson(infoManuBody(menu, phones));
    });
  },
};

/** Rows per page of the vendor's content lists (§2). */
const VENDOR_CONTENT_PAGE = 6;

/**
 * Vendor API (ADR 019): `GET /api/info/list/{category}?page=N`: a page of 6 items and the category's
 * facts. The legal texts (terms, policies) are categories at the vendor too: their newest item.
 */
export const list: Endpoint = {
  loader({ request, params }) {
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
  },
};

/** The most matches one answer lists: the best SMART_SEARCH_MAX_HITS, as the site's first pages show them. */
export const SMART_SEARCH_MAX_HITS = 5 * SEARCH_RESULT_LIMIT;

/**
 * Vendor API (ADR 019): `POST /api/info/list/smartsearch` with `{type: "search", search}`. The query
 * is checked as the site's search checks it (an invalid one finds nothing), and counted against the
 * same per-address limit: over it, HTTP 429. The vendor's answer has no pages, so it lists every match,
 * best first, up to SMART_SEARCH_MAX_HITS (a client pages them itself, as our http adapter does).
 */
export const smartSearch: Endpoint = {
  async action({ request, context }) {
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
  },
};

/** Vendor API (ADR 019): `GET /api/info/show/{no}`: one published item, or `{show: null}`. */
export const show: Endpoint = {
  loader({ request, params }) {
    return infoRoute(request, async (backend) => {
      const no = /^\d{1,10}$/.test(params.no ?? '') ? Number(params.no) : 0;
      const item = no ? await backend.getContentItem(no) : null;
      return vendorJson(item ? infoShowBody(item) : unknownShowBody());
    });
  },
};

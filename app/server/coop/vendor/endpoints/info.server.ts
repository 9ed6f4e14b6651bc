import { SEARCH_TEXT } from '~/components/info/search';

import { hit } from '../../../rate-limit.server';
import { SEARCH_LIMITS, queryError } from '../../../search/search-view.server';
import { POLICY_CATEGORY } from '../../embedded-content.server';
import { TERMS_CATEGORY } from '../../embedded.server';
import { SEARCH_RESULT_LIMIT, type ContentItem, type PolicyKind } from '../../types';
import {
  embeddedBackend,
  field,
  infoRoute,
  methodNotAllowed,
  notFound,
  pathOf,
  readBody,
  vendorJson,
  vendorPage,
} from '../api.server';
import { tooManyBody } from '../board.server';
import type { Endpoint, EndpointArgs } from '../endpoints.server';
import {
  infoHomeBody,
  infoListBody,
  infoManuBody,
  infoShowBody,
  downloadListBody,
  legalListBody,
  searchListBody,
  smartSearchBody,
  unknownListBody,
  unknownShowBody,
} from '../info.server';
import { addressLimitKey } from '../../../auth/limit-address.server';

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
 * `POST /api/info/list/search` is the vendor's search (`searchList`); a POST to any other list is 405.
 */
export const list: Endpoint = {
  action(args) {
    return args.params.category === 'search' ? searchList(args) : methodNotAllowed();
  },
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

/** The most items `api/info/download` lists: pages of 100 of the topic, at most 10 of them. */
const DOWNLOAD_PAGE = 100;
const DOWNLOAD_MAX_PAGES = 10;

/**
 * Vendor API: `GET /api/info/download`, the vendor info client's downloads screen: every item of the
 * `download` topic (in its order, up to DOWNLOAD_PAGE × DOWNLOAD_MAX_PAGES) in `list_data.data`, not
 * paged, with the topic's facts; `unknownListBody` when there is no such topic.
 */
export const download: Endpoint = {
  loader({ request }) {
    return infoRoute(request, async (backend) => {
      const first = await backend.getTopicPage('download', { page: 1, pageSize: DOWNLOAD_PAGE });
      if (!first) return vendorJson(unknownListBody());
      const rows = [...first.items.rows];
      const pages = Math.min(Math.ceil(first.items.total / DOWNLOAD_PAGE), DOWNLOAD_MAX_PAGES);
      for (let page = 2; page <= pages; page++) {
        rows.push(...((await backend.getTopicPage('download', { page, pageSize: DOWNLOAD_PAGE }))?.items.rows ?? []));
      }
      return vendorJson(downloadListBody(first.category, rows));
    });
  },
};

/**
 * Vendor API: `GET /api/info/auth/is_admin`. The vendor's answer is whether its back office's admin
 * session comes along; the API knows no such session (staff moderate in our back office): false.
 */
export const isAdmin: Endpoint = {
  loader({ request }) {
    return infoRoute(request, async () => vendorJson({ is_admin: false }));
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
    const limit = await hit(addressLimitKey('search', context.clientAddress), SEARCH_LIMITS.windowMs, now);
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

/**
 * Vendor API (ADR 019): `POST /api/info/list/search` with `{search, type: "search", page}`, the
 * search of the vendor's info client (its list screen): a page of 6 matching items as whole content
 * rows in `list_data` (a paginator), `types: "การค้นหา"`. The page is the body's `page`, else the
 * query's, as Laravel's paginator reads either. The matches are the site search's, best first, the
 * same SMART_SEARCH_MAX_HITS as `smartsearch`, with its checks and its per-address limit (429). No
 * query, or one the site's search refuses, finds nothing.
 */
async function searchList({ request, context }: EndpointArgs): Promise<Response> {
  const backend = await embeddedBackend();
  if (!backend) return notFound();
  const body = await readBody(request);
  const query = field(body, 'search').replace(/\s+/g, ' ').trim();
  const asked = field(body, 'page');
  const page = /^\d{1,6}$/.test(asked) && Number(asked) >= 1 ? Number(asked) : vendorPage(request);
  const answer = (rows: ContentItem[], total: number) =>
    vendorJson(searchListBody({ rows, total, page, pageSize: VENDOR_CONTENT_PAGE }, pathOf(request)));
  if (!query || queryError(query)) return answer([], 0);
  const limit = await hit(addressLimitKey('search', context.clientAddress), SEARCH_LIMITS.windowMs, Date.now());
  if (limit.count > SEARCH_LIMITS.perAddress) {
    // Laravel's throttle answer, and the site's words in `error`, which the vendor's info client shows.
    const refused = vendorJson({ ...tooManyBody(), error: SEARCH_TEXT.tooMany }, 429);
    refused.headers.set('Retry-After', String(Math.ceil(SEARCH_LIMITS.windowMs / 1000)));
    return refused;
  }
  // The page's rows in the site search's pages of SEARCH_RESULT_LIMIT: one page, or the end of one
  // and the start of the next.
  const offset = (page - 1) * VENDOR_CONTENT_PAGE;
  const searchPage = Math.floor(offset / SEARCH_RESULT_LIMIT) + 1;
  const first = await backend.searchContent(query, searchPage);
  const total = Math.min(first.total, SMART_SEARCH_MAX_HITS);
  const end = Math.min(offset + VENDOR_CONTENT_PAGE, total);
  if (offset >= end) return answer([], total);
  const hits = first.hits.slice(offset % SEARCH_RESULT_LIMIT);
  if ((searchPage - 1) * SEARCH_RESULT_LIMIT + first.hits.length < end) {
    hits.push(...(await backend.searchContent(query, searchPage + 1)).hits);
  }
  const items = await Promise.all(hits.slice(0, end - offset).map((h) => backend.getContentItem(h.no)));
  return answer(
    items.filter((item): item is ContentItem => item !== null),
    total,
  );
}

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

import { useLocation } from '@remix-run/react';

import { pageHref, parseStatementQuery, STATEMENT_PAGE_SIZE } from './forms/statement-query';

/** The backend query and the filter form's state for a statement page's URL. */
export function statementRequest(url: URL) {
  const parsed = parseStatementQuery(url);
  const query = parsed.ok
    ? { from: parsed.value.from, to: parsed.value.to, page: parsed.value.page, pageSize: STATEMENT_PAGE_SIZE }
    : { page: 1, pageSize: STATEMENT_PAGE_SIZE };
  const filter = {
    fromText: parsed.ok ? parsed.value.fromText : parsed.fromText,
    toText: parsed.ok ? parsed.value.toText : parsed.toText,
    errors: parsed.ok ? undefined : parsed.errors,
    active: Boolean(parsed.ok && (parsed.value.from || parsed.value.to)),
  };
  return { query, filter };
}

/** `hrefFor(page)` for the current location, keeping the date filter. */
export function usePageHref(): (page: number) => string {
  const location = useLocation();
  const url = new URL(`${location.pathname}${location.search}`, 'http://sahakorn.invalid');
  return (page: number) => pageHref(url, page);
}

import { useLocation } from '@remix-run/react';

import { pageHref } from './forms/statement-query';

/** `hrefFor(page)` for the current location, keeping the date filter. */
export function usePageHref(): (page: number) => string {
  const location = useLocation();
  const url = new URL(`${location.pathname}${location.search}`, 'http://sahakorn.invalid');
  return (page: number) => pageHref(url, page);
}

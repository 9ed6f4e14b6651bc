import type { LoaderFunctionArgs } from '@remix-run/node';
import { renderToStaticMarkup } from 'react-dom/server';

import { SearchFragment } from '~/components/info/search';
import { StaleNotice } from '~/components/info/stale-notice';
import { dataAsOf } from '~/server/http/request-context.server';
import { searchRequest } from '~/server/search/search-view.server';

/**
 * `/search/fragment?q=…`: the search dialog's results as an HTML fragment, rendered by the same
 * components as the search page (React escapes every text). Fetched by the enhancement script.
 */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const { view, status, headers } = await searchRequest(request, context);
  // Results from a kept copy (ADR 021) say how old they are, and are not kept by caches.
  const since = dataAsOf(context);
  const html = renderToStaticMarkup(
    <>
      {/* After the results: the enhancement script reads the summary of the first element. */}
      <SearchFragment view={view} />
      {since ? <StaleNotice since={since} /> : null}
    </>,
  );
  return new Response(html, {
    status,
    headers: {
      ...headers,
      'Content-Type': 'text/html; charset=utf-8',
      'Cache-Control': status === 200 && !since ? 'public, max-age=60' : 'no-store',
      'X-Robots-Tag': 'noindex',
    },
  });
}

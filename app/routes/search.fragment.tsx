import type { LoaderFunctionArgs } from '@remix-run/node';
import { renderToStaticMarkup } from 'react-dom/server';

import { SearchFragment } from '~/components/info/search';
import { searchRequest } from '~/server/search/search-view.server';

/**
 * `/search/fragment?q=…`: the search dialog's results as an HTML fragment, rendered by the same
 * components as the search page (React escapes every text). Fetched by the enhancement script.
 */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const { view, status, headers } = await searchRequest(request, context);
  const html = renderToStaticMarkup(<SearchFragment view={view} />);
  return new Response(html, {
    status,
    headers: {
      ...headers,
      'Content-Type': 'text/html; charset=utf-8',
      'Cache-Control': status === 200 ? 'public, max-age=60' : 'no-store',
      'X-Robots-Tag': 'noindex',
    },
  });
}

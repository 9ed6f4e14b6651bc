import type { HeadersFunction, LoaderFunctionArgs, MetaFunction } from '@remix-run/node';
import { json } from '@remix-run/node';
import { useLoaderData } from '@remix-run/react';

import { ErrorSummary } from '~/components/forms';
import { pageTitle } from '~/lib/meta';
import { SEARCH_TEXT, SearchForm, SearchOutcome, quoted } from '~/components/info/search';
import { site } from '~/config/site';
import { dataAsOf } from '~/server/http/request-context.server';
import { searchRequest } from '~/server/search/search-view.server';

/** `/search?q=…`: the site search without JavaScript (spec §2); the dialog shows the same results. */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const { view, status, headers } = await searchRequest(request, context);
  return json({ ...view, dataAsOf: dataAsOf(context) }, { status, headers });
}

export const headers: HeadersFunction = ({ loaderHeaders }) => {
  const out = new Headers();
  const retryAfter = loaderHeaders.get('Retry-After');
  if (retryAfter) out.set('Retry-After', retryAfter);
  return out;
};

export const meta: MetaFunction<typeof loader> = ({ data }) => {
  const text = data?.result ? `${SEARCH_TEXT.results} ${quoted(data.query)}` : SEARCH_TEXT.title;
  return [
    { title: pageTitle(`${text} | ${site.shortNameTh}`, Boolean(data?.error)) },
    { name: 'robots', content: 'noindex' },
  ];
};

export default function SearchPage() {
  const view = useLoaderData<typeof loader>();
  return (
    <div className="search-page">
      <h1>{SEARCH_TEXT.title}</h1>
      {view.error ? (
        <ErrorSummary
          items={[{ fieldId: view.error === SEARCH_TEXT.tooMany ? undefined : 'search-page-q', message: view.error }]}
        />
      ) : null}
      <SearchForm idPrefix="search-page" query={view.query} error={view.error} />
      <SearchOutcome view={view} idPrefix="search-page" />
    </div>
  );
}

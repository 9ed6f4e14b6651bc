import type { MetaFunction } from '@remix-run/node';
import { json } from '@remix-run/node';

import { NOT_FOUND_TITLE, NotFoundPage } from '~/components/error-pages';

/** Any path no other route matches: the not-found page with HTTP 404. */
export function loader() {
  return json(null, { status: 404 });
}

export const meta: MetaFunction = () => [{ title: NOT_FOUND_TITLE }];

export default function NotFound() {
  return <NotFoundPage />;
}

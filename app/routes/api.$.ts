import type { ActionFunctionArgs, LoaderFunctionArgs } from '@remix-run/node';

import { callEndpoint } from '~/server/coop/vendor/endpoints.server';

/**
 * The vendor API (ADR 019): every path under `/api/`, in any method, through one resource route
 * (ADR 079) that hands the request to the endpoint its path names
 * (`app/server/coop/vendor/endpoints.server.ts`). Any other path is the vendor's JSON 404
 * (`{message:"Not Found"}`), never the site's HTML page: the vendor's clients parse every answer.
 */
export const loader = (args: LoaderFunctionArgs) => callEndpoint('loader', args);
export const action = (args: ActionFunctionArgs) => callEndpoint('action', args);

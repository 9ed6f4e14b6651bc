import type { LoaderFunctionArgs } from '@remix-run/node';
import { json } from '@remix-run/node';

import { env } from '~/server/env.server';
import { notFoundUnless } from '~/server/http/responses.server';

const MAX_MS = 30_000;

/**
 * Only with ENABLE_TEST_ROUTES=1: answers after `?ms=` milliseconds (at most 30 s), to prove that a
 * graceful shutdown lets a request in flight finish. Everywhere else it does not exist.
 */
export async function loader({ request }: LoaderFunctionArgs) {
  notFoundUnless(env().ENABLE_TEST_ROUTES);
  const asked = Number(new URL(request.url).searchParams.get('ms'));
  const ms = Number.isFinite(asked) ? Math.min(Math.max(Math.trunc(asked), 0), MAX_MS) : 0;
  await new Promise((resolve) => setTimeout(resolve, ms));
  return json({ slept: ms }, { headers: { 'Cache-Control': 'no-store' } });
}

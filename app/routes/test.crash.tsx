import type { LoaderFunctionArgs } from '@remix-run/node';
import { json } from '@remix-run/node';

import { env } from '~/server/env.server';
import { notFoundUnless } from '~/server/http/responses.server';

/**
 * Only with ENABLE_TEST_ROUTES=1 (the e2e suite): a page that fails while rendering, to prove the
 * crash page. Everywhere else it does not exist.
 */
export function loader(_: LoaderFunctionArgs) {
  notFoundUnless(env().ENABLE_TEST_ROUTES);
  return json({ ok: true });
}

export default function Crash(): never {
  throw new Error('Deliberate render failure (test route)');
}

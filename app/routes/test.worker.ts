import { json } from '@remix-run/node';

import { env } from '~/server/env.server';
import { notFoundUnless } from '~/server/http/responses.server';

/**
 * Only with ENABLE_TEST_ROUTES=1: which process answered (its pid), so a test can tell the workers
 * of one server apart (ADR 071). Everywhere else it does not exist.
 */
export function loader() {
  notFoundUnless(env().ENABLE_TEST_ROUTES);
  return json({ pid: process.pid }, { headers: { 'Cache-Control': 'no-store' } });
}

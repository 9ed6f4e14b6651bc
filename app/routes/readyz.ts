import { json } from '@remix-run/node';

import { readiness } from '~/server/ops/health.server';

/**
 * Readiness (ADR 016): 200 when the database answers and every migration is applied (and, in http
 * mode, the core system answers); 503 with the reason otherwise, and from the moment a graceful
 * shutdown begins.
 */
export async function loader() {
  const result = await readiness();
  return json(result.ready ? { status: 'ready' } : { status: 'unavailable', reason: result.reason }, {
    status: result.ready ? 200 : 503,
    headers: { 'Cache-Control': 'no-store' },
  });
}

import { json } from '@remix-run/node';

import { databaseReachable } from '~/server/health.server';

/** Liveness plus a database round trip (Docker HEALTHCHECK). */
export async function loader() {
  const ok = await databaseReachable();
  return json(
    { status: ok ? 'ok' : 'unavailable' },
    { status: ok ? 200 : 503, headers: { 'Cache-Control': 'no-store' } },
  );
}

import { json } from '@remix-run/node';

/**
 * Liveness (ADR 016): the process is up and serving requests. It checks nothing else, so an outage
 * of the database does not get every instance restarted; `/readyz` says whether to send traffic.
 */
export function loader() {
  return json({ status: 'ok' }, { headers: { 'Cache-Control': 'no-store' } });
}

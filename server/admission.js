// Requests take turns (ADR 072). Rendering a page is synchronous work of a few milliseconds, and Node
// starts every request it has read at once: with two hundred members clicking without pause, one
// turn of the event loop rendered two hundred pages before it looked at its sockets again, so a
// member signing in waited for each of the sign-in's steps (its connection accepted, its body read,
// its password check done) behind a whole round of pages — 10–20 s. Here every request that reaches
// Remix waits in a queue, one starts per turn of the event loop (Node reads its sockets and finishes
// its background work between two), and sign-ins and health checks go before pages.

import { AsyncResource } from 'node:async_hooks';

/** Sign-ins (the member's form and its second step, the vendor app's, the staff's) and health checks go first. */
const FIRST = new Set([
  'POST /member/logon',
  'POST /member/logon/verify',
  'POST /api/member/auth/login',
  'POST /staff/login',
  'GET /healthz',
  'GET /readyz',
  'HEAD /healthz',
  'HEAD /readyz',
]);

/** How many requests other than `FIRST` ones may wait at once; any more are refused with `onFull`. */
export const MAX_WAITING = 1000;

/**
 * Express middleware: calls `next` for one waiting request per turn of the event loop, `FIRST` ones
 * first. A request that finds `maxWaiting` others waiting is not queued: `onFull` answers it (a Thai
 * 503 in server.js), so an overloaded server says so at once instead of holding every connection.
 * @param {{ maxWaiting?: number, onFull?: (req: any, res: any) => void }} [options]
 */
export function createAdmission({ maxWaiting = MAX_WAITING, onFull = (_req, res) => res.sendStatus(503) } = {}) {
  const first = [];
  const others = [];
  let scheduled = false;

  function startOne() {
    scheduled = false;
    for (;;) {
      const job = first.shift() ?? others.shift();
      if (!job) return;
      // Whoever hung up while waiting is not worth a render.
      if (job.req.socket?.destroyed) continue;
      job.next();
      break;
    }
    schedule();
  }

  function schedule() {
    if (scheduled || (first.length === 0 && others.length === 0)) return;
    scheduled = true;
    setImmediate(startOne);
  }

  return function admission(req, res, next) {
    // A request goes on in its own async context (its request id, nonce and member checks live
    // there), not in that of the request whose turn scheduled the `setImmediate` that starts it.
    const job = { req, next: AsyncResource.bind(next) };
    if (FIRST.has(`${req.method} ${req.path}`)) first.push(job);
    else if (others.length >= maxWaiting) return onFull(req, res);
    else others.push(job);
    schedule();
  };
}

import { AsyncLocalStorage } from 'node:async_hooks';

import type { AppLoadContext } from '@remix-run/node';

/**
 * The one context of a request (ADR 066). Its type is Remix's `AppLoadContext` (app/load-context.ts).
 * The request log starts it with the request id and User-Agent (the edge's own log lines need the
 * id), server.js's `getLoadContext` (`host.loadContext`) completes the same object with the CSP
 * nonce and the client's address, and Remix hands it to every loader,
 * action and entry.server as `context`. The member is checked on first use, at most once per phase
 * (`requireMember(request, context)`).
 *
 * Loaders and actions read it from `context`. Only code that has no `context` argument — log lines
 * and audit rows (the request id), and the kept-copy wrapper inside the backend (ADR 021, which
 * notes that a kept copy was served) — finds the same object through AsyncLocalStorage. Nothing
 * else is kept there.
 */
export type RequestContext = AppLoadContext;

const storage = new AsyncLocalStorage<Partial<AppLoadContext>>();

/** Runs `fn` (and everything it starts) as part of the request `requestId`: log lines carry the id. */
export function withRequestId<T>(requestId: string, fn: () => T, userAgent?: string): T {
  return storage.run({ requestId, userAgent }, fn);
}

/** The context of the request being handled, as started by the request log, if any. */
export function currentRequestContext(): Partial<AppLoadContext> | undefined {
  return storage.getStore();
}

/** The id of the request being handled, if any (ADR 016). */
export function currentRequestId(): string | undefined {
  return storage.getStore()?.requestId;
}

/** The User-Agent header of the request being handled, if any. */
export function currentUserAgent(): string | undefined {
  return storage.getStore()?.userAgent;
}

/**
 * Notes that this request is answered with a kept copy fetched at `fetchedAt` because the backend
 * failed (ADR 021). The oldest such copy wins. Outside a request (unit tests, CLIs) it does nothing.
 */
export function markServedStale(fetchedAt: number): void {
  const context = storage.getStore();
  if (!context) return;
  context.staleSince = Math.min(context.staleSince ?? fetchedAt, fetchedAt);
}

/** For a loader's answer: the ISO instant of the oldest kept copy this request was served, or null. */
export function dataAsOf(context: Pick<AppLoadContext, 'staleSince'>): string | null {
  return context.staleSince === undefined ? null : new Date(context.staleSince).toISOString();
}

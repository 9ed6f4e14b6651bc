import { AsyncLocalStorage } from 'node:async_hooks';

/**
 * What this instance knows about the request being handled. server.js starts it (`withRequestId`,
 * from the request log) and hands the same object to Remix as the load context (`AppLoadContext`,
 * with the nonce and the client's address added), so loaders and entry.server read it from there;
 * code below them that has no `context` argument (log lines, the audit log, the kept copies of
 * ADR 021, the member check) reaches it through AsyncLocalStorage.
 */
export interface RequestContext {
  requestId: string;
  /** The client's User-Agent header as sent (audit rows keep it, cut short). */
  userAgent?: string;
  /** When the oldest kept copy served to this request was fetched (ms since epoch), if any (ADR 021). */
  staleSince?: number;
  /** Values made once for this request (`oncePerRequest`). */
  memo?: Map<symbol, unknown>;
  /** The store could not be reached while this request ran: its crash page is a 503. */
  storeDown?: boolean;
}

const storage = new AsyncLocalStorage<RequestContext>();

/** Runs `fn` (and everything it starts) as part of the request `requestId`: log lines carry the id. */
export function withRequestId<T>(requestId: string, fn: () => T, userAgent?: string): T {
  return storage.run({ requestId, userAgent }, fn);
}

/** The context of the request being handled, if any. */
export function currentRequestContext(): RequestContext | undefined {
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
  const store = storage.getStore();
  if (!store) return;
  store.staleSince = Math.min(store.staleSince ?? fetchedAt, fetchedAt);
}

/** Notes that this request failed because the store was unreachable (its answer becomes a 503). */
export function markStoreDown(): void {
  const store = storage.getStore();
  if (store) store.storeDown = true;
}

/** Whether this request failed because the store was unreachable. */
export function storeWasDown(): boolean {
  return storage.getStore()?.storeDown === true;
}

/** When the oldest kept copy served to this request was fetched, or null when all data is fresh. */
export function servedStaleSince(): Date | null {
  const since = storage.getStore()?.staleSince;
  return since === undefined ? null : new Date(since);
}

/** For a loader's answer: the ISO instant of the oldest kept copy this request was served, or null. */
export function dataAsOf(): string | null {
  return servedStaleSince()?.toISOString() ?? null;
}

/**
 * The value `make` gives, made once per request: later calls within the same request get the first
 * answer (a promise is shared, rejection included). Outside a request it is made on every call.
 */
export function oncePerRequest<T>(key: symbol, make: () => T): T {
  const store = storage.getStore();
  if (!store) return make();
  store.memo ??= new Map();
  if (store.memo.has(key)) return store.memo.get(key) as T;
  const value = make();
  store.memo.set(key, value);
  return value;
}

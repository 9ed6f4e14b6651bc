import type { AppLoadContext } from '@remix-run/node';
import { renderToStaticMarkup } from 'react-dom/server';

import { CRASH_TEXT, FailureDocument } from '~/components/error-pages';
import { DISK_FULL_MESSAGE, DISK_FULL_TITLE, UNAVAILABLE_MESSAGE } from '~/lib/messages';

import { isStoreUnavailable } from './db/outage.server';
import { appInlineStyle } from './http/inline-style.server';
import { log } from './log.server';
import { DISK_FULL_BODY, isDiskFull, reportDiskFull } from './ops/disk-full.server';
import { CoopUnavailableError } from './coop/types';

/**
 * Failure answers for the routes that have no page of their own (ADR 145): a form that only acts and
 * redirects (signing out, a staff publish or delete), a download. When such a route throws, Remix
 * answers the bare text "Unexpected Server Error" with status 500 — English, no way on, and a 500
 * for what is only a store or core that is briefly away. Wrapped in `resourceRoute`, it answers a
 * Thai page instead, as the pages do:
 *
 * - the store or the core unavailable (`isStoreUnavailable`, a `CoopUnavailableError`, or the 503 a
 *   degraded backend throws): 503 with `Retry-After: 30`, "ขออภัย! หน้าเพจนี้ไม่พร้อมให้บริการชั่วคราว…";
 * - the data disk full: 503 with `Retry-After: 60` and the disk-full words (ADR 098);
 * - anything else: 500 with the same words and the incident number, logged with its stack.
 *
 * Every one has "ลองใหม่อีกครั้ง" (the same address again, as a visit) and the home page. A Response
 * the route throws on purpose (a redirect, a 404, a 403) passes through unchanged.
 */
export function resourceRoute<Args extends { request: Request; context: AppLoadContext }>(
  handler: (args: Args) => Promise<Response>,
): (args: Args) => Promise<Response> {
  return async (args) => {
    try {
      return await handler(args);
    } catch (error) {
      const answer = failureAnswer(error, args);
      if (answer) return answer;
      throw error;
    }
  };
}

/**
 * The Thai failure page for `error` thrown while answering `request`, or null for a Response thrown on
 * purpose (anything but a 503), which the caller passes on.
 */
export function failureAnswer(
  error: unknown,
  { request, context }: { request: Request; context: AppLoadContext },
): Response | null {
  if (request.signal.aborted && !(error instanceof Response)) return null;
  const method = request.method;
  if (isDiskFull(error)) {
    reportDiskFull(method === 'GET' ? 'download' : 'form', error);
    return failurePage(request, context, 503, { heading: DISK_FULL_TITLE, detail: DISK_FULL_MESSAGE }, '60');
  }
  if (error instanceof Response) {
    if (error.status !== 503) return null;
    // Already logged where it was made (the degraded backend's `backend call failed`).
    const retryAfter = error.headers.get('Retry-After') ?? '30';
    return failurePage(request, context, 503, { heading: CRASH_TEXT, detail: UNAVAILABLE_MESSAGE }, retryAfter);
  }
  if (isStoreUnavailable(error) || error instanceof CoopUnavailableError) {
    log.error('request failed: database unavailable', {
      method,
      error: error instanceof Error ? error.message : String(error),
    });
    return failurePage(request, context, 503, { heading: CRASH_TEXT }, '30');
  }
  log.error('request failed', {
    method,
    error: error instanceof Error ? (error.stack ?? error.message) : String(error),
  });
  return failurePage(request, context, 500, { heading: CRASH_TEXT, incident: context.requestId });
}

function failurePage(
  request: Request,
  context: AppLoadContext,
  status: number,
  words: { heading: string; detail?: string; incident?: string },
  retryAfter?: string,
): Response {
  const url = new URL(request.url);
  const html = renderToStaticMarkup(
    <FailureDocument
      heading={words.heading}
      detail={words.detail}
      incident={words.incident ?? (status === 500 ? context.requestId : undefined)}
      retry={`${url.pathname}${url.search}`}
      css={appInlineStyle()?.css}
    />,
  );
  const headers = new Headers({ 'Content-Type': 'text/html; charset=utf-8', 'Cache-Control': 'no-store' });
  if (retryAfter) headers.set('Retry-After', retryAfter);
  return new Response(`<!DOCTYPE html>${html}`, { status, headers });
}

/**
 * For `handleDataRequest` (entry.server.tsx): a data request (a form sent or a page fetched by the
 * browser's scripts) that failed because the data disk is full (`context.diskFull`) or the store was
 * unreachable (`context.storeDown`, both set by `handleError`) answers 503 as a caught response the
 * boundaries show — the disk-full words and `Retry-After: 60`, or the Thai "unavailable" message and
 * `Retry-After: 30` — as a document request does, instead of Remix's 500 that says nothing.
 */
export function failedData(response: Response, context: AppLoadContext): Response {
  if (response.headers.get('X-Remix-Error') === null) return response;
  if (context.diskFull) return caughtData(DISK_FULL_BODY, '60');
  if (context.storeDown) return caughtData({ message: UNAVAILABLE_MESSAGE }, '30');
  return response;
}

function caughtData(body: object, retryAfter: string): Response {
  return new Response(JSON.stringify(body), {
    status: 503,
    headers: {
      'Content-Type': 'application/json; charset=utf-8',
      'X-Remix-Catch': 'yes',
      'Cache-Control': 'no-store',
      'Retry-After': retryAfter,
    },
  });
}

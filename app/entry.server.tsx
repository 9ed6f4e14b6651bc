import type { AppLoadContext, EntryContext, HandleDataRequestFunction } from '@remix-run/node';
import { RemixServer, isRouteErrorResponse } from '@remix-run/react';
import { renderToString } from 'react-dom/server';

import { DiskFullProvider } from './components/disk-full';
import { IncidentProvider } from './incident';
import { InlineStyleProvider } from './inline-style';
import { NonceProvider } from './nonce';
import { log } from './server/log.server';
import { etagMatches, pageEtag } from './server/http/etag.server';
import { appInlineStyle } from './server/http/inline-style.server';
import { failedData } from './server/errors.server';
import { isStoreUnavailable } from './server/db/outage.server';
import { isDiskFull, reportDiskFull } from './server/ops/disk-full.server';
import { applyCachePolicy } from './server/http/security.server';

const ABORT_DELAY = 5_000;

export default function handleRequest(
  request: Request,
  responseStatusCode: number,
  responseHeaders: Headers,
  remixContext: EntryContext,
  loadContext: AppLoadContext,
) {
  const nonce = loadContext.cspNonce;
  // The crash page of a request that failed because the store was unreachable is a 503: the page says
  // "temporarily unavailable" and the next request, once the database is back, succeeds.
  if (responseStatusCode === 500 && loadContext.storeDown) {
    responseStatusCode = 503;
    responseHeaders.set('Retry-After', loadContext.diskFull ? '60' : '30');
  }
  // A page built from kept copies because the backend failed (ADR 021) must not be stored as fresh.
  if (loadContext.staleSince !== undefined) responseHeaders.set('Cache-Control', 'no-store');
  // Loaders await all essential data (no defer: with scripts off its fallback would never resolve), and
  // nothing suspends on the server, so the document is rendered to one string (ADR 023). A render
  // error throws here, and Remix renders the error boundary instead.
  const html = `<!DOCTYPE html>${renderToString(
    <NonceProvider value={nonce}>
      <InlineStyleProvider value={appInlineStyle()?.css ?? ''}>
        <IncidentProvider value={loadContext.requestId ?? ''}>
          <DiskFullProvider value={Boolean(loadContext.diskFull)}>
            <RemixServer context={remixContext} url={request.url} abortDelay={ABORT_DELAY} nonce={nonce} />
          </DiskFullProvider>
        </IncidentProvider>
      </InlineStyleProvider>
    </NonceProvider>,
  )}`;
  responseHeaders.set('Content-Type', 'text/html; charset=utf-8');
  applyCachePolicy(responseHeaders, new URL(request.url).pathname, responseStatusCode);
  // The page's bytes, encoded once: sent, and for a public page hashed for its ETag.
  const body = Buffer.from(html);
  if (responseStatusCode === 200 && responseHeaders.get('Cache-Control')?.startsWith('public')) {
    const etag = pageEtag(html.includes(nonce) ? html : body, nonce);
    responseHeaders.set('ETag', etag);
    if (etagMatches(request.headers.get('If-None-Match'), etag)) {
      return new Response(null, { headers: responseHeaders, status: 304 });
    }
  }
  // compression (server.js) encodes the body for the client.
  return new Response(body, { headers: responseHeaders, status: responseStatusCode });
}

export const handleDataRequest: HandleDataRequestFunction = (response, { request, context }) => {
  response = failedData(response, context);
  if (context.staleSince !== undefined) response.headers.set('Cache-Control', 'no-store');
  applyCachePolicy(response.headers, new URL(request.url).pathname, response.status);
  return response;
};

export function handleError(error: unknown, { request, context }: { request: Request; context: AppLoadContext }) {
  if (request.signal.aborted) return;
  // A save that failed because the data disk is full: the page says so, a 503 (ADR 098).
  if (isDiskFull(error)) {
    context.storeDown = true;
    context.diskFull = true;
    reportDiskFull(request.method === 'GET' ? 'page' : 'form', error);
    return;
  }
  if (isStoreUnavailable(error)) {
    context.storeDown = true;
    log.error('request failed: database unavailable', {
      method: request.method,
      error: error instanceof Error ? error.message : String(error),
    });
    return;
  }
  // A refusal Remix makes itself (405 for a method a route does not take, 400 for a malformed data
  // request) is the client's mistake: one line at info with its status, not an error.
  if (isRouteErrorResponse(error) && error.status < 500) {
    log.info('client error', { method: request.method, status: error.status, error: error.statusText });
    return;
  }
  log.error('request failed', { method: request.method, error: describe(error) });
}

function describe(error: unknown): string {
  return error instanceof Error ? (error.stack ?? error.message) : String(error);
}

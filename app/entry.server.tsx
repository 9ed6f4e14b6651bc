import type { AppLoadContext, EntryContext, HandleDataRequestFunction } from '@remix-run/node';
import { RemixServer, isRouteErrorResponse } from '@remix-run/react';
import { renderToString } from 'react-dom/server';

import { IncidentProvider } from './incident';
import { InlineStyleProvider } from './inline-style';
import { NonceProvider } from './nonce';
import { documentResponse } from './server/document-body.server';
import { encodeDocument } from './server/compression.server';
import { log } from './server/log.server';
import { withoutNulBytes } from './server/nul-bytes.server';
import { etagMatches, pageEtag } from './server/etag.server';
import { appInlineStyle } from './server/inline-style.server';
import { isStoreUnavailable } from './server/db/outage.server';
import { currentRequestId, markStoreDown, servedStaleSince, storeWasDown } from './server/request-context.server';
import { applyCachePolicy } from './server/security.server';

export { startup, shutdown } from './server/app.server';
export { setAppRoot } from './server/app-root.server';
export { env as serverEnv } from './server/env.server';
export { securityHeaders } from './server/security.server';
export { cspNonce } from './server/random.server';
export { etagMatches } from './server/etag.server';
export { onPublicContentChanged } from './server/public-content.server';
export { enhanceScriptVersion } from './server/enhance.server';
export { pushScriptVersion, pusherScriptFile, pusherScriptVersion } from './server/push.server';
export { compressedAssets, negotiateEncoding } from './server/compression.server';
export { log } from './server/log.server';
export { createRequestLog } from './server/request-log.server';
export { markShuttingDown } from './server/health.server';
export { wholeBody } from './server/document-body.server';
export { startupFailureMessage } from './server/disk.server';

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
  if (responseStatusCode === 500 && storeWasDown()) {
    responseStatusCode = 503;
    responseHeaders.set('Retry-After', '30');
  }
  // A page built from kept copies because the backend failed (ADR 021) must not be stored as fresh.
  if (servedStaleSince()) responseHeaders.set('Cache-Control', 'no-store');
  // Loaders await all essential data (no defer: with scripts off its fallback would never resolve), and
  // nothing suspends on the server, so the document is rendered to one string and sent in one piece.
  // Measured (docs/performance.md): React's stream writer, which encodes its output into 2 KiB chunks,
  // cost more than the string, and it left zero bytes in Thai pages (react#31134; the filter stays, as
  // a guard, at the cost of one `indexOf`). A render error throws here, and Remix renders the error
  // boundary instead.
  const html = withoutNulBytes(
    Buffer.from(
      `<!DOCTYPE html>${renderToString(
        <NonceProvider value={nonce}>
          <InlineStyleProvider value={appInlineStyle()?.css ?? ''}>
            <IncidentProvider value={currentRequestId() ?? ''}>
              <RemixServer context={remixContext} url={request.url} abortDelay={ABORT_DELAY} nonce={nonce} />
            </IncidentProvider>
          </InlineStyleProvider>
        </NonceProvider>,
      )}`,
    ),
  );
  responseHeaders.set('Content-Type', 'text/html; charset=utf-8');
  applyCachePolicy(responseHeaders, new URL(request.url).pathname, responseStatusCode);
  if (responseStatusCode === 200 && responseHeaders.get('Cache-Control')?.startsWith('public')) {
    const etag = pageEtag(html, nonce);
    responseHeaders.set('ETag', etag);
    if (etagMatches(request.headers.get('If-None-Match'), etag)) {
      return new Response(null, { headers: responseHeaders, status: 304 });
    }
  }
  const body = encodeDocument(request, html, responseHeaders);
  return documentResponse(body, { headers: responseHeaders, status: responseStatusCode });
}

export const handleDataRequest: HandleDataRequestFunction = (response, { request }) => {
  if (servedStaleSince()) response.headers.set('Cache-Control', 'no-store');
  applyCachePolicy(response.headers, new URL(request.url).pathname, response.status);
  return response;
};

export function handleError(error: unknown, { request }: { request: Request }) {
  if (request.signal.aborted) return;
  if (isStoreUnavailable(error)) {
    markStoreDown();
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

import { Writable } from 'node:stream';

import type { AppLoadContext, EntryContext, HandleDataRequestFunction } from '@remix-run/node';
import { RemixServer } from '@remix-run/react';
import { renderToPipeableStream } from 'react-dom/server';

import { InlineStyleProvider } from './inline-style';
import { NonceProvider } from './nonce';
import { encodeDocument } from './server/compression.server';
import { log } from './server/log.server';
import { withoutNulBytes } from './server/nul-bytes.server';
import { etagMatches, pageEtag } from './server/etag.server';
import { appInlineStyle } from './server/inline-style.server';
import { servedStaleSince } from './server/request-context.server';
import { applyCachePolicy } from './server/security.server';

export { startup, shutdown } from './server/app.server';
export { env as serverEnv } from './server/env.server';
export { securityHeaders } from './server/security.server';
export { etagMatches } from './server/etag.server';
export { onPublicContentChanged } from './server/public-content.server';
export { enhanceScriptVersion } from './server/enhance.server';
export { pushScriptVersion, pusherScriptFile, pusherScriptVersion } from './server/push.server';
export { compressedAssets, negotiateEncoding } from './server/compression.server';
export { log } from './server/log.server';
export { createRequestLog } from './server/request-log.server';
export { markShuttingDown } from './server/health.server';

const ABORT_DELAY = 5_000;

export default function handleRequest(
  request: Request,
  responseStatusCode: number,
  responseHeaders: Headers,
  remixContext: EntryContext,
  loadContext: AppLoadContext,
) {
  const nonce = loadContext.cspNonce;
  // A page built from kept copies because the backend failed (ADR 021) must not be stored as fresh.
  if (servedStaleSince()) responseHeaders.set('Cache-Control', 'no-store');
  // Loaders await all essential data (no defer: with scripts off its fallback would never resolve),
  // so the document is complete once rendered. It is sent in one piece: measured, React's many
  // small stream chunks cost more in socket writes than the whole render (docs/performance.md).
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    const sink = new Writable({
      write(chunk: Buffer, _encoding, done) {
        chunks.push(chunk);
        done();
      },
      final(done) {
        clearTimeout(timer);
        responseHeaders.set('Content-Type', 'text/html; charset=utf-8');
        applyCachePolicy(responseHeaders, new URL(request.url).pathname, responseStatusCode);
        const html = withoutNulBytes(Buffer.concat(chunks));
        if (responseStatusCode === 200 && responseHeaders.get('Cache-Control')?.startsWith('public')) {
          const etag = pageEtag(html, nonce);
          responseHeaders.set('ETag', etag);
          if (etagMatches(request.headers.get('If-None-Match'), etag)) {
            resolve(new Response(null, { headers: responseHeaders, status: 304 }));
            done();
            return;
          }
        }
        const body = encodeDocument(request, html, responseHeaders);
        resolve(new Response(body, { headers: responseHeaders, status: responseStatusCode }));
        done();
      },
    });
    const { pipe, abort } = renderToPipeableStream(
      <NonceProvider value={nonce}>
        <InlineStyleProvider value={appInlineStyle()?.css ?? ''}>
          <RemixServer context={remixContext} url={request.url} abortDelay={ABORT_DELAY} nonce={nonce} />
        </InlineStyleProvider>
      </NonceProvider>,
      {
        nonce,
        onAllReady() {
          pipe(sink);
        },
        onShellError(error: unknown) {
          clearTimeout(timer);
          reject(error);
        },
        onError(error: unknown) {
          responseStatusCode = 500;
          log.error('render error', { error: describe(error) });
        },
      },
    );
    const timer = setTimeout(abort, ABORT_DELAY);
  });
}

export const handleDataRequest: HandleDataRequestFunction = (response, { request }) => {
  if (servedStaleSince()) response.headers.set('Cache-Control', 'no-store');
  applyCachePolicy(response.headers, new URL(request.url).pathname, response.status);
  return response;
};

export function handleError(error: unknown, { request }: { request: Request }) {
  if (request.signal.aborted) return;
  log.error('request failed', { method: request.method, error: describe(error) });
}

function describe(error: unknown): string {
  return error instanceof Error ? (error.stack ?? error.message) : String(error);
}

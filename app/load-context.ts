import '@remix-run/node';

import type { RequestContext } from './server/http/request-context.server';

declare module '@remix-run/node' {
  /**
   * Built once per request by server.js's `getLoadContext` (`host.loadContext`): the request's
   * context (id, stale copies served, store failures) with what only the edge knows.
   */
  interface AppLoadContext extends Partial<RequestContext> {
    /** Nonce for this response's Content-Security-Policy. */
    cspNonce: string;
    /** The client's address (proxy-aware only when TRUST_PROXY=1). */
    clientAddress: string | null;
    /** Set by an action that answers with form errors, so the page title can say so (no-JS render). */
    formErrors?: boolean;
    /** Offered a public page that may be served again to anonymous visitors (server/page-cache.js). */
    keepPage?: (page: KeptPage) => void;
  }
}

/** A whole public document as the page cache keeps it. */
export interface KeptPage {
  headers: Record<string, string>;
  html: string;
}

export {};

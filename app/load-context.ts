import '@remix-run/node';

declare module '@remix-run/node' {
  /** Built per request by server.js (getLoadContext). */
  interface AppLoadContext {
    /** Nonce for this response's Content-Security-Policy. */
    cspNonce: string;
    /** The client's address (proxy-aware only when TRUST_PROXY=1). */
    clientAddress: string | null;
    /** Set by an action that answers with form errors, so the page title can say so (no-JS render). */
    formErrors?: boolean;
  }
}

export {};

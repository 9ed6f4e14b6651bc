import '@remix-run/node';

import type { AuthedMember } from './server/auth/auth.server';

declare module '@remix-run/node' {
  /**
   * The one context of a request (ADR 066), declared here only. The request log starts it (id,
   * User-Agent); the server's `getLoadContext` (`host.loadContext`) completes it with what only the
   * edge knows and hands it to Remix; loaders, actions and entry.server read and mark it.
   */
  interface AppLoadContext {
    /** The request's id (`X-Request-Id`, every log line and audit row of the request). */
    requestId?: string;
    /** The client's User-Agent header as sent (audit rows keep it, cut short). */
    userAgent?: string;
    /** Nonce for this response's Content-Security-Policy. */
    cspNonce: string;
    /** The client's address (proxy-aware only when TRUST_PROXY=1). */
    clientAddress: string | null;
    /** Set by an action that answers with form errors, so the page title can say so (no-JS render). */
    formErrors?: boolean;
    /**
     * The member checks of this request, made on first use by `requireMember` (a page that needs no
     * member makes none): one for the action of a POST, one for the loaders that read the page.
     */
    member?: MemberChecks;
    /** When the oldest kept copy served to this request was fetched (ms since epoch), if any (ADR 021). */
    staleSince?: number;
    /** The store could not be reached while this request ran: its crash page is a 503. */
    storeDown?: boolean;
    /** This request failed because the data disk is full: its failure page says so, a 503 (ADR 098). */
    diskFull?: boolean;
  }
}

/** The member check of one phase of a request, and the same with the terms gate passed. */
export interface MemberCheck {
  /** Each loader's own promise of the one check: a thrown Response is a new one per loader. */
  check: () => Promise<AuthedMember>;
  gated?: () => Promise<AuthedMember>;
}

/**
 * An action may change the session (a new password, a sign-out) before the loaders run again, so the
 * loaders that follow it are checked afresh: the action and the page read each have their own check.
 */
export interface MemberChecks {
  action?: MemberCheck;
  read?: MemberCheck;
}

export {};

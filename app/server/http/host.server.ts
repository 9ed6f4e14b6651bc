import type { AppLoadContext } from '@remix-run/node';

import { shutdown, startup } from '../app.server';
import { setAppRoot } from './app-root.server';
import { startupFailureMessage } from '../ops/disk.server';
import { enhanceScriptVersion } from './enhance.server';
import { env, type Env } from '../env.server';
import { markShuttingDown } from '../ops/health.server';
import { applyLogLevel, log } from '../log.server';
import { onPublicContentChanged } from '../content/public-content.server';
import { pushScriptVersion, pusherScriptFile, pusherScriptVersion } from '../content/push.server';
import { currentRequestContext } from './request-context.server';
import { createRequestLog } from './request-log.server';
import { HSTS_MAX_AGE_SECONDS, PERMISSIONS_POLICY, helmetCspDirectives, sendsHsts } from './security.server';

/** Why the app did not start, in one line for the operator (server.js prints it and exits 1). */
export class StartupError extends Error {
  override name = 'StartupError';
}

/**
 * Reads the settings, names the app's folder (server.js's, whatever the working directory), opens
 * the store (migrations, demo data) and answers the settings. A bad setting, a full data disk or an
 * unreachable database is a `StartupError` said in words; anything else is thrown as it was.
 */
async function start(appRoot: string): Promise<Env> {
  setAppRoot(appRoot);
  let config: Env | undefined;
  try {
    config = env();
    applyLogLevel();
    await startup();
    return config;
  } catch (error) {
    if (error instanceof Error && error.name === 'EnvError') throw new StartupError(error.message);
    const said = startupFailureMessage(error, config?.dataDir ?? (process.env.DATA_DIR || './data'));
    throw said ? new StartupError(said) : error;
  }
}

/**
 * The request's one context (ADR 066), made once per request by server.js's `getLoadContext`: the
 * context the request log started (request id, User-Agent) completed with the CSP nonce, the client's
 * address and the page cache's offer. Remix hands this object to every loader, action and
 * entry.server; the member is checked only when a loader or action asks (`requireMember`).
 */
function loadContext(edge: Pick<AppLoadContext, 'cspNonce' | 'clientAddress' | 'keepPage'>): AppLoadContext {
  return Object.assign(currentRequestContext() ?? {}, edge);
}

/**
 * Everything server.js takes from the Remix build (entry.server re-exports it): starting and stopping
 * the app, the logger and the request log, the security headers' settings, the versions of the
 * scripts it serves from public/ and node_modules, the load context, and the signal that public
 * content changed (the page cache empties).
 */
export const host = {
  start,
  /** Shutdown has begun: /readyz says so from now on. */
  stopping: markShuttingDown,
  /** Stops background work and closes the database. */
  stop: shutdown,
  log,
  createRequestLog,
  loadContext,
  security: {
    cspDirectives: helmetCspDirectives,
    hstsMaxAge: () => (sendsHsts() ? HSTS_MAX_AGE_SECONDS : null),
    permissionsPolicy: PERMISSIONS_POLICY,
  },
  scripts: {
    enhanceVersion: enhanceScriptVersion,
    pushVersion: pushScriptVersion,
    pusherVersion: pusherScriptVersion,
    pusherFile: pusherScriptFile,
  },
  onPublicContentChanged,
};

export type Host = typeof host;

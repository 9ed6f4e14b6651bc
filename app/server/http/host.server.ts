import type { AppLoadContext } from '@remix-run/node';

import { prepareStore, shutdown, startup } from '../app.server';
import { setAppRoot } from './app-root.server';
import { startupFailureMessage } from '../ops/disk.server';
import { env, type Env } from '../env.server';
import { markShuttingDown } from '../ops/health.server';
import { applyLogLevel, log } from '../log.server';
import { pusherScriptFile, pusherScriptVersion } from '../content/push.server';
import { currentRequestContext } from './request-context.server';
import { cspNonce } from '../random.server';
import { createRequestLog } from './request-log.server';
import { HSTS_MAX_AGE_SECONDS, PERMISSIONS_POLICY, helmetCspDirectives, sendsHsts } from './security.server';

/** Why the app did not start, in one line for the operator (the server prints it and exits 1). */
export class StartupError extends Error {
  override name = 'StartupError';
}

/**
 * Reads the settings, names the app's folder (the server's, whatever the working directory), opens
 * the store (migrations, demo data) and answers the settings. A bad setting, a full data disk or an
 * unreachable database is a `StartupError` said in words; anything else is thrown as it was.
 *
 * With several workers (ADR 071) the primary, which serves nothing, only prepares the store and
 * closes it again (`role: 'primary'`); each worker then opens it without preparing it again
 * (`role: 'worker'`). One process alone does both (`role: 'whole'`, the default).
 */
async function start(appRoot: string, role: 'whole' | 'primary' | 'worker' = 'whole'): Promise<Env> {
  setAppRoot(appRoot);
  let config: Env | undefined;
  try {
    config = env();
    applyLogLevel();
    if (role === 'primary') await prepareStore();
    else await startup({ prepared: role === 'worker' });
    return config;
  } catch (error) {
    if (error instanceof Error && error.name === 'EnvError') throw new StartupError(error.message);
    const said = startupFailureMessage(error, config?.dataDir ?? (process.env.DATA_DIR || './data'));
    throw said ? new StartupError(said) : error;
  }
}

/** The settings, or a `StartupError` naming what is wrong with them (the server asks before `start`). */
function settings(): Env {
  try {
    return env();
  } catch (error) {
    if (error instanceof Error && error.name === 'EnvError') throw new StartupError(error.message);
    throw error;
  }
}

/**
 * The request's one context (ADR 066), made once per request by the server's `getLoadContext`: the
 * context the request log started (request id, User-Agent) completed with the CSP nonce, the client's
 * address. Remix hands this object to every loader, action and
 * entry.server; the member is checked only when a loader or action asks (`requireMember`).
 */
function loadContext(edge: Pick<AppLoadContext, 'cspNonce' | 'clientAddress'>): AppLoadContext {
  return Object.assign(currentRequestContext() ?? {}, edge);
}

/**
 * What the server (server/index.ts, compiled with the app: ADR 107) takes from the app: starting and stopping
 * the app, the logger and the request log, the security headers' settings, the versions of the
 * scripts it serves from public/ and node_modules, and the load context.
 */
export const host = {
  settings,
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
    cspNonce,
    hstsMaxAge: () => (sendsHsts() ? HSTS_MAX_AGE_SECONDS : null),
    permissionsPolicy: PERMISSIONS_POLICY,
  },
  scripts: {
    pusherVersion: pusherScriptVersion,
    pusherFile: pusherScriptFile,
  },
};

export type Host = typeof host;

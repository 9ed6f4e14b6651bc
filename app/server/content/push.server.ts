import { createRequire } from 'node:module';

import Pusher from 'pusher';

import { appPath, clientScriptSrc, fileVersion } from '../http/app-root.server';
import type { Env } from '../env.server';

/**
 * Desktop notifications (ADR 020): browsers that opted in listen on a public Pusher channel for the
 * `desktopNotify` event `{title, body, url}`; `npm run publish` broadcasts it through the Pusher
 * HTTP API (in http mode the core system broadcasts and we only listen).
 */
export const DESKTOP_NOTIFY_EVENT = 'desktopNotify';

/** What the browser needs to subscribe: public values only (no app id, no secret). */
export interface PushClientConfig {
  key: string;
  cluster: string | null;
  /** Self-hosted server (Soketi) instead of a Pusher Channels cluster. */
  host: string | null;
  port: number | null;
  tls: boolean;
  channel: string;
}

type PushEnv = Pick<
  Env,
  'PUSHER_KEY' | 'PUSHER_CLUSTER' | 'PUSHER_HOST' | 'PUSHER_PORT' | 'PUSHER_TLS' | 'PUSHER_CHANNEL'
>;

/** The browser's configuration, or null when notifications are not configured (then nothing loads). */
export function pushClientConfig(e: PushEnv): PushClientConfig | null {
  if (!e.PUSHER_KEY || (!e.PUSHER_CLUSTER && !e.PUSHER_HOST)) return null;
  return {
    key: e.PUSHER_KEY,
    cluster: e.PUSHER_HOST ? null : (e.PUSHER_CLUSTER ?? null),
    host: e.PUSHER_HOST ?? null,
    port: e.PUSHER_HOST ? (e.PUSHER_PORT ?? null) : null,
    tls: e.PUSHER_TLS,
    channel: e.PUSHER_CHANNEL,
  };
}

/**
 * The one WebSocket origin the browser may connect to (CSP connect-src). pusher-js is limited to its
 * WebSocket transport, so no other host (no SockJS/XHR fallback, no stats) is ever contacted.
 */
export function pushConnectSource(config: PushClientConfig | null): string | null {
  if (!config) return null;
  const scheme = config.tls ? 'wss' : 'ws';
  const host = config.host ?? `ws-${config.cluster ?? 'mt1'}.pusher.com`;
  return `${scheme}://${host}${config.port ? `:${config.port}` : ''}`;
}

/** pusher-js's browser build, served from our origin as PUSHER_SCRIPT_PATH?v=<hash>. */
export const PUSHER_SCRIPT_PATH = '/vendor/pusher.min.js';

export function pusherScriptFile(): string {
  return createRequire(appPath('package.json')).resolve('pusher-js/dist/web/pusher.min.js');
}

export const pusherScriptVersion = (): string | null => fileVersion(pusherScriptFile());

const versioned = (p: string, v: string | null) => (v ? `${p}?v=${v}` : p);

/** What the server renders into every page when configured (`<meta name="push-config">`, ADR 020). */
export interface PushPageConfig extends PushClientConfig {
  script: string;
  pusher: string;
}

export function pushPageConfig(e: PushEnv): PushPageConfig | null {
  const config = pushClientConfig(e);
  if (!config) return null;
  return {
    ...config,
    // The opt-in control and lazy loader, app/client/push.ts (ADR 103).
    script: clientScriptSrc('push'),
    pusher: versioned(PUSHER_SCRIPT_PATH, pusherScriptVersion()),
  };
}

export interface DesktopNotification {
  title: string;
  body: string;
  /** The part after `/show/`: a content number. */
  url: string;
}

/** The server SDK, or null unless app id, key, secret and a cluster or host are all set. */
export function pushTrigger(
  e: PushEnv & Pick<Env, 'PUSHER_APP_ID' | 'PUSHER_SECRET'>,
): { send: (message: DesktopNotification) => Promise<void>; channel: string } | null {
  const config = pushClientConfig(e);
  if (!config || !e.PUSHER_APP_ID || !e.PUSHER_SECRET) return null;
  const common = {
    appId: e.PUSHER_APP_ID,
    key: config.key,
    secret: e.PUSHER_SECRET,
    useTLS: config.tls,
    timeout: 10_000,
  };
  const pusher = config.host
    ? new Pusher({ ...common, host: config.host, ...(config.port ? { port: String(config.port) } : {}) })
    : new Pusher({ ...common, cluster: config.cluster ?? 'mt1' });
  return {
    channel: config.channel,
    send: async (message) => {
      const response = await pusher.trigger(config.channel, DESKTOP_NOTIFY_EVENT, message);
      if (response.status !== 200) throw new Error(`Pusher answered ${response.status}`);
    },
  };
}

import { useRouteLoaderData } from '@remix-run/react';

import type { PushPageConfig } from '~/server/content/push.server';

import { LoadScript } from './script-loader';

/** The label of the opt-in control (spec §7). */
export const PUSH_OPT_IN_LABEL = 'รับการแจ้งเตือน';

/**
 * Desktop notifications' configuration for `app/client/push.ts` (ADR 020, ADR 103): public values only, the same
 * for every visitor (public pages are cached, ADR 014). Rendered only when Pusher is configured.
 */
export function PushConfig({ config }: { config: PushPageConfig }) {
  return (
    <meta
      name="push-config"
      content=""
      data-key={config.key}
      data-cluster={config.cluster ?? undefined}
      data-host={config.host ?? undefined}
      data-port={config.port ?? undefined}
      data-tls={config.tls ? '1' : '0'}
      data-channel={config.channel}
      data-pusher={config.pusher}
    />
  );
}

/**
 * The opt-in control and lazy loader. Pages that hydrate carry the nonce anyway: there it is a
 * `<script src>` with it (a loader's inserted element would be a node React does not expect). Other
 * pages stay free of nonces and cacheable: the hashed inline loader (ADR 034).
 */
export function PushScript({ config, nonce }: { config: PushPageConfig; nonce?: string }) {
  return nonce ? <script src={config.script} nonce={nonce} defer /> : <LoadScript src={config.script} />;
}

/**
 * The opt-in control (spec §7), only when notifications are configured. Rendered hidden: without
 * JavaScript there is no control (notifications need scripts); the push bundle reveals it and makes it a
 * toggle. Hidden attribute and aria-pressed are changed by the push bundle only (React never re-renders them).
 */
export function PushToggle({ className }: { className: string }) {
  const root = useRouteLoaderData<{ push: PushPageConfig | null }>('root');
  if (!root?.push) return null;
  return (
    <p className={className} data-push-control="" hidden>
      <button type="button" className="button button--small push-toggle" aria-pressed="false">
        {PUSH_OPT_IN_LABEL}
      </button>
    </p>
  );
}

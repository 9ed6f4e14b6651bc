// Sahakorn — desktop notifications (ADR 020, spec §7, ADR 103), for public and member pages alike,
// linked only when Pusher is configured. Nothing happens until the visitor presses the
// "รับการแจ้งเตือน" control: only then is notification permission asked for, and only for visitors who
// opted in and granted it is pusher-js (served from this site) loaded, once the page is idle. Blocked
// or unsupported notifications are only logged to the console (spec §8).
import { freshSeen, readAnnouncement } from './announcement';

/** The part of pusher-js's browser build this module uses (its global `Pusher`). */
interface PusherClient {
  subscribe(channel: string): { bind(event: string, callback: (data: unknown) => void): unknown };
  disconnect(): void;
}
type PusherConstructor = new (key: string, options: Record<string, unknown>) => PusherClient;

const d = document;
const w = window as Window & { Pusher?: PusherConstructor };
const CHOICE = 'sahakorn-push';
const SEEN = 'sahakorn-push-seen';
const HOLD = 10000;

function log(message: string, detail?: unknown): void {
  console.warn(`Sahakorn notifications: ${message}`, detail === undefined ? '' : detail);
}

function notifications(cfg: DOMStringMap): void {
  const supported = typeof Notification === 'function';
  let client: PusherClient | null = null;
  let loading: Promise<PusherConstructor> | null = null;

  function choice(): string | null {
    try {
      return w.localStorage.getItem(CHOICE);
    } catch {
      return null;
    }
  }
  function remember(value: string): void {
    try {
      w.localStorage.setItem(CHOICE, value);
    } catch (error) {
      log('the choice cannot be remembered', error);
    }
  }
  function active(): boolean {
    return supported && choice() === 'on' && Notification.permission === 'granted';
  }

  function loadPusher(): Promise<PusherConstructor> {
    if (w.Pusher) return Promise.resolve(w.Pusher);
    if (!loading) {
      loading = new Promise((resolve, reject) => {
        const script = d.createElement('script');
        script.src = cfg.pusher ?? '';
        script.async = true;
        script.addEventListener('load', () => {
          if (w.Pusher) resolve(w.Pusher);
          else reject(new Error('pusher-js did not load'));
        });
        script.addEventListener('error', () => {
          loading = null;
          reject(new Error('pusher-js did not load'));
        });
        d.head.appendChild(script);
      });
    }
    return loading;
  }

  function connect(): void {
    if (client || !active()) return;
    loadPusher()
      .then((Pusher) => {
        if (client || !active()) return;
        const tls = cfg.tls === '1';
        // WebSocket only: the one host the CSP allows (no SockJS/XHR fallback hosts, no stats).
        const options: Record<string, unknown> = {
          cluster: cfg.cluster || 'mt1',
          forceTLS: tls,
          enabledTransports: ['ws', 'wss'],
        };
        if (cfg.host) {
          options.wsHost = cfg.host;
          if (cfg.port) options.wsPort = options.wssPort = Number(cfg.port);
        }
        client = new Pusher(cfg.key ?? '', options);
        client.subscribe(cfg.channel ?? '').bind('desktopNotify', receive);
      })
      .catch((error: unknown) => {
        log('cannot connect', error);
      });
  }
  function disconnect(): void {
    if (client) client.disconnect();
    client = null;
  }

  function receive(data: unknown): void {
    if (!data || typeof data !== 'object') return;
    const announcement = readAnnouncement(data);
    if (!announcement) {
      log('ignored an announcement without a title or with an address outside this site');
      return;
    }
    const { title, body, url } = announcement;
    once(`${title}\n${body}\n${url}`, () => {
      show(title, body, url);
    });
  }

  /**
   * Every open tab receives the event; one shows it. A tab claims it with a Web Lock named after the
   * event, taken only if free and held for HOLD ms, so a tab whose copy arrives meanwhile skips it. The
   * lock is what decides: tabs may live in separate processes, whose localStorage copies catch up with
   * each other only asynchronously. The localStorage record (60 s) catches copies that arrive later,
   * and browsers without Web Locks; the notification tag folds whatever still slips through.
   */
  function once(key: string, showIt: () => void): void {
    function claim(): void {
      let stored: unknown = {};
      try {
        stored = JSON.parse(w.localStorage.getItem(SEEN) || '{}');
      } catch {
        stored = {};
      }
      const now = Date.now();
      const seen = freshSeen(stored, now);
      if (seen[key]) return;
      seen[key] = now;
      try {
        w.localStorage.setItem(SEEN, JSON.stringify(seen));
      } catch {
        // Without storage every tab shows it; the notification tag still folds them into one.
      }
      showIt();
    }
    if (!navigator.locks) {
      claim();
      return;
    }
    void navigator.locks.request(`${SEEN}\n${key}`, { ifAvailable: true }, (lock) => {
      if (!lock) return undefined; // another tab has it
      claim();
      return new Promise<void>((release) => {
        w.setTimeout(release, HOLD);
      });
    });
  }

  function show(title: string, body: string, url: string): void {
    if (!active()) {
      log('notifications are blocked');
      return;
    }
    try {
      const notification = new Notification(title, { body, tag: `sahakorn-${url}`, lang: 'th' });
      notification.addEventListener('click', (event) => {
        event.preventDefault();
        w.focus();
        notification.close();
        w.location.assign(`/show/${encodeURIComponent(url)}`);
      });
    } catch (error) {
      log('notifications are not supported here', error);
    }
  }

  function controls(): HTMLElement[] {
    return Array.from(d.querySelectorAll<HTMLElement>('[data-push-control]'));
  }
  function sync(): void {
    controls().forEach((control) => {
      control.querySelector('button')?.setAttribute('aria-pressed', active() ? 'true' : 'false');
    });
  }
  function toggle(): void {
    if (active()) {
      remember('off');
      disconnect();
      sync();
      return;
    }
    // Asked only here, when the visitor presses the control (never on page load).
    void Promise.resolve(Notification.requestPermission()).then((permission) => {
      if (permission === 'granted') {
        remember('on');
        connect();
      } else {
        log(`notifications are blocked (${permission})`);
      }
      sync();
    });
  }

  /** Reveals the server-rendered controls not yet set up (member pages also render new ones on navigation). */
  function activate(): void {
    controls().forEach((control) => {
      const button = control.querySelector('button');
      if (!button || control.dataset.pushReady) return;
      control.dataset.pushReady = '1';
      button.addEventListener('click', toggle);
      button.setAttribute('aria-pressed', active() ? 'true' : 'false');
      control.hidden = false;
    });
  }

  function start(): void {
    if (!supported) {
      log('this browser does not support notifications');
      return;
    }
    activate();
    if (typeof MutationObserver === 'function')
      new MutationObserver(activate).observe(d.body, { childList: true, subtree: true });
    connect();
    // Another tab switched notifications on or off.
    w.addEventListener('storage', (event) => {
      if (event.key !== CHOICE) return;
      if (active()) connect();
      else disconnect();
      sync();
    });
  }

  function whenIdle(): void {
    if (w.requestIdleCallback) w.requestIdleCallback(start, { timeout: 3000 });
    else w.setTimeout(start, 200);
  }
  if (d.readyState === 'complete') whenIdle();
  else w.addEventListener('load', whenIdle);
}

const meta = d.querySelector<HTMLMetaElement>('meta[name="push-config"]');
if (meta) notifications(meta.dataset);

// Sahakorn — desktop notifications (ADR 020, spec §7). Plain JavaScript for public and member pages
// alike, linked only when Pusher is configured. Nothing happens until the visitor presses the
// "รับการแจ้งเตือน" control: only then is notification permission asked for, and only for visitors who
// opted in and granted it is pusher-js (served from this site) loaded, once the page is idle. Blocked
// or unsupported notifications are only logged to the console (spec §8).
(function () {
  'use strict';
  var d = document;
  var w = window;
  var meta = d.querySelector('meta[name="push-config"]');
  if (!meta) return;
  var cfg = meta.dataset;
  var CHOICE = 'sahakorn-push';
  var SEEN = 'sahakorn-push-seen';
  var HOLD = 10000;
  /** What may follow /show/: a content number or slug; never a scheme, host or path. */
  var SAFE_URL = /^[A-Za-z0-9][A-Za-z0-9_.~-]{0,99}$/;
  var supported = 'Notification' in w;
  var client = null;
  var loading = null;

  function log(message, detail) {
    console.warn('Sahakorn notifications: ' + message, detail === undefined ? '' : detail);
  }
  function choice() {
    try {
      return w.localStorage.getItem(CHOICE);
    } catch {
      return null;
    }
  }
  function remember(value) {
    try {
      w.localStorage.setItem(CHOICE, value);
    } catch (error) {
      log('the choice cannot be remembered', error);
    }
  }
  function active() {
    return supported && choice() === 'on' && Notification.permission === 'granted';
  }

  function loadPusher() {
    if (w.Pusher) return Promise.resolve(w.Pusher);
    if (!loading) {
      loading = new Promise(function (resolve, reject) {
        var script = d.createElement('script');
        script.src = cfg.pusher;
        script.async = true;
        script.addEventListener('load', function () {
          if (w.Pusher) resolve(w.Pusher);
          else reject(new Error('pusher-js did not load'));
        });
        script.addEventListener('error', function () {
          loading = null;
          reject(new Error('pusher-js did not load'));
        });
        d.head.appendChild(script);
      });
    }
    return loading;
  }

  function connect() {
    if (client || !active()) return;
    loadPusher()
      .then(function (Pusher) {
        if (client || !active()) return;
        var tls = cfg.tls === '1';
        // WebSocket only: the one host the CSP allows (no SockJS/XHR fallback hosts, no stats).
        var options = { cluster: cfg.cluster || 'mt1', forceTLS: tls, enabledTransports: ['ws', 'wss'] };
        if (cfg.host) {
          options.wsHost = cfg.host;
          if (cfg.port) options.wsPort = options.wssPort = Number(cfg.port);
        }
        client = new Pusher(cfg.key, options);
        client.subscribe(cfg.channel).bind('desktopNotify', receive);
      })
      .catch(function (error) {
        log('cannot connect', error);
      });
  }
  function disconnect() {
    if (client) client.disconnect();
    client = null;
  }

  function receive(data) {
    if (!data || typeof data !== 'object') return;
    var title = typeof data.title === 'string' ? data.title.trim().slice(0, 200) : '';
    var body = typeof data.body === 'string' ? data.body.trim().slice(0, 500) : '';
    var url = typeof data.url === 'number' ? String(data.url) : typeof data.url === 'string' ? data.url : '';
    if (!title || !SAFE_URL.test(url)) {
      log('ignored an announcement without a title or with an address outside this site');
      return;
    }
    once(title + '\n' + body + '\n' + url, function () {
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
  function once(key, show) {
    function claim() {
      var seen = {};
      try {
        seen = JSON.parse(w.localStorage.getItem(SEEN) || '{}') || {};
      } catch {
        seen = {};
      }
      var now = Date.now();
      for (var k in seen) if (!(now - seen[k] < 60000)) delete seen[k];
      if (seen[key]) return;
      seen[key] = now;
      try {
        w.localStorage.setItem(SEEN, JSON.stringify(seen));
      } catch {
        // Without storage every tab shows it; the notification tag still folds them into one.
      }
      show();
    }
    if (!navigator.locks) return claim();
    navigator.locks.request(SEEN + '\n' + key, { ifAvailable: true }, function (lock) {
      if (!lock) return; // another tab has it
      claim();
      return new Promise(function (release) {
        w.setTimeout(release, HOLD);
      });
    });
  }

  function show(title, body, url) {
    if (!active()) {
      log('notifications are blocked');
      return;
    }
    try {
      var notification = new Notification(title, { body: body, tag: 'sahakorn-' + url, lang: 'th' });
      notification.addEventListener('click', function (event) {
        event.preventDefault();
        w.focus();
        notification.close();
        w.location.assign('/show/' + encodeURIComponent(url));
      });
    } catch (error) {
      log('notifications are not supported here', error);
    }
  }

  function controls() {
    return Array.prototype.slice.call(d.querySelectorAll('[data-push-control]'));
  }
  function sync() {
    controls().forEach(function (control) {
      var button = control.querySelector('button');
      if (button) button.setAttribute('aria-pressed', active() ? 'true' : 'false');
    });
  }
  function toggle() {
    if (active()) {
      remember('off');
      disconnect();
      sync();
      return;
    }
    // Asked only here, when the visitor presses the control (never on page load).
    Promise.resolve(Notification.requestPermission()).then(function (permission) {
      if (permission === 'granted') {
        remember('on');
        connect();
      } else {
        log('notifications are blocked (' + permission + ')');
      }
      sync();
    });
  }

  /** Reveals the server-rendered controls not yet set up (member pages also render new ones on navigation). */
  function activate() {
    controls().forEach(function (control) {
      var button = control.querySelector('button');
      if (!button || control.dataset.pushReady) return;
      control.dataset.pushReady = '1';
      button.addEventListener('click', toggle);
      button.setAttribute('aria-pressed', active() ? 'true' : 'false');
      control.hidden = false;
    });
  }

  function start() {
    if (!supported) {
      log('this browser does not support notifications');
      return;
    }
    activate();
    if (w.MutationObserver) new MutationObserver(activate).observe(d.body, { childList: true, subtree: true });
    connect();
    // Another tab switched notifications on or off.
    w.addEventListener('storage', function (event) {
      if (event.key !== CHOICE) return;
      if (active()) connect();
      else disconnect();
      sync();
    });
  }

  function whenIdle() {
    if (w.requestIdleCallback) w.requestIdleCallback(start, { timeout: 3000 });
    else w.setTimeout(start, 200);
  }
  if (d.readyState === 'complete') whenIdle();
  else w.addEventListener('load', whenIdle);
})();

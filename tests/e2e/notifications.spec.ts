import { spawn, type ChildProcess } from 'node:child_process';
import path from 'node:path';

import type { APIRequestContext, Page } from '@playwright/test';

import { E2E_DATA_DIR, E2E_HTTP_MODE, E2E_PORT, FULL_CHROMIUM_PATH, chromium } from '../../playwright.config';
import { openDb, type Db } from '../../app/server/db/index.server';
import { parseEnv } from '../../app/server/env.server';
import { pushTrigger } from '../../app/server/content/push.server';
import { main as publish } from '../../scripts/publish';
import { startTestPusherServer, type TestPusherServer } from '../pusher/test-server';
import { DEMO, expect, logIn, signIn, test } from './fixtures';
import { clientScript, scriptName, scriptUrlsInHtml } from './scripts';

/**
 * Desktop notifications (ADR 020). The suite's own server has no Pusher configuration;
 * a second Sahakorn server (E2E_PORT + 1) is configured for the test Pusher-protocol server
 * (E2E_PORT + 10), which the real pusher-js connects to and the real `pusher` SDK triggers. Each
 * parallel worker has its own pair (ports + its parallel index): the suite runs fully parallel, so
 * both workers may be in the configured group at once.
 */
const SLOT = Number(process.env.TEST_PARALLEL_INDEX ?? 0);
const LIVE_PORT = Number(process.env.E2E_PUSH_PORT ?? E2E_PORT + 1) + SLOT;
const PUSHER_PORT = Number(process.env.E2E_PUSHER_PORT ?? E2E_PORT + 10) + SLOT;
const LIVE = `http://127.0.0.1:${LIVE_PORT}`;
const LIVE_DATA_DIR = `${E2E_DATA_DIR}-push-${SLOT}`;
const APP = { appId: 'e2e-app', key: 'e2e-key', secret: 'e2e-secret-not-for-production' };
const CHANNEL = 'e2e-announcements';
const PUSH_ENV = {
  DATA_DIR: LIVE_DATA_DIR,
  PUBLIC_URL: LIVE,
  PUSHER_APP_ID: APP.appId,
  PUSHER_KEY: APP.key,
  PUSHER_SECRET: APP.secret,
  PUSHER_HOST: '127.0.0.1',
  PUSHER_PORT: String(PUSHER_PORT),
  PUSHER_TLS: '0',
  PUSHER_CHANNEL: CHANNEL,
  LOG_LEVEL: 'silent',
};
const LABEL = 'รับการแจ้งเตือน';

/** Records every notification the page creates (and permission requests), keeping the real API. */
const RECORD_NOTIFICATIONS = `(() => {
  const Real = window.Notification;
  if (!Real) return;
  const shown = [];
  const requests = [];
  class Recorded extends Real {
    constructor(title, options) {
      super(title, options);
      shown.push({ title, body: (options && options.body) || '' });
      window.__lastNotification = this;
    }
    static get permission() { return Real.permission; }
    static requestPermission() { requests.push(Date.now()); return Real.requestPermission(); }
  }
  window.Notification = Recorded;
  window.__notifications = shown;
  window.__permissionRequests = requests;
})();`;

const notifications = (page: Page) =>
  page.evaluate(() => (window as unknown as { __notifications: { title: string; body: string }[] }).__notifications);
const permissionRequests = (page: Page) =>
  page.evaluate(() => (window as unknown as { __permissionRequests: number[] }).__permissionRequests.length);

/** Script requests of a page: the push bundle and pusher-js are the ones this feature could add. */
function scriptRequests(page: Page): string[] {
  const requested: string[] = [];
  page.on('request', (r) => {
    if (r.resourceType() === 'script') requested.push(new URL(r.url()).pathname);
  });
  return requested;
}

/** Lets the page reach idle (the push bundle starts then) and a little longer. */
async function settle(page: Page) {
  await page.waitForLoadState('load');
  // A tab in the background may get no idle time at all: it is brought to the front, and the wait is bounded.
  await page.bringToFront();
  await page.evaluate(
    () => new Promise((resolve) => requestIdleCallback(() => setTimeout(resolve, 500), { timeout: 2000 })),
  );
}

/** Every script a page asks for on first load: classic scripts, module preloads and module imports. */
async function firstLoadScripts(request: APIRequestContext, url: string, base = '') {
  const html = await (await request.get(base + url)).text();
  const urls = new Set(scriptUrlsInHtml(html));
  for (const m of html.matchAll(/<link rel="modulepreload" href="([^"]+)"/g)) urls.add(m[1] ?? '');
  for (const m of html.matchAll(/import\s*(?:\*\s*as\s*\w+\s*from\s*)?"([^"]+\.js)"/g)) urls.add(m[1] ?? '');
  const bodies = await Promise.all([...urls].map(async (u) => (await request.get(base + u)).text()));
  return { html, urls: [...urls].map((u) => u.replace(/\?.*$/, '')), text: bodies.join('\n') };
}

/** pusher-js's own text (its WebSocket transport's host pattern): never in first-load JavaScript. */
const PUSHER_JS = /pusher\.com|sockjs/;

// The full browser: the headless shell (ADR 027) reports Notification.permission as 'denied' even
// when it was granted.
test.use({ launchOptions: { ...chromium.launchOptions, executablePath: FULL_CHROMIUM_PATH } });

test.describe('without Pusher configuration', () => {
  test('public and member pages load no notification script and show no control', async ({
    page,
    axe,
    playwright,
    baseURL,
    javaScriptEnabled,
  }) => {
    const requested = scriptRequests(page);
    const response = await page.goto('/home');
    await axe();
    if (javaScriptEnabled) await settle(page);
    await expect(page.getByRole('button', { name: LABEL })).toHaveCount(0);
    expect(requested.map(scriptName)).toEqual(javaScriptEnabled ? ['enhance'] : []);
    expect(response?.headers()['content-security-policy']).toContain("connect-src 'self';");

    await signIn(page, axe, DEMO);
    if (javaScriptEnabled) await settle(page);
    await expect(page.getByRole('button', { name: LABEL })).toHaveCount(0);
    expect(requested.filter((p) => /push|pusher/.test(p))).toEqual([]);

    // First-load JavaScript: /home is the enhance bundle alone; /member/status has no notification code.
    const request = await playwright.request.newContext({ baseURL, extraHTTPHeaders: { Origin: baseURL ?? '' } });
    const home = await firstLoadScripts(request, '/home');
    expect(home.urls.map(scriptName)).toEqual(['enhance']);
    expect(home.html).not.toContain('push-config');
    await request.post('/member/logon', {
      form: { membershipNo: DEMO.membershipNo, password: DEMO.password },
      maxRedirects: 0,
    });
    const member = await firstLoadScripts(request, '/member/status');
    expect(member.html).not.toContain('push-config');
    expect(member.urls.filter((u) => /push/.test(u))).toEqual([]);
    expect(member.text).not.toMatch(PUSHER_JS);
    await request.dispose();
  });
});

test.describe('with Pusher configured', () => {
  // These start servers of their own in embedded mode: the same in either run of the suite.
  test.skip(E2E_HTTP_MODE, 'runs once, with the embedded suite');
  let pusher: TestPusherServer;
  let server: ChildProcess;
  let db: Db;

  test.beforeAll(async () => {
    test.setTimeout(120_000);
    pusher = await startTestPusherServer({ port: PUSHER_PORT, ...APP });
    server = spawn(path.resolve('node_modules/.bin/node'), ['server.js'], {
      env: {
        PATH: process.env.PATH ?? '',
        NODE_ENV: 'production',
        ...PUSH_ENV,
        PORT: String(LIVE_PORT),
        HOST: '127.0.0.1',
        SEED_DEMO: '1',
        SEED_MEMBERS: '20',
        LOG_LEVEL: 'warn',
        LOGIN_MAX_FAILURES_PER_ADDRESS: '100000',
        WEB_CONCURRENCY: '1',
      },
      stdio: ['ignore', 'ignore', 'inherit'],
    });
    for (let i = 0; ; i++) {
      try {
        if ((await fetch(`${LIVE}/healthz`)).ok) break;
      } catch {
        // not listening yet
      }
      if (i > 400) throw new Error('the configured server did not start');
      await new Promise((r) => setTimeout(r, 250));
    }
    db = openDb({ dataDir: LIVE_DATA_DIR });
  });

  test.afterAll(async () => {
    await db?.destroy();
    server?.kill('SIGTERM');
    await pusher?.close();
  });

  test('the control is hidden without JavaScript; the CSP allows exactly the Pusher server', async ({
    page,
    axe,
    javaScriptEnabled,
  }) => {
    const response = await page.goto(`${LIVE}/home`);
    await axe();
    const csp = response?.headers()['content-security-policy'] ?? '';
    expect(csp).toContain(`connect-src 'self' ws://127.0.0.1:${PUSHER_PORT};`);
    expect(csp.match(/ws:\/\/|wss:\/\//g)).toHaveLength(1);
    const html = (await response?.text()) ?? '';
    expect(html).not.toContain(APP.secret);
    expect(html).not.toContain(APP.appId);
    if (!javaScriptEnabled) {
      await expect(page.getByRole('button', { name: LABEL })).toHaveCount(0);
      expect(pusher.upgrades).toEqual([]);
    }
  });

  test('not opted in: the control is offered, nothing is asked and pusher-js is not loaded', async ({
    page,
    axe,
    javaScriptEnabled,
  }) => {
    test.skip(!javaScriptEnabled, 'notifications need scripts');
    await page.context().grantPermissions(['notifications'], { origin: LIVE });
    await page.addInitScript({ content: RECORD_NOTIFICATIONS });
    const requested = scriptRequests(page);
    const before = pusher.upgrades.length;
    await page.goto(`${LIVE}/home`);
    await settle(page);
    await axe();
    await expect(page.getByRole('button', { name: LABEL })).toHaveAttribute('aria-pressed', 'false');
    expect(requested.map(scriptName)).toEqual(['enhance', 'push']);
    expect(await permissionRequests(page)).toBe(0);
    expect(pusher.upgrades.length).toBe(before);
  });

  test('blocked notifications are only logged: nothing is loaded', async ({ page, axe, javaScriptEnabled }) => {
    test.skip(!javaScriptEnabled, 'notifications need scripts');
    await page.addInitScript({
      content: `Object.defineProperty(Notification, 'permission', { get: () => 'denied' });
        Notification.requestPermission = () => Promise.resolve('denied');`,
    });
    const warnings: string[] = [];
    page.on('console', (m) => {
      if (m.type() === 'warning') warnings.push(m.text());
    });
    const requested = scriptRequests(page);
    await page.goto(`${LIVE}/home`);
    await settle(page);
    await axe();
    const control = page.getByRole('button', { name: LABEL });
    await control.click();
    await expect
      .poll(() => warnings.join('\n'))
      .toContain('Sahakorn notifications: notifications are blocked (denied)');
    await expect(control).toHaveAttribute('aria-pressed', 'false');
    expect(requested.some((p) => p.startsWith('/vendor/'))).toBe(false);
  });

  test('the push bundle and pusher-js are cached for a year under their current names only', async ({ request }) => {
    const html = await (await request.get(`${LIVE}/home`)).text();
    const push = scriptUrlsInHtml(html).find((src) => scriptName(src) === 'push');
    const pusherJs = /data-pusher="([^"]+)"/.exec(html)?.[1];
    expect(push).toMatch(clientScript('push'));
    expect(pusherJs).toMatch(/\?v=[0-9a-f]{12}$/);
    for (const src of [push, pusherJs]) {
      const current = await request.get(`${LIVE}${src ?? ''}`);
      expect(current.status()).toBe(200);
      expect(current.headers()['content-type']).toMatch(/javascript/);
      expect(current.headers()['cache-control']).toBe('public, max-age=31536000, immutable');
    }
    // Another build's bundle is no file here; another version of pusher-js is not kept for a year.
    expect((await request.get(`${LIVE}/build/client/push-00000000.js`)).status()).toBe(404);
    const stale = await request.get(`${LIVE}${(pusherJs ?? '').replace(/v=\w+/, 'v=000000000000')}`);
    expect(stale.headers()['cache-control']).not.toContain('immutable');
  });

  test('opting in subscribes through pusher-js; publishing shows one notification that opens /show/{url}', async ({
    page,
    axe,
    javaScriptEnabled,
  }) => {
    test.skip(!javaScriptEnabled, 'notifications need scripts');
    test.slow();
    const context = page.context();
    await context.grantPermissions(['notifications'], { origin: LIVE });
    await context.addInitScript({ content: RECORD_NOTIFICATIONS });
    const requested = scriptRequests(page);
    await page.goto(`${LIVE}/home`);
    await settle(page);
    await axe();
    const control = page.getByRole('button', { name: LABEL });
    expect(requested.some((p) => p.startsWith('/vendor/pusher'))).toBe(false);
    const subscribed = pusher.connections().filter((c) => c.channels.includes(CHANNEL)).length;
    await control.click();
    await expect(control).toHaveAttribute('aria-pressed', 'true');
    expect(await permissionRequests(page)).toBe(1);
    await pusher.waitForSubscribers(CHANNEL, subscribed + 1);
    expect(requested).toContain('/vendor/pusher.min.js');
    await axe();

    // A second tab of the same visitor: the choice is remembered, it subscribes without asking.
    const second = await context.newPage();
    await second.goto(`${LIVE}/board`);
    await settle(second);
    await expect(second.getByRole('button', { name: LABEL })).toHaveAttribute('aria-pressed', 'true');
    expect(await permissionRequests(second)).toBe(0);
    await pusher.waitForSubscribers(CHANNEL, subscribed + 2);

    // Hostile addresses are ignored (nothing is shown); the listener goes on working.
    const trigger = pushTrigger(parseEnv(PUSH_ENV));
    for (const url of ['https://evil.example/x', '//evil.example/x', '../member/status', 'javascript:alert(1)']) {
      await trigger?.send({ title: `อันตราย ${url}`, body: '', url });
    }

    // Publishing a hidden item makes it visible and announces it (the real `pusher` SDK).
    const item = await db
      .selectFrom('content_items')
      .select(['no', 'title'])
      .where('category', '!=', 'term_of_conditional')
      .where('disabled', '=', 0)
      .orderBy('no', 'desc')
      .executeTakeFirstOrThrow();
    await db.updateTable('content_items').set({ disabled: 1 }).where('no', '=', item.no).execute();
    const out: string[] = [];
    const err: string[] = [];
    const code = await publish([String(item.no)], PUSH_ENV, { out: (l) => out.push(l), err: (l) => err.push(l) });
    expect(err).toEqual([]);
    expect(code).toBe(0);
    expect(out).toEqual([`Published ${LIVE}/show/${item.no}`, `Announced on channel ${CHANNEL}.`]);

    // One notification for both tabs together, with the item's title; none for the hostile ones.
    await expect
      .poll(async () => [...(await notifications(page)), ...(await notifications(second))].map((n) => n.title))
      .toEqual([item.title]);

    // Its click, in whichever tab showed it, brings this site's /show/{url} there.
    const shower = (await notifications(page)).length ? page : second;
    if (shower === page) await second.close();
    await shower.evaluate(() =>
      (window as unknown as { __lastNotification: Notification }).__lastNotification.dispatchEvent(new Event('click')),
    );
    await expect(shower).toHaveURL(`${LIVE}/show/${item.no}`);
    await expect(shower.getByRole('heading', { level: 1 })).toContainText(item.title.slice(0, 20));
    await axe(shower);

    // Pressing the control again switches it off for this visitor.
    await settle(shower);
    await shower.getByRole('button', { name: LABEL }).click();
    await expect(shower.getByRole('button', { name: LABEL })).toHaveAttribute('aria-pressed', 'false');
    await shower.reload();
    await settle(shower);
    await axe(shower);
    await expect(shower.getByRole('button', { name: LABEL })).toHaveAttribute('aria-pressed', 'false');
  });

  test('member pages offer the same control; their first-load JavaScript has no pusher-js', async ({
    page,
    axe,
    playwright,
    javaScriptEnabled,
  }) => {
    await page.goto(`${LIVE}/member/logon`);
    await axe();
    await logIn(page, DEMO.membershipNo, DEMO.password);
    await expect(page).toHaveURL(`${LIVE}/member/status`);
    await axe();
    if (javaScriptEnabled) {
      await settle(page);
      await expect(
        page.getByRole('navigation', { name: 'เมนูสมาชิก' }).getByRole('button', { name: LABEL }),
      ).toHaveAttribute('aria-pressed', 'false');
    } else {
      await expect(page.getByRole('button', { name: LABEL })).toHaveCount(0);
    }

    const request = await playwright.request.newContext({ baseURL: LIVE, extraHTTPHeaders: { Origin: LIVE } });
    await request.post('/member/logon', {
      form: { membershipNo: DEMO.membershipNo, password: DEMO.password },
      maxRedirects: 0,
    });
    for (const url of ['/home', '/member/status']) {
      const scripts = await firstLoadScripts(request, url, LIVE);
      expect(scripts.text, url).not.toMatch(PUSHER_JS);
      expect(
        scripts.urls.filter((u) => u.startsWith('/vendor/')),
        url,
      ).toEqual([]);
    }
    await request.dispose();
  });
});

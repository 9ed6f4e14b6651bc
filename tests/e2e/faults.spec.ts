import fs from 'node:fs';
import path from 'node:path';

import type { APIRequestContext } from '@playwright/test';

import { E2E_DATA_DIR, E2E_HTTP_MODE, E2E_PORT } from '../../playwright.config';
import { startServer, type RunningServer } from '../server/process';
import { FAULTS, MORE_FAULTS, startFaultCore, type Fault, type FaultCore } from '../support/fault-core';
import { DEMO, expect, fillTopic, logIn, postTopic, test as base } from './fixtures';

const test = base.extend<{
  /** Plain requests to the front with the cookie banner accepted, disposed after the test. */
  http: APIRequestContext;
}>({
  http: async ({ playwright }, use) => {
    const http = await playwright.request.newContext({ extraHTTPHeaders: { Cookie: 'acceptCookie=Y' } });
    await use(http);
    await http.dispose();
  },
});

/**
 * When the core misbehaves (ADR 021). Each parallel worker starts its own chain: a Sahakorn
 * in embedded mode as the core (it serves the vendor API, with the demo data), the fault-injection
 * proxy in front of it, and a Sahakorn in http mode reading from the proxy with a short timeout. The
 * breaker is set out of reach (COOP_BREAKER_FAILURES), so every call meets the fault itself; the
 * breaker has its own unit tests. Each fault is driven through a public page (the menu), the search,
 * the login form and a member feed.
 */
// It starts its own chain of servers, so it is the same in either run of the suite: run it once.
test.skip(E2E_HTTP_MODE, 'runs once, with the embedded suite');

const SLOT = Number(process.env.TEST_PARALLEL_INDEX ?? 0);
const CORE_PORT = E2E_PORT + 20 + SLOT;
const PROXY_PORT = E2E_PORT + 22 + SLOT;
const FRONT_PORT = E2E_PORT + 24 + SLOT;
const FRONT = `http://127.0.0.1:${FRONT_PORT}`;
// Short, yet long enough for a core on a busy CI machine to answer a cold read in time.
const TIMEOUT_MS = 1500;

const MENU = '/api/info/manu';
const SEARCH = '/api/info/list/smartsearch';
const LOGIN = '/api/member/auth/login';
const SHARE = '/api/member/member_share';
const STATUS = '/api/member/member_status';
const AUTH_USER = '/api/member/auth/getAuthUser';
/** Shared by the front and the core: the core counts board postings per visitor (ADR 042). */
const FORWARD_SECRET = 'e2e-forward-secret-not-for-production-0001';
/** The core's board limit per visitor in these tests; the front's own is set out of reach. */
const CORE_BOARD_LIMIT = 2;

const UNAVAILABLE = 'ไม่สามารถเชื่อมต่อได้';
const STALE = /^ข้อมูล ณ วันที่ \d{1,2} \S+ \d{4} \d{2}:\d{2}\sน\.$/;
const SEARCHED = 'สหกรณ์';
/** A search never made while the core answers: it has no kept copy. */
const UNSEEN = `/search?q=${encodeURIComponent('ไม่เคยค้นหา')}`;

let core: RunningServer;
let faults: FaultCore;
let front: RunningServer;

test.beforeAll(async () => {
  test.setTimeout(180_000);
  const dir = (name: string) => {
    const at = path.resolve(`${E2E_DATA_DIR}-faults-${name}-${SLOT}`);
    fs.rmSync(at, { recursive: true, force: true });
    return at;
  };
  core = await startServer({
    PORT: String(CORE_PORT),
    DATA_DIR: dir('core'),
    SEED_DEMO: '1',
    SEED_MEMBERS: '20',
    LOGIN_MAX_FAILURES_PER_ADDRESS: '100000',
    COOP_FORWARD_SECRET: FORWARD_SECRET,
    BOARD_MAX_POSTS_PER_ADDRESS: String(CORE_BOARD_LIMIT),
  });
  faults = await startFaultCore({
    port: PROXY_PORT,
    upstream: `http://127.0.0.1:${CORE_PORT}/`,
    slowMs: 3 * TIMEOUT_MS,
  });
  front = await startServer({
    PORT: String(FRONT_PORT),
    DATA_DIR: dir('front'),
    COOP_BACKEND: 'http',
    COOP_API_URL: faults.url,
    COOP_TIMEOUT_MS: String(TIMEOUT_MS),
    COOP_BREAKER_FAILURES: '10000',
    COOKIE_SECURE: '0',
    // Every request reaches the core (no feed cache).
    FEED_CACHE_SECONDS: '0',
    LOGIN_MAX_FAILURES_PER_ADDRESS: '100000',
    LOG_LEVEL: 'info',
    // Visitors are told apart by X-Forwarded-For here (the board test), and named to the core.
    TRUST_PROXY: '1',
    COOP_FORWARD_SECRET: FORWARD_SECRET,
    BOARD_MAX_POSTS_PER_ADDRESS: '1000',
  });
  // The first reads of a cold core are slow: warm it up through the front before timing anything.
  const home = await answered('/home');
  for (const url of [`/search?q=${encodeURIComponent(SEARCHED)}`]) await answered(url);
  topicList = /href="(\/list\/[^"?#]+)"/.exec(home)?.[1] ?? '';
  expect(topicList, 'a topic list linked from the home page').not.toBe('');
});

/** A topic list page linked from the home page (its feed is paged: `api/info/list/{topic}`). */
let topicList = '';

/** GETs `url` from the front until it answers 200 (the core may be slow to answer at first). */
async function answered(url: string): Promise<string> {
  for (let attempt = 1; ; attempt++) {
    const response = await fetch(`${FRONT}${url}`, { headers: { Cookie: 'acceptCookie=Y' } });
    const text = await response.text();
    if (response.status === 200) return text;
    if (attempt === 5) throw new Error(`${url} answered ${response.status}`);
    await new Promise((resolve) => setTimeout(resolve, 1000));
  }
}

test.afterAll(async () => {
  for (const server of [front, core]) {
    server?.child.kill('SIGTERM');
    await server?.exited;
  }
  await faults?.close();
});

const failureLines = (endpoint: string) =>
  front.lines.filter((line) => line.msg === 'coop upstream failure' && line.endpoint === endpoint);

/** The labels of the header's menu in a page's HTML. */
const menuOf = (html: string) => [...html.matchAll(/class="menu__link"[^>]*>([^<]+)</g)].map((m) => m[1]);
/** The content items a search page links to. */
const hitsOf = (html: string) => [...html.matchAll(/href="(\/show\/\d+)"/g)].map((m) => m[1]);

/**
 * Every test starts with the core answering, and with the cookie banner accepted: the banner carries
 * the page's address, and without it pages look alike from test to test.
 */
test.beforeEach(async ({ context }) => {
  faults.clear();
  await context.addCookies([{ name: 'acceptCookie', value: 'Y', url: FRONT }]);
});

/** Both fault matrices fail the core under member pages, which answer 503: the browser reports it on its console. */
test.describe(() => {
  test.beforeEach(({ allowConsoleError }) => allowConsoleError(/status of 503/));

  /*
   * One test per fault and project. Pages whose markup is the same in every test (the login form, the
   * 503 pages) are checked by axe once per worker (the fixture remembers clean pages), so most steps
   * that need no browser go over plain HTTP and each test stays short.
   */
  for (const fault of FAULTS) {
    test(`${fault}: public pages keep their last good copy, marked; login keeps the form; member pages answer 503`, async ({
      page,
      axe,
      javaScriptEnabled,
      http,
    }) => {
      const tag = `${fault}-${javaScriptEnabled ? 'js' : 'nojs'}`;

      // While the core answers, the menu and a search are read and kept.
      const menu = menuOf(await answered(`/home?v=${tag}`));
      expect(menu.length).toBeGreaterThan(1);
      const searched = `${FRONT}/search?q=${encodeURIComponent(SEARCHED)}&v=${tag}`;
      const hits = hitsOf(await answered(searched.slice(FRONT.length)));
      const dialogSearch = `/search/fragment?q=${encodeURIComponent(SEARCHED)}`;
      const dialogHits = hitsOf(await answered(dialogSearch));
      expect(hits.length).toBeGreaterThan(0);

      // The menu fails: the page is served with the kept menu, marked with its age, and never stored.
      faults.fail(MENU, fault);
      const staleHome = `${FRONT}/home?v=${tag}-stale`;
      let response = await page.goto(staleHome);
      expect(response?.status()).toBe(200);
      expect(response?.headers()['cache-control']).toBe('no-store');
      expect(response?.headers().etag).toBeUndefined();
      await expect(page.getByRole('status').filter({ hasText: 'ข้อมูล ณ วันที่' })).toHaveText(STALE);
      expect(await page.locator('.site-header .menu__link').allInnerTexts()).toEqual(menu);
      await axe();
      expect(failureLines('infoManu').length).toBeGreaterThan(0);
      const stillStale = await http.get(staleHome);
      expect(stillStale.headers()['cache-control']).toBe('no-store');
      expect(await stillStale.text()).toContain('ข้อมูล ณ วันที่');

      // The core is back: the fresh page replaces it, and that one may be kept by a shared cache.
      faults.clear();
      const fresh = await http.get(staleHome);
      expect(fresh.status()).toBe(200);
      expect(fresh.headers()['cache-control']).toMatch(/^public/);
      expect(fresh.headers().etag).toBeTruthy();
      expect(await fresh.text()).not.toContain('ข้อมูล ณ วันที่');

      // The search fails: a search made before answers from its copy, marked; a new one gets the 503
      // page inside the public layout, with a link to try the same address again.
      faults.fail(SEARCH, fault);
      const kept = await http.get(`${searched}-stale`);
      expect(kept.status()).toBe(200);
      expect(kept.headers()['cache-control']).toBe('no-store');
      const keptHtml = await kept.text();
      expect(keptHtml).toMatch(/ข้อมูล ณ วันที่ \d{1,2} \S+ \d{4} \d{2}:\d{2}\sน\./);
      expect(hitsOf(keptHtml)).toEqual(hits);
      // The search dialog's fragment likewise (the enhancement script fetches it).
      const fragment = await http.get(`${FRONT}${dialogSearch}`);
      expect(fragment.status()).toBe(200);
      expect(fragment.headers()['cache-control']).toBe('no-store');
      const fragmentHtml = await fragment.text();
      expect(fragmentHtml).toMatch(/role="status">ข้อมูล ณ วันที่ /);
      expect(hitsOf(fragmentHtml)).toEqual(dialogHits);
      response = await page.goto(`${FRONT}${UNSEEN}`);
      expect(response?.status()).toBe(503);
      await expect(page.getByRole('heading', { level: 1, name: UNAVAILABLE })).toBeVisible();
      await expect(page.getByRole('link', { name: 'ลองใหม่อีกครั้ง' })).toHaveAttribute('href', UNSEEN);
      expect(await page.locator('.site-header .menu__link').allInnerTexts()).toEqual(menu);
      await expect(page).toHaveTitle(new RegExp(`^${UNAVAILABLE}`));
      await axe();
      faults.clear();

      // Login fails: the number typed stays, the password does not, the error shows; sent once.
      faults.fail(LOGIN, fault);
      await page.goto(`${FRONT}/member/logon`);
      await axe();
      const sent = faults.hits(LOGIN);
      const logged = failureLines('login').length;
      const answer = page.waitForResponse(
        (r) => r.request().method() === 'POST' && new URL(r.url()).pathname === '/member/logon',
      );
      await logIn(page, DEMO.membershipNo, DEMO.password);
      expect((await answer).status()).toBe(503);
      await expect(page.getByRole('alert')).toContainText(UNAVAILABLE);
      await expect(page.getByLabel('หมายเลขสมาชิก')).toHaveValue(DEMO.membershipNo);
      await expect(page.getByLabel('รหัสผ่าน', { exact: true })).toHaveValue('');
      await axe();
      expect(faults.hits(LOGIN) - sent).toBe(1);
      // One log line for the failure, with neither the password nor a token.
      expect(failureLines('login').length - logged).toBe(1);
      expect(JSON.stringify(front.lines)).not.toContain(DEMO.password);
      expect(JSON.stringify(front.lines)).not.toMatch(/bearer|eyJ/i);
      expect(JSON.stringify(failureLines('login'))).not.toContain(DEMO.membershipNo);
      faults.clear();

      // A member feed fails: 'cannot connect' inside the member layout, HTTP 503, and a retry link.
      await logIn(page, DEMO.membershipNo, DEMO.password);
      await expect(page).toHaveURL(/\/member\/status$/);
      await axe();
      faults.fail(SHARE, fault);
      response = await page.goto(`${FRONT}/member/share`);
      expect(response?.status()).toBe(503);
      await expect(page.getByRole('heading', { level: 1, name: UNAVAILABLE })).toBeVisible();
      await expect(page.getByRole('navigation', { name: 'เมนูสมาชิก' })).toBeVisible();
      const retry = page.getByRole('link', { name: 'ลองใหม่อีกครั้ง' });
      await expect(retry).toHaveAttribute('href', '/member/share');
      await axe();
      faults.clear();
      await retry.click();
      await expect(page.getByRole('heading', { level: 1, name: 'ทุนเรือนหุ้น' })).toBeVisible();
      await axe();
    });
  }

  /**
   * The rest of the audit's fault modes (ADR 042) against one public page, one member page, the session
   * check and the login, with the status and the Thai message each must give. Plain requests and forms
   * (no scripts), so run once, in the project without JavaScript, to keep the spec's time bounded; the
   * tests above drive the first six faults through the same pages with scripts on and off, and the
   * adapter's unit tests put every mode to the session check.
   *
   * Two modes change what only some answers carry: `other-member` (member numbers: the profile and the
   * login's member) and `contradiction` (paginators: a topic list and the share statement); answers
   * without it pass unchanged, so those checks are left out for them.
   */
  for (const fault of MORE_FAULTS as readonly Fault[]) {
    test(`${fault}: a public page keeps its copy or answers 503, login and member pages 503, the session and the counters kept`, async ({
      page,
      axe,
      javaScriptEnabled,
      http,
    }) => {
      test.skip(javaScriptEnabled, 'plain requests and forms: run once, without scripts');
      const tag = `matrix-${fault}`;
      const everywhere = fault !== 'other-member' && fault !== 'contradiction';

      // A public page read before: its kept copy, marked, HTTP 200. One never read: 503 in the layout.
      if (fault !== 'other-member') {
        const [feed, url] =
          fault === 'contradiction'
            ? [`/api/info/list/${topicList.slice('/list/'.length)}`, `${topicList}?v=${tag}`]
            : [MENU, `/home?v=${tag}`];
        await answered(url);
        faults.fail(feed, fault);
        const kept = await http.get(`${FRONT}${url}-stale`);
        expect(kept.status()).toBe(200);
        expect(kept.headers()['cache-control']).toBe('no-store');
        expect(await kept.text()).toMatch(/ข้อมูล ณ วันที่ \d{1,2} \S+ \d{4} \d{2}:\d{2}\sน\./);
        if (everywhere) {
          faults.fail(SEARCH, fault);
          const unseen = await http.get(`${FRONT}/search?q=${encodeURIComponent(`ไม่เคยค้นหา ${tag}`)}`);
          expect(unseen.status()).toBe(503);
          expect(await unseen.text()).toContain(UNAVAILABLE);
        }
        faults.clear();
      }

      // Login: 503 with 'cannot connect', and never counted as a wrong password — a core answering
      // 401 to everything leaves the member able to log in as soon as it is healthy.
      await page.goto(`${FRONT}/member/logon`);
      await axe();
      if (fault !== 'contradiction') {
        faults.fail(LOGIN, fault);
        const tries = fault === 'unauthorized' ? 6 : 1;
        for (let i = 0; i < tries; i++) {
          const answer = page.waitForResponse(
            (r) => r.request().method() === 'POST' && new URL(r.url()).pathname === '/member/logon',
          );
          await logIn(page, DEMO.membershipNo, DEMO.password);
          expect((await answer).status()).toBe(503);
          await expect(page.getByRole('alert')).toContainText(UNAVAILABLE);
          await axe();
        }
        faults.clear();
      }
      await logIn(page, DEMO.membershipNo, DEMO.password);
      await expect(page).toHaveURL(/\/member\/status$/);
      await axe();

      // A member page whose feed fails: 503 inside the member layout.
      const [feed, memberPage, heading] =
        fault === 'other-member' ? [STATUS, '/member/status', 'ข้อมูลส่วนตัว'] : [SHARE, '/member/share', 'ทุนเรือนหุ้น'];
      faults.fail(feed, fault);
      let response = await page.goto(`${FRONT}${memberPage}`);
      expect(response?.status()).toBe(503);
      await expect(page.getByRole('heading', { level: 1, name: UNAVAILABLE })).toBeVisible();
      await expect(page.getByRole('navigation', { name: 'เมนูสมาชิก' })).toBeVisible();
      await axe();
      faults.clear();

      // The session check fails: 503 too, and the session is kept (only a refusal ends it).
      if (everywhere) {
        faults.fail(AUTH_USER, fault);
        response = await page.goto(`${FRONT}/member/share?v=${tag}`);
        expect(response?.status()).toBe(503);
        await expect(page.getByRole('heading', { level: 1, name: UNAVAILABLE })).toBeVisible();
        await axe();
        faults.clear();
      }
      response = await page.goto(`${FRONT}${memberPage}`);
      expect(response?.status()).toBe(200);
      await expect(page.getByRole('heading', { level: 1, name: heading })).toBeVisible();
      await axe();
    });
  }
});

test('a Sahakorn core counts board postings per visitor behind the front; over its limit the board says try later', async ({
  page,
  axe,
  allowConsoleError,
  javaScriptEnabled,
}) => {
  allowConsoleError(/status of 429/);
  const visitor = (n: number) => `198.51.100.${(javaScriptEnabled ? 10 : 20) + n}`;
  const post = async (address: string, title: string) => {
    await page.setExtraHTTPHeaders({ 'X-Forwarded-For': address });
    await page.goto(`${FRONT}/boardPost`);
    await axe();
    await fillTopic(page, { title, body: 'ข้อความทดสอบขีดจำกัดการตั้งกระทู้', name: 'ผู้ทดสอบ' });
    const answer = page.waitForResponse(
      (r) => r.request().method() === 'POST' && new URL(r.url()).pathname === '/boardPost',
    );
    await page.getByRole('button', { name: 'ตั้งกระทู้' }).click();
    return (await answer).status();
  };
  const tag = javaScriptEnabled ? 'js' : 'nojs';

  // One visitor reaches the core's limit: the next posting is refused with the board's own message.
  for (let i = 1; i <= CORE_BOARD_LIMIT; i++) {
    await post(visitor(1), `กระทู้ ${tag} ${i}`);
    await expect(page).toHaveURL(/\/boardShow\/\d+$/);
    await axe();
  }
  expect(await post(visitor(1), `กระทู้ ${tag} เกิน`)).toBe(429);
  await expect(page.getByRole('alert')).toContainText(/ส่งข้อความบ่อยเกินไป กรุณาลองใหม่อีกครั้งในอีก \d+ นาที/);
  await expect(page.getByText(UNAVAILABLE)).toHaveCount(0);
  await expect(page.getByLabel('หัวข้อกระทู้')).toHaveValue(`กระทู้ ${tag} เกิน`);
  await axe();

  // Another visitor behind the same front still posts: the core counted visitors, not the front.
  await post(visitor(2), `กระทู้ ${tag} อีกคน`);
  await expect(page).toHaveURL(/\/boardShow\/\d+$/);
  await axe();
});

test('a board post keeps the kept copies of the home and news pages: an outage right after it still serves them, marked (ADR 096)', async ({
  page,
  axe,
  javaScriptEnabled,
  http,
}) => {
  test.skip(javaScriptEnabled, 'plain requests and one form: run once, without scripts');
  // Read while the core answers: the home page, a news item it links to, the board list.
  const home = await answered('/home?v=before-post');
  const news = /href="(\/show\/(\d+))"/.exec(home);
  expect(news, 'a news item linked from the home page').not.toBeNull();
  const [newsPage, newsNo] = [news![1]!, news![2]!];
  await answered(`${newsPage}?v=before-post`);
  await answered('/board');

  // An anonymous visitor posts a topic.
  const title = `กระทู้หลังโพสต์แล้วระบบล่ม ${Date.now()}`;
  await page.setExtraHTTPHeaders({ 'X-Forwarded-For': '198.51.100.40' });
  await page.goto(`${FRONT}/boardPost`);
  await axe();
  await postTopic(page, axe, { title, body: 'ข้อความทดสอบสำเนาล่าสุดหลังการโพสต์', name: 'ผู้ทดสอบ' });
  // The board list is the new one at once, not a copy from before the post.
  expect(await answered('/board')).toContain(title);

  // The core fails right after: the home and the news item are their kept copies, marked; the
  // board, which is never kept, says it cannot connect rather than show an old list as current.
  for (const path of [MENU, '/api/info/home', `/api/info/show/${newsNo}`, '/api/info/board']) {
    faults.fail(path, 'http500');
  }
  for (const url of ['/home?v=after-post', `${newsPage}?v=after-post`]) {
    const kept = await http.get(`${FRONT}${url}`);
    expect(kept.status(), url).toBe(200);
    expect(kept.headers()['cache-control']).toBe('no-store');
    expect(await kept.text()).toMatch(/ข้อมูล ณ วันที่ \d{1,2} \S+ \d{4} \d{2}:\d{2}\sน\./);
  }
  const board = await http.get(`${FRONT}/board?v=after-post`);
  expect(board.status()).toBe(503);
  const text = await board.text();
  expect(text).toContain(UNAVAILABLE);
  expect(text).not.toContain(title);
});

test('a board topic: the core saying there is none is the Thai not-found (404); an empty answer is an outage (503), never 404 (ADR 042)', async ({
  javaScriptEnabled,
  http,
}) => {
  test.skip(javaScriptEnabled, 'plain requests: run once, without scripts');
  const topic = /href="\/boardShow\/(\d+)"/.exec(await answered('/board'))?.[1];
  expect(topic, 'a topic on the board').toBeTruthy();
  for (const [fault, status, text] of [
    ['null-values', 404, 'ขออภัย!ไม่พบหน้าเว็บไซต์ที่ค้นหา...'],
    ['empty', 503, UNAVAILABLE],
    ['empty-object', 503, UNAVAILABLE],
  ] as const) {
    faults.fail(`/api/info/board_show/${topic}`, fault);
    const shown = await http.get(`${FRONT}/boardShow/${topic}?v=${fault}`);
    expect(shown.status(), fault).toBe(status);
    const html = await shown.text();
    expect(html).toContain(text);
    // Inside the site's layout, with its menu.
    expect(menuOf(html).length).toBeGreaterThan(0);
    faults.clear();
    expect((await http.get(`${FRONT}/boardShow/${topic}?v=${fault}-back`)).status()).toBe(200);
  }
});

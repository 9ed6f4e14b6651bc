import { createHash } from 'node:crypto';
import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';

import AxeBuilder from '@axe-core/playwright';
import { test as base, expect, type Browser, type Locator, type Page } from '@playwright/test';

import { E2E_DATA_DIR, E2E_FRONT_DATA_DIR, E2E_HTTP_MODE } from '../../playwright.config';
import { thaiIdCheckDigit } from '../../app/lib/forms/identity';
import { formatRelativeTime } from '../../app/lib/thai-format';
import { forgetLoginFailures } from '../../app/server/auth/login-limit.server';
import { hashPassword } from '../../app/server/crypto.server';
import { openDb, type Db } from '../../app/server/db/index.server';
import { memberRow } from '../../app/server/db/member-row.test-support';

import { phoneLayoutProblems } from './layout-check';

export { expect, E2E_HTTP_MODE };

export interface TestMember {
  membershipNo: string;
  password: string;
  name: string;
}

interface Fixtures {
  /**
   * Run axe on the page as it is now, and check its layout at 320 and 360 px (layout-check.ts); every
   * page a test visits must be checked (see teardown), so a new page is covered by the test that visits it.
   */
  axe: (page?: Page) => Promise<void>;
  /** Allow console errors matching this pattern in this test (e.g. an expected 401 response). */
  allowConsoleError: (pattern: RegExp) => void;
  /** A registered member of its own, removed after the test. */
  createMember: (options?: { termsAccepted?: boolean }) => Promise<TestMember>;
  /** A member of its own (`createMember`), signed in from the login page, each page checked with axe. */
  signedInMember: TestMember;
}

export const DEMO = { membershipNo: '012345', password: 'sahakorn-demo', name: 'นายสมชาย ใจดี' };
export const EMPTY_DEMO = { membershipNo: '054321', password: 'sahakorn-demo', name: '' };

/** A loan contract and a deposit account that belong to somebody other than `membershipNo`. */
export async function recordsNotOwnedBy(membershipNo: string): Promise<{ contractNo: string; accountNo: string }> {
  const store = database();
  const loan = await store
    .selectFrom('loans')
    .select('contract_no')
    .where('membership_no', '!=', membershipNo)
    .limit(1)
    .executeTakeFirstOrThrow();
  const account = await store
    .selectFrom('deposit_accounts')
    .select('account_no')
    .where('membership_no', '!=', membershipNo)
    .limit(1)
    .executeTakeFirstOrThrow();
  return { contractNo: loan.contract_no, accountNo: account.account_no };
}

/** Takes the member's phone and email off file: a member the cooperative has no way to send a code to. */
export async function withoutContact(member: TestMember): Promise<TestMember> {
  await database()
    .updateTable('members')
    .set({ email: null, phone: null })
    .where('membership_no', '=', member.membershipNo)
    .execute();
  return member;
}

/** Make the backend refuse every token it issued to this member (as a core system does when they expire). */
export async function revokeUpstreamTokens(membershipNo: string): Promise<void> {
  await database().deleteFrom('coop_tokens').where('membership_no', '=', membershipNo).execute();
}

/**
 * Make the core's token of each of this member's sessions due for renewal, as a core's 15-minute token
 * is halfway through a 30-minute session. Returns the tokens the sessions held.
 */
export async function upstreamTokensDueForRenewal(membershipNo: string): Promise<string[]> {
  const store = frontDatabase();
  const rows = await store
    .selectFrom('sessions')
    .select('upstream_token')
    .where('membership_no', '=', membershipNo)
    .execute();
  await store
    .updateTable('sessions')
    .set({ upstream_expires_at: Date.now() })
    .where('membership_no', '=', membershipNo)
    .execute();
  return rows.map((r) => r.upstream_token);
}

/** The upstream tokens this member's sessions hold now. */
export async function upstreamTokensOf(membershipNo: string): Promise<string[]> {
  const rows = await frontDatabase()
    .selectFrom('sessions')
    .select('upstream_token')
    .where('membership_no', '=', membershipNo)
    .execute();
  return rows.map((r) => r.upstream_token);
}

let db: Db | undefined;
let frontDb: Db | undefined;

/**
 * Pages axe found clean, by fingerprint, shared by every worker, both projects and every run of the
 * suite in this checkout (`npm test` empties it first): one file per fingerprint.
 */
const AXE_CLEAN_DIR = path.resolve('tests/.tmp/axe-clean');
const AXE_VERSION = (
  JSON.parse(fs.readFileSync(createRequire(import.meta.url).resolve('axe-core/package.json'), 'utf8')) as {
    version: string;
  }
).version;
fs.mkdirSync(AXE_CLEAN_DIR, { recursive: true });
/** The layout check's own source: a changed check runs again on pages found clean before. */
const LAYOUT_CHECK_VERSION = createHash('sha256')
  .update(fs.readFileSync(path.resolve('tests/e2e/layout-check.ts')))
  .digest('hex');
const axeClean = {
  has: (fingerprint: string) => fs.existsSync(path.join(AXE_CLEAN_DIR, fingerprint)),
  add: (fingerprint: string) => fs.writeFileSync(path.join(AXE_CLEAN_DIR, fingerprint), ''),
};
/** The store with the cooperative's data (members, loans, tokens, board): in http mode, the core's. */
export function database(): Db {
  db ??= openDb({ dataDir: E2E_DATA_DIR, databaseUrl: process.env.DATABASE_URL });
  return db;
}
/** The store of the server the browser talks to (sessions, audit log): in embedded mode the same one. */
export function frontDatabase(): Db {
  if (!E2E_HTTP_MODE) return database();
  frontDb ??= openDb({ dataDir: E2E_FRONT_DATA_DIR });
  return frontDb;
}

/** A random, valid (checksummed) Thai national id. */
export function randomNationalId(): string {
  const first12 = `3${String(Math.floor(Math.random() * 1e11)).padStart(11, '0')}`;
  return `${first12}${thaiIdCheckDigit(first12)}`;
}

const FIRST = ['สมหญิง', 'ประเสริฐ', 'วิไลวรรณ', 'ธนพล', 'กาญจนา', 'อนุชา'];

/**
 * With scripts on, until React has hydrated the page (`<body data-hydrated>`, set by the root) if the page
 * hydrates at all (`<body data-hydrates>`); at once otherwise. A test that acts before then would test
 * the page as it works without scripts.
 */
export async function hydrated(page: Page): Promise<void> {
  await page.waitForFunction(
    () => !document.body?.hasAttribute('data-hydrates') || document.body.hasAttribute('data-hydrated'),
  );
}

export const test = base.extend<Fixtures>({
  // Every `page.goto` in a test with scripts on returns once the page has hydrated (if it does).
  page: async ({ page, javaScriptEnabled }, use) => {
    if (javaScriptEnabled) {
      const goto = page.goto.bind(page);
      page.goto = async (url, options) => {
        const response = await goto(url, options);
        if (options?.waitUntil !== 'commit') await hydrated(page);
        return response;
      };
    }
    await use(page);
  },

  allowConsoleError: [
    async ({ page }, use) => {
      const allowed: RegExp[] = [];
      const errors: string[] = [];
      page.on('console', (msg) => {
        if (msg.type() === 'error') errors.push(msg.text());
      });
      page.on('pageerror', (error) => errors.push(`pageerror: ${error.message}`));
      await use((pattern) => allowed.push(pattern));
      const unexpected = errors.filter((text) => !allowed.some((p) => p.test(text)));
      expect(unexpected, 'console.error during the test').toEqual([]);
    },
    { auto: true },
  ],

  axe: [
    async ({ page, javaScriptEnabled }, use, testInfo) => {
      const visited = new Set<string>();
      const checked = new Set<string>();
      const key = (url: string) => url.split('#')[0] ?? url;
      page.on('framenavigated', (frame) => {
        if (frame === page.mainFrame() && frame.url().startsWith('http')) visited.add(key(frame.url()));
      });
      await use(async (target = page) => {
        await target.waitForLoadState('load');
        const html = await target.content();
        // The same DOM at the same viewport gives the same axe result, whether the browser runs scripts
        // or not and whichever backend rendered it: each distinct page is checked once (nonces aside),
        // which keeps the suite fast.
        const fingerprint = createHash('sha256')
          .update(`${AXE_VERSION}|${JSON.stringify(target.viewportSize())}|${html.replace(/nonce="[^"]*"/g, '')}`)
          .digest('hex');
        if (!axeClean.has(fingerprint)) {
          const results = javaScriptEnabled
            ? await axeBuilder(target).analyze()
            : await axeWithoutScripts(target, html);
          const summary = results.violations.map(
            (v) => `${v.id}: ${v.help} (${v.nodes.map((n) => n.target.join(' ')).join(', ')})`,
          );
          expect(summary, `axe violations on ${target.url()}`).toEqual([]);
          axeClean.add(fingerprint);
        }
        // The same DOM lays out the same at 320 and 360 px whatever the viewport it was checked at.
        const layoutFingerprint = createHash('sha256')
          .update(`layout|${LAYOUT_CHECK_VERSION}|${html.replace(/nonce="[^"]*"/g, '')}`)
          .digest('hex');
        if (!axeClean.has(layoutFingerprint)) {
          expect(await phoneLayoutProblems(target), `phone layout of ${target.url()}`).toEqual([]);
          axeClean.add(layoutFingerprint);
        }
        checked.add(key(target.url()));
      });
      if (testInfo.status === testInfo.expectedStatus) {
        const unchecked = [...visited].filter((url) => !checked.has(url));
        expect(unchecked, 'pages visited without an axe check').toEqual([]);
      }
    },
    { auto: true },
  ],

  signedInMember: async ({ page, axe, createMember }, use) => {
    const member = await createMember();
    await signIn(page, axe, member);
    await use(member);
  },

  createMember: async ({}, use) => {
    const created: string[] = [];
    await use(async ({ termsAccepted = true } = {}) => {
      const store = database();
      const password = `Test-${Math.random().toString(36).slice(2, 10)}`;
      const hash = await hashPassword(password);
      const now = Date.now();
      for (;;) {
        const membershipNo = `0${String(80000 + Math.floor(Math.random() * 19999)).padStart(5, '0')}`;
        const first = FIRST[Math.floor(Math.random() * FIRST.length)] ?? 'สมหญิง';
        const idCard = randomNationalId();
        try {
          await store.transaction().execute(async (trx) => {
            await trx
              .insertInto('members')
              .values(
                memberRow(membershipNo, {
                  prename: 'นางสาว',
                  first_name: first,
                  last_name: `ทดสอบ${membershipNo}`,
                  id_card: idCard,
                  sex: 'F',
                  birth_date: '1985-03-14',
                  position_name: 'นักวิชาการ',
                }),
              )
              .execute();
            await trx
              .insertInto('member_credentials')
              .values({
                membership_no: membershipNo,
                password_hash: hash,
                reset_required: 0,
                created_at: now,
                updated_at: now,
              })
              .execute();
            if (termsAccepted) {
              const terms = await trx
                .selectFrom('content_items')
                .select('no')
                .where('category', '=', 'term_of_conditional')
                .orderBy('posted_at', 'desc')
                .orderBy('no', 'desc')
                .executeTakeFirstOrThrow();
              await trx
                .insertInto('terms_acceptances')
                .values({
                  membership_no: membershipNo,
                  terms_no: terms.no,
                  accepted_at: now,
                  ip: null,
                  user_agent: null,
                })
                .execute();
            }
          });
        } catch (error) {
          if (/unique|duplicate/i.test(String(error))) continue;
          throw error;
        }
        created.push(membershipNo);
        return { membershipNo, password, name: `นางสาว${first} ทดสอบ${membershipNo}` };
      }
    });
    // Numbers come back round: nothing the member left may reach the next test that draws theirs —
    // sessions and per-member limits live where the browser's server keeps them (in http mode the
    // front), the member where the data is (the core).
    for (const no of created) {
      for (const store of new Set([database(), frontDatabase()])) {
        await store.deleteFrom('sessions').where('membership_no', '=', no).execute();
        await forgetLoginFailures(store, no);
        await store
          .deleteFrom('rate_limits')
          .where(
            'key',
            'in',
            ['identity', 'password', 'photo'].map((kind) => `${kind}:member:${no}`),
          )
          .execute();
      }
      await database().deleteFrom('members').where('membership_no', '=', no).execute();
    }
  },
});

/** Only violations are reported in full: the details of passing checks cost time and are never read. */
function axeBuilder(page: Page) {
  return new AxeBuilder({ page }).options({ resultTypes: ['violations'] });
}

/** One page per worker that shows a given HTML with scripts for axe only (see axeWithoutScripts). */
interface AxeHelper {
  page: Page;
  html: string;
}
const axeHelpers = new WeakMap<Browser, Promise<AxeHelper>>();

async function openAxeHelper(browser: Browser): Promise<AxeHelper> {
  // Playwright Test gives new contexts the project's options: scripts must be switched back on here.
  const context = await browser.newContext({ javaScriptEnabled: true });
  const helper: AxeHelper = { page: await context.newPage(), html: '' };
  await helper.page.route('**/*', (route) => {
    const request = route.request();
    if (request.isNavigationRequest()) {
      return route.fulfill({ body: helper.html, contentType: 'text/html; charset=utf-8' });
    }
    // Pictures and media change no axe rule's outcome here (alt text and names are in the DOM).
    if (['script', 'image', 'media'].includes(request.resourceType())) return route.abort();
    return route.continue();
  });
  return helper;
}

/**
 * axe cannot run in a page whose scripts are disabled, so the page's current DOM (as the visitor
 * without JavaScript has it, e.g. with a <details> opened) is checked in a helper page that has
 * scripts for axe only: the page's own scripts are blocked there too. The helper page is reused by
 * every check in the worker (a context per check costs more than the check).
 */
async function axeWithoutScripts(target: Page, html: string) {
  const browser = target.context().browser();
  if (!browser) throw new Error('no browser');
  let pending = axeHelpers.get(browser);
  if (!pending) {
    pending = openAxeHelper(browser);
    axeHelpers.set(browser, pending);
  }
  const helper = await pending;
  helper.html = html;
  const viewport = target.viewportSize();
  if (viewport) await helper.page.setViewportSize(viewport);
  await helper.page.goto(target.url());
  return await axeBuilder(helper.page).analyze();
}

/**
 * Every `<time>` in `scope` reads as spec §9's relative date of its `datetime`, as of now or up to a
 * minute ago (the page may come from the page cache). The demo's newest items are from today and
 * yesterday, but a run that crosses midnight moves them on; the formatter's own cases are unit tests.
 */
export async function expectRelativeTimes(scope: Locator, count: number) {
  const times = scope.locator('time');
  await expect(times).toHaveCount(count);
  for (const time of await times.all()) {
    const [datetime, text] = await Promise.all([time.getAttribute('datetime'), time.textContent()]);
    const now = Date.now();
    // Every second of that minute: an item posted seconds ago reads in seconds.
    const expected = Array.from({ length: 62 }, (_, i) => formatRelativeTime(datetime ?? '', new Date(now - i * 1000)));
    expect(expected, `the date of ${datetime}`).toContain(text);
  }
}

/** The member page named `heading` is open: its heading shows, and the member menu marks its link current. */
export async function expectMemberPage(page: Page, heading: string) {
  await expect(page.getByRole('heading', { level: 1, name: heading })).toBeVisible();
  const menu = page.getByRole('navigation', { name: 'เมนูสมาชิก' });
  await expect(menu.getByRole('link', { name: heading })).toHaveAttribute('aria-current', 'page');
}

/**
 * Log in from the login page (`from`, default /member/logon) and land on `lands` (default
 * /member/status), checking both pages with axe.
 */
export async function signIn(
  page: Page,
  axe: (page?: Page) => Promise<void>,
  member: Pick<TestMember, 'membershipNo' | 'password'>,
  { from = '/member/logon', lands = /\/member\/status$/ }: { from?: string; lands?: RegExp } = {},
) {
  await page.goto(from);
  await axe(page);
  await logIn(page, member.membershipNo, member.password);
  await expect(page).toHaveURL(lands);
  await axe(page);
}

/** A new board topic as a visitor types it: its title, its details and the poster's name (/boardPost). */
export interface TopicForm {
  title: string;
  body: string;
  name: string;
}

/** Fill the new-topic form (/boardPost) without sending it. */
export async function fillTopic(page: Page, topic: TopicForm) {
  await page.getByLabel('หัวข้อกระทู้').fill(topic.title);
  await page.getByLabel('รายละเอียด').fill(topic.body);
  await page.getByLabel('ชื่อผู้ตั้งกระทู้').fill(topic.name);
}

/** Fill and send the new-topic form, then land on the new topic's page, checked with axe. */
export async function postTopic(page: Page, axe: (page?: Page) => Promise<void>, topic: TopicForm) {
  await fillTopic(page, topic);
  await page.getByRole('button', { name: 'ตั้งกระทู้' }).click();
  await expect(page).toHaveURL(/\/boardShow\/\d+$/);
  await axe();
}

/** Fill and send the password form of /member/password; `confirm` is `next` unless given. */
export async function submitPasswordChange(page: Page, current: string, next: string, confirm = next) {
  await page.getByLabel('รหัสผ่านปัจจุบัน').fill(current);
  await page.getByLabel('รหัสผ่านใหม่', { exact: true }).fill(next);
  await page.getByLabel('ยืนยันรหัสผ่านใหม่').fill(confirm);
  await page.getByRole('button', { name: 'บันทึกรหัสผ่านใหม่' }).click();
}

/** Fill and submit the login form (works with and without JavaScript). */
export async function logIn(page: Page, membershipNo: string, password: string, options: { remember?: boolean } = {}) {
  await page.getByLabel('หมายเลขสมาชิก').fill(membershipNo);
  await page.getByLabel('รหัสผ่าน', { exact: true }).fill(password);
  if (options.remember) await page.getByLabel('จดจำการเข้าสู่ระบบ (30 วัน)').check();
  await page.getByRole('button', { name: 'เข้าสู่ระบบ' }).click();
}

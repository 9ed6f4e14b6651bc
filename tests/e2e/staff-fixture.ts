import fs from 'node:fs';
import path from 'node:path';

import type { Browser, BrowserContext, Locator, Page } from '@playwright/test';

import { E2E_DATA_DIR, E2E_FRONT_SESSION_SECRET, E2E_HTTP_MODE, E2E_PORT } from '../../playwright.config';
import { hashPassword } from '../../app/server/crypto.server';
import { seal, sealingKey } from '../../app/server/auth/totp/seal.server';
import { newTotpSecret, timeStep, totpCodeAt, TOTP_PERIOD_SECONDS } from '../../app/server/auth/totp/totp.server';
import type { StaffRole } from '../../app/server/staff/guard.server';
import { database, expect, frontDatabase } from './fixtures';

/**
 * Staff accounts for e2e tests (the back office at /staff): `createStaffAccount` makes an enrolled
 * account (password and TOTP) straight in the store of the server the browser talks to, and
 * `staffLogin` signs a page in with it. The CLI-and-enrolment journey is tested on its own
 * (staff-journey.spec.ts); other specs start from here.
 */
export interface TestStaff {
  id: number;
  username: string;
  displayName: string;
  role: StaffRole;
  password: string;
  /** The base32 TOTP secret, for `staffCode`. */
  totpSecret: string;
}

/** The secret the e2e server seals TOTP secrets with (SESSION_SECRET, or the one it made in its data folder). */
export function serverSecret(): string {
  if (E2E_HTTP_MODE) return E2E_FRONT_SESSION_SECRET;
  const file = path.join(E2E_DATA_DIR, 'session-secret');
  return fs.readFileSync(file, 'utf8').trim();
}

/** A new enrolled staff account with the given role (username unique per call). */
export async function createStaffAccount(
  role: StaffRole,
  opts: { username?: string; displayName?: string; password?: string } = {},
): Promise<TestStaff> {
  const db = frontDatabase();
  const now = Date.now();
  const username = opts.username ?? `t${role.slice(0, 3)}${now.toString(36)}${Math.random().toString(36).slice(2, 6)}`;
  const displayName = opts.displayName ?? `เจ้าหน้าที่ทดสอบ ${username}`;
  const password = opts.password ?? `Staff-${Math.random().toString(36).slice(2, 12)}-pw`;
  const totpSecret = newTotpSecret();
  const row = await db
    .insertInto('staff_accounts')
    .values({
      username,
      display_name: displayName,
      role,
      password_hash: await hashPassword(password),
      enrol_token_hash: null,
      enrol_expires_at: null,
      enrolled_at: now,
      disabled_at: null,
      created_at: now,
      updated_at: now,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  const id = Number(row.id);
  await db
    .insertInto('totp_factors')
    .values({
      subject: `staff:${id}`,
      secret_sealed: seal(totpSecret, sealingKey(serverSecret(), 'totp-secret')),
      enabled_at: now,
      last_step: null,
      reveal_sealed: null,
      reveal_holder: null,
      reveal_until: null,
      created_at: now,
      updated_at: now,
    })
    .execute();
  return { id, username, displayName, role, password, totpSecret };
}

/**
 * A TOTP code the server will accept now for this subject: a code works once per 30-second step, so
 * after the last step used the next one is taken (the server accepts one step ahead), waiting if needed.
 */
export async function staffCode(subject: string, secret: string): Promise<string> {
  for (;;) {
    const factor = await frontDatabase()
      .selectFrom('totp_factors')
      .select('last_step')
      .where('subject', '=', subject)
      .executeTakeFirst();
    const now = Date.now();
    const current = timeStep(now);
    const step = Math.max(current, Number(factor?.last_step ?? -1) + 1);
    if (step <= current + 1) return totpCodeAt(secret, step * TOTP_PERIOD_SECONDS * 1000);
    await new Promise((resolve) => setTimeout(resolve, 1000));
  }
}

/** Fill and send the first step of the staff sign-in form (/staff/login): name and password. */
export async function submitStaffPassword(page: Page, username: string, password: string): Promise<void> {
  await page.getByLabel('ชื่อผู้ใช้').fill(username);
  await page.getByLabel('รหัสผ่าน').fill(password);
  await page.getByRole('button', { name: 'เข้าสู่ระบบ' }).click();
}

/**
 * Signs in as the account on the sign-in page the browser is on (keeping where it was sent back to):
 * the password, then the code, each page checked with axe.
 */
export async function staffSignInHere(
  page: Page,
  account: TestStaff,
  axe: (page?: Page) => Promise<void>,
): Promise<void> {
  await expect(page).toHaveURL(/\/staff\/login/);
  await axe();
  // A sign-in left waiting for its code is started afresh.
  const restart = page.getByRole('button', { name: 'เริ่มเข้าสู่ระบบใหม่' });
  if (await restart.isVisible()) await restart.click();
  await submitStaffPassword(page, account.username, account.password);
  await expect(page.getByLabel('รหัสยืนยันตัวตน')).toBeVisible();
  await axe();
  await page.getByLabel('รหัสยืนยันตัวตน').fill(await staffCode(`staff:${account.id}`, account.totpSecret));
  await page.getByRole('button', { name: 'ยืนยัน', exact: true }).click();
  await expect(page).not.toHaveURL(/\/staff\/login/);
}

/**
 * Sign `page` in as the staff account: the login form, then the code. With `axe`, through the pages
 * (each checked); without, by posting the same two forms from the page's request context, whose
 * cookies are the browser's (no page is visited, so none needs a check).
 */
export async function staffLogin(
  page: Page,
  account: TestStaff,
  options: { axe?: (page?: Page) => Promise<void> } = {},
): Promise<void> {
  if (options.axe) {
    await page.goto('/staff/login');
    await staffSignInHere(page, account, options.axe);
    return;
  }
  // The Origin check (ADR 005) wants the site's own origin on a form post, as a browser sends it.
  const headers = { Origin: `http://127.0.0.1:${E2E_PORT}` };
  const first = await page.request.post('/staff/login', {
    form: { intent: 'password', username: account.username, password: account.password, redirectTo: '' },
    headers,
    maxRedirects: 0,
  });
  expect(first.status(), 'staff password step').toBe(302);
  const second = await page.request.post('/staff/login', {
    form: { intent: 'code', code: await staffCode(`staff:${account.id}`, account.totpSecret) },
    headers,
    maxRedirects: 0,
  });
  expect(second.status(), 'staff code step').toBe(302);
}

/**
 * A new enrolled account with `role`, signed in on `page` (see `staffLogin`); with `axe`, through the
 * pages, and the page it lands on is checked too.
 */
export async function signInNewStaff(
  page: Page,
  role: StaffRole,
  options: { axe?: (page?: Page) => Promise<void> } = {},
): Promise<TestStaff> {
  const account = await createStaffAccount(role);
  await staffLogin(page, account, options);
  if (options.axe) await options.axe(page);
  return account;
}

/**
 * Another browser (a context of its own, with the project's options) signed in as `account`; the
 * caller closes the context.
 */
export async function secondStaff(
  browser: Browser,
  account: TestStaff,
): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser.newContext();
  const page = await context.newPage();
  await staffLogin(page, account);
  return { context, page };
}

/**
 * A visitor of their own, in a new browser context: what the server answers now is what a visitor
 * sees (public pages are `public, no-cache`, ADR 114). The context takes the project's options (base
 * URL, JavaScript on or off, locale), as every `browser.newContext()` in a test does.
 */
export async function visit(browser: Browser, check: (page: Page) => Promise<void>): Promise<void> {
  const context = await browser.newContext();
  try {
    await check(await context.newPage());
  } finally {
    await context.close();
  }
}

/**
 * A visitor finds no trace of content item `no`, titled `title`: not in the news list nor on the home
 * page, its own page 404, and no hit in a search for `words`.
 */
export async function expectNotPublic(
  browser: Browser,
  { no, title, words }: { no: number; title: string; words: string },
) {
  await visit(browser, async (visitor) => {
    await visitor.goto('/list/news');
    await expect(visitor.getByRole('link', { name: title })).toHaveCount(0);
    await visitor.goto('/home');
    await expect(visitor.getByRole('link', { name: title })).toHaveCount(0);
    expect((await visitor.request.get(`/show/${no}`)).status()).toBe(404);
    await visitor.goto(`/search?q=${encodeURIComponent(words)}`);
    await expect(visitor.getByRole('main').getByRole('link', { name: title })).toHaveCount(0);
  });
}

/** `DD/MM/BBBB` of a moment in Bangkok, as the content form takes a date. */
export function bangkokDate(ms: number): string {
  const local = new Date(ms + 7 * 3_600_000);
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${pad(local.getUTCDate())}/${pad(local.getUTCMonth() + 1)}/${local.getUTCFullYear() + 543}`;
}

type Axe = (target?: Page) => Promise<void>;

/** The new-item form filled as a news item (each page checked with `axe`); not yet saved. */
export async function fillDraft(
  page: Page,
  axe: Axe,
  fields: { title: string; body?: string; date?: string; time?: string },
): Promise<void> {
  await page.goto('/staff/content/new');
  await axe();
  await page.getByLabel('หมวดหมู่').selectOption({ label: 'ข่าวประชาสัมพันธ์' });
  await page.getByLabel('หัวข้อ', { exact: true }).fill(fields.title);
  await page.getByLabel('เนื้อหา', { exact: true }).fill(fields.body ?? `<p>${fields.title}</p>`);
  if (fields.date) await page.getByLabel('วันที่เผยแพร่').fill(fields.date);
  if (fields.time) await page.getByLabel('เวลา', { exact: true }).fill(fields.time);
}

/** Saves the filled form as a draft; the new item's number. */
export async function saveDraft(page: Page, axe: Axe): Promise<number> {
  await page.getByRole('button', { name: 'บันทึกเป็นฉบับร่าง' }).click();
  await expect(page).toHaveURL(/\/staff\/content\/\d+$/);
  await axe();
  return Number(/(\d+)$/.exec(page.url())![1]);
}

/**
 * How many board posts, topics and answers, wait for a moderator's review: all of them, or those
 * posted up to `upTo` (epoch ms).
 */
export async function postsAwaitingReview(upTo?: number): Promise<number> {
  const count = async (table: 'board_topics' | 'board_answers') =>
    Number(
      (
        await database()
          .selectFrom(table)
          .select((eb) => eb.fn.countAll<number>().as('n'))
          .where('reviewed_at', 'is', null)
          .$if(upTo !== undefined, (query) => query.where('created_at', '<=', upTo!))
          .executeTakeFirstOrThrow()
      ).n,
    );
  return (await count('board_topics')) + (await count('board_answers'));
}

/**
 * A confirming button (ConfirmAction), ready to click in the test's project: with scripts on, once the
 * page has hydrated and the button opens its dialog (until then it is its plain form's submit, and the
 * server asks instead, as without scripts); with scripts off, at once.
 */
export async function confirmTrigger(button: Locator, javaScriptEnabled: boolean): Promise<Locator> {
  if (javaScriptEnabled) await expect(button).toHaveAttribute('aria-haspopup', 'dialog');
  return button;
}

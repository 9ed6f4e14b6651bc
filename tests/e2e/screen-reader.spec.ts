/**
 * What a screen reader says (ADR 112, ADR 113): the login error, a notice, a statement table and the
 * capital chart read by a virtual screen reader (@guidepup/virtual-screen-reader) running in the page,
 * its spoken phrases asserted; and the rest of what a reader meets: the password form's summary, the
 * search dialog's message, Thai said in words, a cut board title, the titles of month and statement pages.
 */
import fs from 'node:fs';
import path from 'node:path';
import { randomUUID } from 'node:crypto';

import type { Page } from '@playwright/test';

import { DEMO, expect, logIn, postTopic, signIn, submitPasswordChange, test } from './fixtures';
import { signInNewStaff } from './staff-fixture';

const INVALID = 'เข้าสู่ระบบไม่สำเร็จ หมายเลขสมาชิกหรือรหัสผ่านไม่ถูกต้อง';
const SHORT_MONTH =
  /(^|\d )(ม\.ค\.|ก\.พ\.|มี\.ค\.|เม\.ย\.|พ\.ค\.|มิ\.ย\.|ก\.ค\.|ส\.ค\.|ก\.ย\.|ต\.ค\.|พ\.ย\.|ธ\.ค\.)( |$)/;
const FULL_DATE =
  /^\d{1,2} (มกราคม|กุมภาพันธ์|มีนาคม|เมษายน|พฤษภาคม|มิถุนายน|กรกฎาคม|สิงหาคม|กันยายน|ตุลาคม|พฤศจิกายน|ธันวาคม) \d{4}$/;

/** The reader's browser bundle, served to the page from node_modules at an address of the site. */
const READER_PATH = '/__virtual-screen-reader.js';
const READER_BUNDLE = fs.readFileSync(
  path.join(process.cwd(), 'node_modules/@guidepup/virtual-screen-reader/lib/esm/index.browser.js'),
  'utf8',
);

type Reader = {
  start(options: { container: Element }): Promise<void>;
  next(): Promise<void>;
  lastSpokenPhrase(): Promise<string>;
  spokenPhraseLog(): Promise<string[]>;
};
declare global {
  interface Window {
    __reader?: Promise<Reader>;
  }
}

/**
 * Every page the test opens from now on runs the reader over its body from the moment its document is
 * parsed, so it hears what a live region says after load. The bundle is imported from the page, which
 * the site's CSP (nonces) forbids: this file's tests bypass the CSP, and only they.
 */
async function withReader(page: Page): Promise<void> {
  await page.route(`**${READER_PATH}`, (route) =>
    route.fulfill({ contentType: 'text/javascript', body: READER_BUNDLE }),
  );
  await page.addInitScript((src) => {
    window.__reader = import(src).then(async ({ virtual }: { virtual: Reader }) => {
      if (document.readyState === 'loading') {
        await new Promise((done) => document.addEventListener('DOMContentLoaded', done, { once: true }));
      }
      await virtual.start({ container: document.body });
      return virtual;
    });
  }, READER_PATH);
}

/** The demo member's capital page (its statement table and chart), signed in; each page checked with axe. */
async function openSharePage(page: Page, axe: () => Promise<void>): Promise<void> {
  await signIn(page, axe, DEMO);
  await page.goto('/member/share');
  await axe();
}

/** What the reader has said on this page so far. */
function spoken(page: Page): Promise<string[]> {
  return page.evaluate(async () => (await window.__reader!).spokenPhraseLog());
}

/**
 * Reads the page from the top to its end, or `selector`'s element with a reader of its own until it
 * says `until` (a reader over an element does not say "end of document", it starts again).
 */
function readThrough(page: Page, selector?: string, until = 'end of document'): Promise<string[]> {
  return page.evaluate(
    async ({ src, selector, until }) => {
      let reader = await window.__reader!;
      if (selector) {
        const { Virtual } = (await import(src)) as { Virtual: new () => Reader };
        reader = new Virtual();
        await reader.start({ container: document.querySelector(selector)! });
      }
      for (let i = 0; i < 2000 && (await reader.lastSpokenPhrase()) !== until; i++) await reader.next();
      return reader.spokenPhraseLog();
    },
    { src: READER_PATH, selector, until },
  );
}

test.describe('a virtual screen reader', () => {
  test.skip(({ javaScriptEnabled }) => !javaScriptEnabled, 'the reader runs in the page');
  test.use({ bypassCSP: true });

  test.beforeEach(async ({ page }) => {
    await withReader(page);
  });

  test('the login error: the focused summary reads its title and the error, which links to the password field', async ({
    page,
    axe,
    allowConsoleError,
  }) => {
    allowConsoleError(/status of 401/);
    await page.goto('/member/logon');
    await axe();
    await logIn(page, DEMO.membershipNo, 'not-the-password-1');
    const summary = page.locator('#error-summary');
    await expect(summary).toBeFocused();
    // Focusing the box reads what is in it: it has no name of its own that would be said instead.
    await expect(summary).not.toHaveAttribute('aria-labelledby');
    await expect(summary).not.toHaveAttribute('role');
    expect(await readThrough(page, '#error-summary', 'end of alert')).toEqual([
      'alert',
      'heading, มีข้อผิดพลาด, level 2',
      'list',
      'listitem, level 1, position 1, set size 1',
      `link, ${INVALID}`,
      `end of listitem, level 1, position 1, set size 1`,
      'end of list',
      'end of alert',
    ]);
    const link = page.getByRole('alert').getByRole('link', { name: INVALID });
    const password = page.getByLabel('รหัสผ่าน', { exact: true });
    await expect(link).toHaveAttribute('href', `#${await password.getAttribute('id')}`);
    await link.click();
    await expect(password).toBeFocused();
  });

  test('a notice is announced once after the page loads, and stays where it is', async ({ page, axe }) => {
    await signIn(page, axe, DEMO);
    await expect.poll(() => spoken(page)).toContain('polite: เข้าสู่ระบบแล้ว');
    const heading = page.getByRole('heading', { level: 1 });
    const before = await heading.boundingBox();
    // Past the spec's 5 s: the notice has not gone, and nothing under it has moved (WCAG 2.2.1).
    await page.waitForTimeout(6000);
    await expect(page.getByRole('status').filter({ hasText: 'เข้าสู่ระบบแล้ว' })).toBeVisible();
    expect((await heading.boundingBox())?.y).toBe(before?.y);
    expect((await spoken(page)).filter((phrase) => phrase.includes('เข้าสู่ระบบแล้ว'))).toEqual(['polite: เข้าสู่ระบบแล้ว']);
  });

  test('on a page that hydrates, a notice that came with the page is said once, and one that comes later is said', async ({
    page,
    axe,
    createMember,
  }) => {
    const member = await createMember();
    // The password page hydrates: React writes the login's notice again once the page has loaded.
    await signIn(page, axe, member, {
      from: '/member/logon?redirectTo=%2Fmember%2Fpassword',
      lands: /\/member\/password$/,
    });
    await expect.poll(() => spoken(page)).toContain('polite: เข้าสู่ระบบแล้ว');
    // The answer to the form comes later, into the same region.
    await submitPasswordChange(page, member.password, 'a-new-long-password-2026');
    await expect(page.getByRole('status').filter({ hasText: 'เปลี่ยนรหัสผ่านเรียบร้อยแล้ว' })).toBeVisible();
    await axe();
    await expect.poll(() => spoken(page)).toContain('polite: เปลี่ยนรหัสผ่านเรียบร้อยแล้ว');
    // The one that came with the page is said once. (The virtual reader says an atomic region again for
    // each change in it, the old notice's removal too, so the later one is said there twice.)
    const notices = (await spoken(page)).filter((phrase) => phrase.startsWith('polite: '));
    expect(notices.filter((phrase) => phrase === 'polite: เข้าสู่ระบบแล้ว')).toHaveLength(1);
    expect(notices.at(-1)).toBe('polite: เปลี่ยนรหัสผ่านเรียบร้อยแล้ว');
  });

  test("the logout notice and a public page's notice (a board post) are each said once", async ({ page, axe }) => {
    await signIn(page, axe, DEMO);
    await page.getByRole('button', { name: 'ออกจากระบบ' }).click();
    await expect(page).toHaveURL(/\/member\/logon$/);
    await axe();
    await expect.poll(() => spoken(page)).toContain('polite: ออกจากระบบ เรียบร้อยแล้ว');
    await page.goto('/boardPost');
    await axe();
    await postTopic(page, axe, {
      title: `ทดสอบเสียงอ่าน ${randomUUID().slice(0, 8)}`,
      body: 'รายละเอียดของคำถาม',
      name: 'สมาชิกทดสอบ',
    });
    await expect.poll(() => spoken(page)).toContain('polite: บันทึกกระทู้เรียบร้อยแล้ว');
    await page.waitForTimeout(1000);
    // What is said: a change that leaves the region empty for a moment (a busy machine can show one
    // while the page settles) says nothing, so only phrases with words count.
    expect((await spoken(page)).filter((phrase) => phrase.startsWith('polite: ') && phrase.length > 8)).toEqual([
      'polite: บันทึกกระทู้เรียบร้อยแล้ว',
    ]);
  });

  test('a back-office notice after a form, on a page that does not hydrate, is said once', async ({ page, axe }) => {
    const editor = await signInNewStaff(page, 'editor');
    // The own-account page does not hydrate: the staff script writes the flash again after load.
    await page.goto('/staff/account');
    await axe();
    const form = page.getByRole('region', { name: 'เปลี่ยนรหัสผ่าน' });
    const next = `Changed-${randomUUID().slice(0, 8)}-pw`;
    await form.getByLabel('รหัสผ่านปัจจุบัน').fill(editor.password);
    await form.getByLabel('รหัสผ่านใหม่', { exact: true }).fill(next);
    await form.getByLabel('ยืนยันรหัสผ่านใหม่').fill(next);
    await form.getByRole('button', { name: 'เปลี่ยนรหัสผ่าน' }).click();
    await expect(page.getByRole('status').filter({ hasText: 'เปลี่ยนรหัสผ่านเรียบร้อยแล้ว' })).toBeVisible();
    await axe();
    const said = async () =>
      (await spoken(page)).filter((phrase) => phrase.startsWith('polite: เปลี่ยนรหัสผ่านเรียบร้อยแล้ว'));
    await expect.poll(said).toHaveLength(1);
    await page.waitForTimeout(1000);
    expect(await said()).toHaveLength(1);
  });

  test('the back office’s sign-out notice is said once on the sign-in page', async ({ page, axe }) => {
    await signInNewStaff(page, 'support');
    await page.goto('/staff');
    await axe();
    await page.getByRole('button', { name: 'ออกจากระบบ' }).click();
    await expect(page).toHaveURL(/\/staff\/login/);
    await axe();
    const said = async () => (await spoken(page)).filter((phrase) => phrase === 'polite: ออกจากระบบเจ้าหน้าที่แล้ว');
    await expect.poll(said).toHaveLength(1);
    await page.waitForTimeout(1000);
    expect(await said()).toHaveLength(1);
  });

  test('a statement table is named once, by its caption, and its dates and empty values are said in words', async ({
    page,
    axe,
  }) => {
    await openSharePage(page, axe);
    const log = await readThrough(page);
    const tableName = log.find((phrase) => phrase.startsWith('table, รายการเคลื่อนไหวทุนเรือนหุ้น'));
    expect(tableName).toBeDefined();
    const name = tableName!.slice('table, '.length);
    // No region says the name before the table does, and a table is no landmark.
    expect(log.filter((phrase) => phrase.includes(name))).toEqual([
      `table, ${name}`,
      `caption, ${name}`,
      `end of table, ${name}`,
    ]);
    expect(log.filter((phrase) => phrase.startsWith('region, ทุนเรือนหุ้น ณ'))).toEqual([]);
    const dates = log.filter((phrase) => phrase.startsWith('rowheader, ')).map((p) => p.slice('rowheader, '.length));
    expect(dates.length).toBeGreaterThan(0);
    for (const date of dates.filter((d) => /\d{4}$/.test(d) && /^\d/.test(d))) expect(date).toMatch(FULL_DATE);
    expect(log.filter((phrase) => SHORT_MONTH.test(phrase))).toEqual([]);
    // The date hint is said as words, not as "slash".
    expect(log).toContain('รูปแบบ วัน เดือน ปี (พ.ศ.) เช่น 01/01/2568');
    // An empty value says ไม่มี where the page shows " - ".
    const emptyCells = await page.locator('#share-table td[role="cell"]', { hasText: /^\s*-\s*$/ }).count();
    if (emptyCells) expect(log).toContain('cell, ไม่มี');
  });

  test('a month without a receipt says ไม่มี for its receipt number and date, not a dash', async ({ page, axe }) => {
    await signIn(page, axe, DEMO);
    await page.goto('/member/kep');
    await axe();
    // The newest month is waiting to be sent: no receipt yet, printed as "-".
    const receipt = page.locator('main .cards > li').first().locator('dd').nth(2);
    await expect(receipt).toHaveText(/^\s*-/);
    const log = await readThrough(page);
    const said = (term: string) => {
      const at = log.indexOf(term);
      return log.slice(at + 1).find((phrase) => !/^(end of term|definition)$/.test(phrase));
    };
    expect(log).toContain('เลขที่ใบเสร็จ');
    expect(said('เลขที่ใบเสร็จ')).toBe('ไม่มี');
    expect(said('วันที่ใบเสร็จ')).toBe('ไม่มี');
  });

  test('the capital chart is said once: a picture named by its title, then its summary as the caption', async ({
    page,
    axe,
  }) => {
    await openSharePage(page, axe);
    // As said: its no-break spaces (a month with its year, a figure with บาท) are spaces to a reader.
    const summary = ((await page.locator('.chart figcaption').textContent()) ?? '').replace(/\s/g, ' ');
    expect(summary).toMatch(/^ทุนเรือนหุ้นสิ้นเดือน /);
    const log = await readThrough(page);
    expect(log.filter((phrase) => phrase.includes(summary))).toEqual([summary]);
    expect(log).toContainEqual(expect.stringMatching(/^image, ทุนเรือนหุ้นย้อนหลัง \d+ เดือน$/));
  });

  test('the search dialog says the message of an empty search', async ({ page, axe }) => {
    await page.goto('/home');
    await axe();
    await page.getByRole('button', { name: 'ค้นหา' }).first().click();
    const dialog = page.getByRole('dialog');
    await dialog.getByRole('button', { name: 'ค้นหา', exact: true }).click();
    await expect(dialog.getByText('กรุณากรอกคำค้นหา')).toBeVisible();
    await expect.poll(() => spoken(page)).toContain('polite: ข้อผิดพลาด: กรุณากรอกคำค้นหา');
  });
});

test('the password form focuses its error summary, as every other form does', async ({
  page,
  axe,
  allowConsoleError,
}) => {
  allowConsoleError(/status of 400/);
  await signIn(page, axe, DEMO);
  await page.goto('/member/password');
  await axe();
  await page.getByRole('button', { name: 'บันทึกรหัสผ่านใหม่' }).click();
  await expect(page.locator('#error-summary')).toBeFocused();
  await expect(page.getByRole('alert')).toContainText('มีข้อผิดพลาด');
  // Again, with other errors: the summary takes the focus again.
  await page.getByLabel('รหัสผ่านใหม่', { exact: true }).fill('short');
  await page.getByRole('button', { name: 'บันทึกรหัสผ่านใหม่' }).click();
  await expect(page.locator('#error-summary')).toBeFocused();
});

test('the staff login links a wrong password to its field', async ({ page, axe, allowConsoleError }) => {
  allowConsoleError(/status of 401/);
  await page.goto('/staff/login');
  await axe();
  await page.getByLabel('ชื่อผู้ใช้').fill('nobody-here');
  await page.getByLabel('รหัสผ่าน', { exact: true }).fill('not-the-password-1');
  await page.getByRole('button', { name: 'เข้าสู่ระบบ' }).click();
  const link = page.getByRole('alert').getByRole('link');
  await expect(link).toHaveAttribute('href', '#staff-password');
});

test('month and statement pages name the month, contract or account in their title', async ({ page, axe }) => {
  await signIn(page, axe, DEMO);
  for (const [list, link, title] of [
    ['/member/kep', 'a[href^="/member/kep/"]:not([href$="/pdf"])', /^(ใบแจ้งหนี้|ใบเสร็จรับเงิน) ประจำเดือน \S+ \d{4} \|/],
    ['/member/loan', 'a[href*="/member/loan_statement/"]', /^รายการเคลื่อนไหวเงินกู้ สัญญาเลขที่ \S+ \|/],
    ['/member/deposit', 'a[href*="/member/dep_statement/"]', /^รายการเคลื่อนไหวเงินฝาก บัญชี \S+ \|/],
  ] as const) {
    await page.goto(list);
    await axe();
    const href = await page.locator(link).first().getAttribute('href');
    await page.goto(href!);
    await axe();
    await expect(page).toHaveTitle(title);
  }
});

test('Thai is given in words: the masked ID card number and the instalments paid', async ({ page, axe }) => {
  await signIn(page, axe, DEMO);
  const id = page.locator('dd', { hasText: /x{5}-x{2}/ });
  await expect(id.locator('[aria-hidden="true"]')).toHaveText(/^\d-\d{4}-x{5}-x{2}-\d$/);
  await expect(id.locator('.visually-hidden')).toHaveText(/^\d \d{4} ตามด้วยเลขที่ซ่อนไว้ 7 หลัก และ \d$/);
  await page.goto('/member/loan');
  await axe();
  const progress = page.locator('dd', { hasText: /\d+ \/ \d+/ }).first();
  await expect(progress.locator('[aria-hidden="true"]')).toHaveText(/^\d+ \/ \d+$/);
  await expect(progress.locator('.visually-hidden')).toHaveText(/^งวดที่ \d+ จาก \d+$/);
});

test('a cut board title is named by the whole title, once', async ({ page, axe }) => {
  const title = `ขอสอบถามเรื่องการโอนหุ้นให้ทายาทและเอกสารที่ต้องเตรียม ${'ยาวมาก '.repeat(14)}${randomUUID().slice(0, 8)}`;
  expect(title.length).toBeGreaterThan(120);
  await page.goto('/boardPost');
  await axe();
  await postTopic(page, axe, { title, body: 'รายละเอียดของคำถาม', name: 'สมาชิกทดสอบ' });
  const id = new URL(page.url()).pathname.split('/').pop();
  await page.goto('/board');
  await axe();
  const link = page.locator(`a[href="/boardShow/${id}"]`);
  await expect(link.locator('[aria-hidden="true"]')).toHaveText(/…$/);
  await expect(link).toHaveAccessibleName(title);
  await expect(link).not.toHaveAttribute('title');
});

import { TOTP } from 'otpauth';
import type { Browser, Page } from '@playwright/test';

import { E2E_HTTP_MODE, expect, frontDatabase, logIn, signIn, test, type TestMember } from './fixtures';

const STEP = 30_000;

/** The code an authenticator app shows for the secret at `at` (the test computes it as the phone would). */
function codeAt(secret: string, at: number): string {
  return new TOTP({ secret, algorithm: 'SHA1', digits: 6, period: 30 }).generate({ timestamp: at });
}

/** Members whose second factor (kept where the browser's server keeps sessions) goes after each test. */
const enrolled: string[] = [];
test.afterEach(async () => {
  const store = frontDatabase();
  for (const no of enrolled.splice(0)) {
    await store.deleteFrom('totp_recovery_codes').where('subject', '=', `member:${no}`).execute();
    await store.deleteFrom('totp_factors').where('subject', '=', `member:${no}`).execute();
    await store.deleteFrom('login_challenges').where('membership_no', '=', no).execute();
    await store
      .deleteFrom('rate_limits')
      .where('key', 'in', [`totp:member:${no}`, `totp:enrol:member:${no}`])
      .execute();
  }
});

/** The form of a button on the security page (each change is its own form, ADR 090). */
function formOf(page: Page, button: string | RegExp) {
  return page.locator('form').filter({ has: page.getByRole('button', { name: button, exact: true }) });
}

/** Fill the current password a change asks for (ADR 090), then press the form's button. */
async function withPassword(page: Page, button: string, password: string) {
  const form = formOf(page, button);
  await form.getByLabel('รหัสผ่านปัจจุบัน').fill(password);
  await form.getByRole('button', { name: button, exact: true }).click();
}

async function logOut(page: Page) {
  await page.getByRole('navigation', { name: 'เมนูสมาชิก' }).getByRole('button', { name: 'ออกจากระบบ' }).click();
  await expect(page).toHaveURL(/\/member\/logon/);
}

/** Turn the authenticator on from the security page; answers the secret and the recovery codes. */
async function enrol(page: Page, axe: (page?: Page) => Promise<void>, member: TestMember) {
  enrolled.push(member.membershipNo);
  await page.getByRole('navigation', { name: 'เมนูสมาชิก' }).getByRole('link', { name: 'ความปลอดภัยของบัญชี' }).click();
  await expect(page).toHaveURL(/\/member\/security$/);
  await expect(page.getByRole('heading', { level: 1, name: 'ความปลอดภัยของบัญชี' })).toBeVisible();
  await axe();
  // Without the current password, nothing starts: the message is in the summary and at the field.
  await page.getByRole('button', { name: 'เปิดใช้การยืนยันตัวตนสองขั้นตอน' }).click();
  await expect(page.getByRole('alert')).toContainText('กรุณากรอกรหัสผ่านปัจจุบัน');
  await expect(formOf(page, 'เปิดใช้การยืนยันตัวตนสองขั้นตอน').getByLabel('รหัสผ่านปัจจุบัน')).toHaveAttribute(
    'aria-invalid',
    'true',
  );
  await axe();
  await withPassword(page, 'เปิดใช้การยืนยันตัวตนสองขั้นตอน', member.password);
  await expect(page.getByRole('img', { name: 'คิวอาร์โค้ดสำหรับเพิ่มบัญชีในแอปยืนยันตัวตน' })).toBeVisible();
  await expect(page.locator('.security-qr svg')).toBeVisible();
  await axe();
  const secret = ((await page.getByTestId('totp-secret').textContent()) ?? '').replace(/\s/g, '');
  expect(secret).toMatch(/^[A-Z2-7]{32}$/);

  // A wrong code first: refused with the reason, the authenticator stays off.
  await page.getByLabel('รหัส 6 หลักจากแอป').fill('000000');
  await withPassword(page, 'ยืนยันและเปิดใช้งาน', member.password);
  await expect(page.getByRole('alert')).toContainText('รหัสไม่ถูกต้อง');
  await axe();

  await page.getByLabel('รหัส 6 หลักจากแอป').fill(codeAt(secret, Date.now()));
  await withPassword(page, 'ยืนยันและเปิดใช้งาน', member.password);
  await expect(page.getByRole('status').filter({ hasText: 'เปิดใช้การยืนยันตัวตนสองขั้นตอนแล้ว' })).toBeVisible();
  const list = page.getByTestId('recovery-codes').getByRole('listitem');
  await expect(list).toHaveCount(10);
  const codes = (await list.allInnerTexts()).map((c) => c.trim());
  await axe();
  // Shown until the member says they are kept, then never again.
  await page.reload();
  await expect(list).toHaveCount(10);
  await page.getByRole('button', { name: 'บันทึกรหัสสำรองแล้ว' }).click();
  await expect(page.getByTestId('recovery-codes')).toHaveCount(0);
  await expect(page.getByText('เปิดใช้งานอยู่')).toBeVisible();
  await expect(page.getByText('เหลือรหัสสำรองที่ยังไม่ได้ใช้ 10 รหัส')).toBeVisible();
  await axe();
  return { secret, codes };
}

/** Password, then the code page; answers with the page on the code form. */
async function passwordStep(
  page: Page,
  axe: (page?: Page) => Promise<void>,
  member: TestMember,
  path = '/member/logon',
  remember = false,
) {
  await page.goto(path);
  await axe();
  await logIn(page, member.membershipNo, member.password, { remember });
  await expect(page).toHaveURL(/\/member\/logon\/verify$/);
  await expect(page.getByRole('heading', { level: 1, name: 'ยืนยันตัวตนขั้นที่สอง' })).toBeVisible();
}

async function enterCode(page: Page, code: string) {
  await page.getByLabel('รหัสยืนยันตัวตน').fill(code);
  await page.getByRole('button', { name: 'ยืนยัน', exact: true }).click();
}

test('a member turns on the authenticator; sign-in asks for a code that works once, or a recovery code once', async ({
  page,
  axe,
  request,
  signedInMember: member,
  allowConsoleError,
}) => {
  allowConsoleError(/status of 40[01]/);
  const { secret, codes } = await enrol(page, axe, member);
  await logOut(page);

  // The code of the next step (inside the window, after the one used to confirm), with "remember"
  // and a way back that both survive the code page.
  await passwordStep(page, axe, member, '/member/logon?redirectTo=%2Fmember%2Fsecurity', true);
  await axe();
  // The half-session opens no member page.
  await page.goto('/member/status');
  await expect(page).toHaveURL(/\/member\/logon/);
  await axe();
  await passwordStep(page, axe, member, '/member/logon?redirectTo=%2Fmember%2Fsecurity', true);
  const code = codeAt(secret, Date.now() + STEP);
  await enterCode(page, code);
  await expect(page).toHaveURL(/\/member\/security$/);
  const session = (await page.context().cookies()).find((c) => c.name.endsWith('sahakorn_sid'));
  expect(session?.expires ?? -1).toBeGreaterThan(Date.now() / 1000 + 29 * 24 * 3600);
  await logOut(page);

  // The same code again: refused.
  await passwordStep(page, axe, member);
  await enterCode(page, code);
  await expect(page.getByRole('alert')).toContainText('รหัสยืนยันตัวตนไม่ถูกต้อง หรือถูกใช้ไปแล้ว');
  await expect(page).toHaveTitle(/^ข้อผิดพลาด:/);
  await axe();
  // A recovery code instead, typed in capitals.
  await enterCode(page, (codes[0] ?? '').toUpperCase());
  await expect(page).toHaveURL(/\/member\/status$/);
  await page.goto('/member/security');
  await expect(page.getByText('เหลือรหัสสำรองที่ยังไม่ได้ใช้ 9 รหัส')).toBeVisible();
  await logOut(page);

  // That recovery code is spent; the next one works.
  await passwordStep(page, axe, member);
  await enterCode(page, codes[0] ?? '');
  await expect(page.getByRole('alert')).toContainText('รหัสยืนยันตัวตนไม่ถูกต้อง หรือถูกใช้ไปแล้ว');
  await enterCode(page, codes[1] ?? '');
  await expect(page).toHaveURL(/\/member\/status$/);

  if (!E2E_HTTP_MODE) {
    // The vendor API does not get round the code (ADR 040).
    // An app signs in without the browser's cookies (a request with our session cookie is Origin-checked).
    const api = await request.post('/api/member/auth/login', {
      data: { membership_no: member.membershipNo, mem_password: member.password },
    });
    expect(api.status()).toBe(401);
    expect(((await api.json()) as { error: string }).error).toContain('รหัสยืนยันตัวตน');
  }

  // Turned off with the password: sign-in asks for no code any more.
  await page.goto('/member/security');
  await withPassword(page, 'ปิดการยืนยันตัวตนสองขั้นตอน', 'not-the-password');
  await expect(page.getByRole('alert')).toContainText('รหัสผ่านปัจจุบันไม่ถูกต้อง');
  await axe();
  await withPassword(page, 'ปิดการยืนยันตัวตนสองขั้นตอน', member.password);
  await expect(page.getByRole('status').filter({ hasText: 'ปิดการยืนยันตัวตนสองขั้นตอนแล้ว' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'เปิดใช้การยืนยันตัวตนสองขั้นตอน' })).toBeVisible();
  await logOut(page);
  await page.goto('/member/logon');
  await logIn(page, member.membershipNo, member.password);
  await expect(page).toHaveURL(/\/member\/status$/);

  // Every change was audited.
  const events = await frontDatabase()
    .selectFrom('audit_events')
    .select('type')
    .where('membership_no', '=', member.membershipNo)
    .execute();
  const types = new Set(events.map((e) => e.type));
  for (const type of [
    'totp_enrolment_started',
    'totp_enrolment_failed',
    'totp_enabled',
    'second_factor_required',
    'second_factor_failure',
    'totp_disable_failed',
    'totp_disabled',
  ]) {
    expect(types, type).toContain(type);
  }
});

/** A second browser of the same member, signed in. */
async function otherDevice(browser: Browser, member: TestMember) {
  const context = await browser.newContext();
  const page = await context.newPage();
  await page.goto('/member/logon');
  await logIn(page, member.membershipNo, member.password);
  await expect(page).toHaveURL(/\/member\/status$/);
  return { context, page };
}

/** A device signed in by `otherDevice` whose session was ended: its next page is the login page. */
async function expectEnded(device: Awaited<ReturnType<typeof otherDevice>>) {
  await device.page.goto('/member/status');
  await expect(device.page).toHaveURL(/\/member\/logon/);
  await device.context.close();
}

test('a member sees their devices and ends another one, then all the others', async ({
  page,
  axe,
  browser,
  request,
  createMember,
  allowConsoleError,
}) => {
  allowConsoleError(/status of 400/);
  const member = await createMember();
  const other = await otherDevice(browser, member);
  await signIn(page, axe, member);
  await page.goto('/member/security');
  const devices = page.getByRole('region', { name: 'อุปกรณ์ที่เข้าสู่ระบบอยู่' }).getByRole('listitem');
  await expect(devices).toHaveCount(2);
  await expect(devices.first()).toContainText('อุปกรณ์นี้');
  await expect(devices.first()).toContainText(/Chrome บน /);
  await expect(devices.first()).toContainText('127.0.0.1');
  await axe();
  await devices
    .nth(1)
    .getByLabel(/^รหัสผ่านปัจจุบัน/)
    .fill(member.password);
  await devices
    .nth(1)
    .getByRole('button', { name: /ออกจากระบบอุปกรณ์นี้/ })
    .click();
  await expect(page.getByRole('status').filter({ hasText: 'ออกจากระบบอุปกรณ์นั้นแล้ว' })).toBeVisible();
  await expect(devices).toHaveCount(1);
  await axe();
  await expectEnded(other);

  // An app's token (embedded: the tokens are ours) and another browser; "all devices" ends both.
  const tokens = page.getByRole('region', { name: 'โทเคนของแอปพลิเคชัน' });
  let token = '';
  if (E2E_HTTP_MODE) {
    await expect(tokens).toContainText('จัดการโดยระบบหลักของสหกรณ์');
  } else {
    // An app signs in without the browser's cookies (a request with our session cookie is Origin-checked).
    const api = await request.post('/api/member/auth/login', {
      data: { membership_no: member.membershipNo, mem_password: member.password },
    });
    expect(api.status()).toBe(200);
    token = ((await api.json()) as { token: string }).token;
    await page.reload();
    await expect(tokens.getByRole('listitem')).toHaveCount(1);
    await axe();
  }
  const third = await otherDevice(browser, member);
  await page.reload();
  await expect(devices).toHaveCount(2);
  // A wrong password ends nothing.
  await withPassword(page, 'ออกจากระบบทุกอุปกรณ์', 'not-the-password');
  await expect(page.getByRole('alert')).toContainText('รหัสผ่านปัจจุบันไม่ถูกต้อง');
  await expect(devices).toHaveCount(2);
  await axe();
  await withPassword(page, 'ออกจากระบบทุกอุปกรณ์', member.password);
  await expect(page.getByRole('status').filter({ hasText: 'ออกจากระบบทุกอุปกรณ์อื่นแล้ว' })).toBeVisible();
  await expect(devices).toHaveCount(1);
  await axe();
  await expectEnded(third);
  if (token) {
    await expect(tokens).toContainText('ไม่มีแอปพลิเคชันที่เข้าสู่ระบบ');
    const check = await request.post('/api/member/auth/getAuthUser', {
      data: {},
      headers: { Authorization: `Bearer ${token}` },
    });
    expect(check.status()).toBe(400);
  }
  // This device goes on.
  await page.goto('/member/status');
  await expect(page).toHaveURL(/\/member\/status$/);
});

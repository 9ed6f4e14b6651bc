import path from 'node:path';

import type { Page } from '@playwright/test';

import { E2E_DATA_DIR } from '../../playwright.config';
import { outboxDir, readOutbox } from '../../app/server/auth/recovery/delivery.server';

import { memberRow } from '../../app/server/db/member-row.test-support';
import { database, E2E_HTTP_MODE, expect, logIn, randomNationalId, test as base, type TestMember } from './fixtures';
import { ACCEPT_LABEL, codeFor, fillCodeStep, type Identity, identityWithEmail, requestCode } from './register-steps';
import { createStaffAccount, staffLogin } from './staff-fixture';

const TITLE = { register: 'เข้าใช้งานครั้งแรก (ลงทะเบียน)', forget: 'ลืมรหัสผ่าน' } as const;

interface IdentityFixtures {
  /** A member row with no online account (not registered yet), removed after the test. */
  unregisteredMember: () => Promise<Identity>;
  /**
   * A member made by `createMember` who forgot the password: their identity as they type it (read from
   * the store) and the new password they choose.
   */
  forgetfulMember: () => Promise<{ member: TestMember; identity: Identity; password: string }>;
}

/** `1234567890123` → `1-2345-67890-12-3`, as the hint shows it. */
function dashed(id: string): string {
  return `${id.slice(0, 1)}-${id.slice(1, 5)}-${id.slice(5, 10)}-${id.slice(10, 12)}-${id.slice(12)}`;
}

const test = base.extend<IdentityFixtures>({
  unregisteredMember: async ({}, use) => {
    const created: string[] = [];
    await use(async () => {
      for (;;) {
        // 07xxxx: clear of the demo members (below 002000) and of createMember's 08xxxx–09xxxx.
        const membershipNo = `07${String(Math.floor(Math.random() * 10_000)).padStart(4, '0')}`;
        const identity: Identity = {
          membershipNo,
          nationalId: randomNationalId(),
          firstName: 'ทดลอง',
          lastName: `ลงทะเบียน${membershipNo}`,
          birthDate: '01/07/2533',
        };
        try {
          await database()
            .insertInto('members')
            .values(
              memberRow(membershipNo, {
                first_name: identity.firstName,
                last_name: identity.lastName,
                id_card: identity.nationalId,
                birth_date: '1990-07-01',
                email: `reg${membershipNo}@example.com`,
              }),
            )
            .execute();
        } catch (error) {
          if (/unique|duplicate/i.test(String(error))) continue;
          throw error;
        }
        created.push(membershipNo);
        return identity;
      }
    });
    const store = database();
    for (const no of created) {
      await store.deleteFrom('sessions').where('membership_no', '=', no).execute();
      await store
        .deleteFrom('rate_limits')
        .where('key', 'in', [
          `login:member:${no}`,
          `identity:member:${no}`,
          `recovery:codes:wrong:${no}`,
          `recovery:codes:sent:${no}`,
        ])
        .execute();
      // Credentials, terms acceptances and tokens go with the row (ON DELETE CASCADE).
      await store.deleteFrom('members').where('membership_no', '=', no).execute();
    }
  },

  forgetfulMember: async ({ createMember }, use) => {
    const used: string[] = [];
    await use(async () => {
      const member = await createMember();
      used.push(member.membershipNo);
      const identity = await identityWithEmail(member, `forget${member.membershipNo}@example.com`);
      return { member, identity, password: newPassword() };
    });
    // createMember removes the member itself; its identity-check counter is ours to clear.
    for (const no of used) {
      await database()
        .deleteFrom('rate_limits')
        .where('key', 'in', [`identity:member:${no}`, `recovery:codes:wrong:${no}`, `recovery:codes:sent:${no}`])
        .execute();
    }
  },
});

/**
 * Send the code step with its button (`button`): the member lands on the login page, which says `notice`.
 * Given `logInWith`, the new password then logs the member in, to the status page.
 */
async function sendCodeStep(
  page: Page,
  axe: () => Promise<void>,
  button: string,
  notice: string,
  logInWith?: { membershipNo: string; password: string },
) {
  await page.getByRole('button', { name: button, exact: true }).click();
  await expect(page).toHaveURL(/\/member\/logon$/);
  await expect(page.getByRole('status').filter({ hasText: notice })).toBeVisible();
  await axe();
  if (!logInWith) return;
  await logIn(page, logInWith.membershipNo, logInWith.password);
  await expect(page).toHaveURL(/\/member\/status$/);
  await axe();
}

function newPassword(): string {
  return `Reg-${Math.random().toString(36).slice(2, 10)}`;
}

// In http mode there is no online registration (ADR 038): see the test below.
test.describe('register and forgotten password', { tag: '@embedded' }, () => {
  test('the three routes start with the identity step; no password is asked there', async ({ page, axe }) => {
    for (const route of ['/member/register', '/member/registerauth', '/member/forget']) {
      await page.goto(route);
      const title = route.endsWith('forget') ? TITLE.forget : TITLE.register;
      await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();
      await expect(page.getByLabel('เลขประจำตัวประชาชน')).toHaveAccessibleDescription(/1-2345-67890-12-1/);
      await expect(page.getByLabel('รหัสผ่านใหม่', { exact: true })).toHaveCount(0);
      await expect(page.getByRole('button', { name: 'ขอรหัสยืนยัน', exact: true })).toBeVisible();
      await expect(page.getByRole('link', { name: 'เข้าสู่ระบบสมาชิก' })).toHaveAttribute('href', '/member/logon');
      await axe();
    }
  });

  test('an unregistered member registers with the code sent by email, then logs in', async ({
    page,
    axe,
    unregisteredMember,
  }) => {
    const identity = await unregisteredMember();
    const password = newPassword();
    await page.goto('/member/register');
    await axe();
    const since = Date.now() - 1000;
    await requestCode(page, { ...identity, nationalId: dashed(identity.nationalId) });
    await expect(page.getByLabel(ACCEPT_LABEL)).toBeVisible();
    await axe();
    const code = await codeFor(`reg${identity.membershipNo}@example.com`, since);
    await fillCodeStep(page, code, password, { accept: true });
    await sendCodeStep(page, axe, 'ลงทะเบียน', 'ลงทะเบียนสำเร็จ', { membershipNo: identity.membershipNo, password });
  });

  test('a registered member who forgot the password sets a new one with the code and logs in', async ({
    page,
    axe,
    forgetfulMember,
    allowConsoleError,
  }) => {
    allowConsoleError(/status of 400/);
    const { member, identity, password } = await forgetfulMember();
    await page.goto('/member/logon');
    await page.getByRole('link', { name: 'ลืมรหัสผ่าน' }).click();
    await expect(page).toHaveURL(/\/member\/forget$/);
    await axe();
    const since = Date.now() - 1000;
    await requestCode(page, identity);
    await axe();
    const code = await codeFor(`forget${member.membershipNo}@example.com`, since);
    // A wrong code first: refused, with the tries left.
    await fillCodeStep(page, code === '000000' ? '111111' : '000000', password);
    await page.getByRole('button', { name: 'ตั้งรหัสผ่านใหม่', exact: true }).click();
    await expect(page.getByLabel('รหัสยืนยัน', { exact: true })).toHaveAccessibleDescription(/ลองได้อีก 4 ครั้ง/);
    await axe();
    await fillCodeStep(page, code, password);
    await sendCodeStep(page, axe, 'ตั้งรหัสผ่านใหม่', 'เปลี่ยนรหัสผ่านสำเร็จ', { membershipNo: member.membershipNo, password });
  });

  test('an identity that does not match gets the same code page, and no message is sent', async ({
    page,
    axe,
    unregisteredMember,
  }) => {
    const identity = await unregisteredMember();
    const since = Date.now() - 1000;
    await page.goto('/member/register');
    await requestCode(page, { ...identity, birthDate: '02/07/2533' });
    await expect(page.getByLabel('รหัสยืนยัน', { exact: true })).toBeVisible();
    await axe();
    await page.waitForTimeout(300);
    const entries = await readOutbox(outboxDir(path.resolve(E2E_DATA_DIR)), 200);
    expect(
      entries.filter((e) => e.at >= since && e.to.kind === 'email' && e.to.address.includes(identity.membershipNo)),
    ).toHaveLength(0);
  });

  test('a number with a day of wrong codes: even the right code is refused with a page to call the cooperative; support clears it', async ({
    page,
    axe,
    browser,
    forgetfulMember,
    allowConsoleError,
  }) => {
    allowConsoleError(/status of 429/);
    const { member, identity, password } = await forgetfulMember();
    await page.goto('/member/forget');
    const since = Date.now() - 1000;
    await requestCode(page, identity);
    const code = await codeFor(`forget${member.membershipNo}@example.com`, since);
    // Ten wrong codes earlier today (the counting itself is unit-tested, ADR 094).
    await database()
      .insertInto('rate_limits')
      .values({ key: `recovery:codes:wrong:${member.membershipNo}`, count: 10, reset_at: Date.now() + 24 * 3600_000 })
      .execute();
    await fillCodeStep(page, code, password);
    await page.getByRole('button', { name: 'ตั้งรหัสผ่านใหม่', exact: true }).click();
    const lockedText = /ระงับการใช้รหัสยืนยันของหมายเลขสมาชิกนี้ไว้ถึง .* กรุณาติดต่อสหกรณ์ โทร/;
    await expect(page.getByRole('alert').getByText(lockedText)).toBeVisible();
    await expect(page.getByLabel('รหัสยืนยัน', { exact: true })).toHaveCount(0);
    expect(page.url()).not.toContain(member.membershipNo);
    await axe();

    // Support sees the lock and clears it (the member stays as they were: no sign-out).
    const staff = await createStaffAccount('support');
    const context = await browser.newContext();
    try {
      const support = await context.newPage();
      await staffLogin(support, staff);
      await support.goto('/staff/members');
      await support.getByLabel('เลขที่สมาชิกหรือชื่อ').fill(member.membershipNo);
      await support.getByRole('button', { name: 'ค้นหาสมาชิก' }).click();
      await support.getByRole('button', { name: /เปิดข้อมูล/ }).click();
      const panel = support.getByRole('region', { name: new RegExp(`สมาชิกเลขที่ ${member.membershipNo}`) });
      await expect(panel).toContainText('ล็อกรหัสยืนยันสำหรับลงทะเบียนและลืมรหัสผ่าน');
      await axe(support);
      await panel.getByRole('button', { name: 'ปลดล็อกรหัสยืนยัน' }).click();
      await expect(support.getByText('ปลดล็อกรหัสยืนยันแล้ว')).toBeVisible();
      await expect(panel).toContainText('ไม่ถูกล็อก');
    } finally {
      await context.close();
    }

    // A new code now works.
    await page.goto('/member/forget');
    const again = Date.now() - 1000;
    await requestCode(page, identity);
    await fillCodeStep(page, await codeFor(`forget${member.membershipNo}@example.com`, again), password);
    await sendCodeStep(page, axe, 'ตั้งรหัสผ่านใหม่', 'เปลี่ยนรหัสผ่านสำเร็จ');
  });

  test('an empty submit says each message once: the summary and the inline errors, no notice repeating them', async ({
    page,
    axe,
    allowConsoleError,
  }) => {
    allowConsoleError(/status of 400/);
    await page.goto('/member/forget');
    await axe();
    await page.getByRole('button', { name: 'ขอรหัสยืนยัน', exact: true }).click();
    await expect(page.getByRole('alert').getByRole('link', { name: 'กรุณากรอกหมายเลขสมาชิก' })).toBeVisible();
    // The summary's link and the inline error, and no toast a third time (ADR 049).
    await expect(page.getByRole('status').filter({ hasText: 'กรุณากรอกเลขประจำตัวประชาชน' })).toHaveCount(0);
    await expect(page.locator('.notice')).toHaveCount(0);
    await axe();
  });

  test('the demo outbox page says it is a demo, and is never kept', async ({ page, axe }) => {
    const answer = await page.goto('/demo/outbox');
    expect(answer?.headers()['cache-control']).toBe('private, no-store');
    const again = await page.request.get('/demo/outbox');
    expect(again.headers()['cache-control']).toBe('private, no-store');
    await expect(page.getByRole('heading', { level: 1, name: 'กล่องข้อความสาธิต' })).toBeVisible();
    await expect(page.getByText('หน้านี้มีเฉพาะในระบบสาธิตเท่านั้น')).toBeVisible();
    await axe();
  });
});

test.describe('http mode', () => {
  test.skip(!E2E_HTTP_MODE, 'only against a front in http mode');

  test("offers no online registration or reset and gives the cooperative's phone", async ({ page, axe }) => {
    for (const route of ['/member/register', '/member/forget']) {
      await page.goto(route);
      await expect(page.getByText('ไม่สามารถลงทะเบียนหรือตั้งรหัสผ่านใหม่ทางเว็บไซต์ได้')).toBeVisible();
      await expect(page.getByLabel('รหัสผ่านใหม่', { exact: true })).toHaveCount(0);
      await axe();
    }
  });
});

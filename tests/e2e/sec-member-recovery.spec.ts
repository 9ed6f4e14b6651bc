import type { Page } from '@playwright/test';
import { TOTP } from 'otpauth';

import { SECOND_FACTOR_MESSAGES } from '../../app/lib/forms/second-factor';
import { database, expect, frontDatabase, logIn, test as base, type TestMember } from './fixtures';
import { codeFor, fillCodeStep, type Identity, identityWithEmail, requestCode } from './register-steps';

/**
 * The forgotten-password page against an attacker (ASVS 5.0 level 2): a number someone else locked
 * with wrong codes still lets its member reset with a fresh code (ADR 131), and a reset by a code
 * sent to the member does not get round the member's second factor (ADR 132).
 */

const DAY = 24 * 3600_000;

/** The forgotten-password page's first step, sent; returns the moment to look for the code from. */
async function askForCode(page: Page, identity: Identity): Promise<number> {
  const since = Date.now() - 1000;
  await page.goto('/member/forget');
  await requestCode(page, identity);
  return since;
}

async function setPassword(page: Page, code: string, password: string) {
  await fillCodeStep(page, code, password);
  await page.getByRole('button', { name: 'ตั้งรหัสผ่านใหม่', exact: true }).click();
  await expect(page).toHaveURL(/\/member\/logon$/);
}

const counters = (no: string) => [
  `identity:member:${no}`,
  `recovery:codes:wrong:${no}`,
  `recovery:codes:sent:${no}`,
  `recovery:codes:locked:${no}`,
  `totp:member:${no}`,
  `totp:enrol:member:${no}`,
];

const test = base.extend<{ forgetful: { member: TestMember; identity: Identity } }>({
  /** A member of their own (`createMember`) with an email on file for the codes, and their identity as typed. */
  forgetful: async ({ createMember }, use) => {
    const member = await createMember();
    const no = member.membershipNo;
    await use({ member, identity: await identityWithEmail(member, `secmem${no}@example.com`) });
    // createMember removes the member itself; the counters and the second factor are ours to clear.
    await database().deleteFrom('rate_limits').where('key', 'in', counters(no)).execute();
    const store = frontDatabase();
    await store.deleteFrom('totp_recovery_codes').where('subject', '=', `member:${no}`).execute();
    await store.deleteFrom('totp_factors').where('subject', '=', `member:${no}`).execute();
    await store.deleteFrom('login_challenges').where('membership_no', '=', no).execute();
  },
});

test.describe('forgotten password against an attacker', { tag: '@embedded' }, () => {
  test('a number someone locked with ten wrong codes: the member still resets with a fresh code sent to them (ADR 131)', async ({
    page,
    axe,
    forgetful: { member, identity },
  }) => {
    // Ten wrong codes a minute ago, from someone who knows only the number (counted and unit-tested in
    // register.server.test.ts): the day's counter and the moment of the lock, as the app keeps them.
    const lockedAt = Date.now() - 60_000;
    await database()
      .insertInto('rate_limits')
      .values([
        { key: `recovery:codes:wrong:${member.membershipNo}`, count: 10, reset_at: lockedAt - 600_000 + DAY },
        { key: `recovery:codes:locked:${member.membershipNo}`, count: 1, reset_at: lockedAt + DAY },
      ])
      .execute();

    const since = await askForCode(page, identity);
    await axe();
    const code = await codeFor(`secmem${member.membershipNo}@example.com`, since);
    const password = `Sec-${Math.random().toString(36).slice(2, 10)}`;
    await setPassword(page, code, password);
    await expect(page.getByRole('status').filter({ hasText: 'รหัสผ่าน' })).toBeVisible();
    await axe();
    await logIn(page, member.membershipNo, password);
    await expect(page).toHaveURL(/\/member\/status$/);
    await axe();
  });

  test('a reset by the code sent to the member keeps the second factor: the new password leads to the code page (ADR 132)', async ({
    page,
    axe,
    forgetful: { member, identity },
  }) => {
    // The member turns the authenticator on.
    await page.goto('/member/logon');
    await logIn(page, member.membershipNo, member.password);
    await expect(page).toHaveURL(/\/member\/status$/);
    await axe();
    await page.goto('/member/security');
    await axe();
    const start = page.locator('form').filter({
      has: page.getByRole('button', { name: 'เปิดใช้การยืนยันตัวตนสองขั้นตอน', exact: true }),
    });
    await start.getByLabel('รหัสผ่านปัจจุบัน').fill(member.password);
    await start.getByRole('button', { name: 'เปิดใช้การยืนยันตัวตนสองขั้นตอน', exact: true }).click();
    const secret = ((await page.getByTestId('totp-secret').textContent()) ?? '').replace(/\s/g, '');
    const totp = new TOTP({ secret, algorithm: 'SHA1', digits: 6, period: 30 });
    await page.getByLabel('รหัส 6 หลักจากแอป').fill(totp.generate({ timestamp: Date.now() }));
    const confirm = page.locator('form').filter({
      has: page.getByRole('button', { name: 'ยืนยันและเปิดใช้งาน', exact: true }),
    });
    await confirm.getByLabel('รหัสผ่านปัจจุบัน').fill(member.password);
    await confirm.getByRole('button', { name: 'ยืนยันและเปิดใช้งาน', exact: true }).click();
    await expect(page.getByRole('status').filter({ hasText: SECOND_FACTOR_MESSAGES.enabled })).toBeVisible();
    await page.context().clearCookies();

    // Someone with the member's mailbox and identity resets the password.
    const since = await askForCode(page, identity);
    await axe();
    const code = await codeFor(`secmem${member.membershipNo}@example.com`, since);
    const password = `Sec-${Math.random().toString(36).slice(2, 10)}`;
    await setPassword(page, code, password);
    await expect(page.getByRole('status').filter({ hasText: SECOND_FACTOR_MESSAGES.keptAfterReset })).toBeVisible();
    await axe();

    // The new password alone is not enough: the code page comes next.
    await logIn(page, member.membershipNo, password);
    await expect(page).toHaveURL(/\/member\/logon\/verify$/);
    await expect(page.getByRole('heading', { level: 1, name: SECOND_FACTOR_MESSAGES.verifyTitle })).toBeVisible();
    await axe();
    await page.goto('/member/status');
    await expect(page).toHaveURL(/\/member\/logon/);
    await axe();
  });
});

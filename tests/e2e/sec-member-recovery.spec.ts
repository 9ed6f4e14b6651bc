import path from 'node:path';

import type { Page } from '@playwright/test';
import { TOTP } from 'otpauth';

import { E2E_DATA_DIR } from '../../playwright.config';
import { isValidThaiNationalId } from '../../app/lib/forms/identity';
import { SECOND_FACTOR_MESSAGES } from '../../app/lib/forms/second-factor';
import { outboxDir, readOutbox } from '../../app/server/auth/recovery/delivery.server';
import { database, expect, frontDatabase, logIn, randomNationalId, test, type TestMember } from './fixtures';

/**
 * The forgotten-password page against an attacker (ASVS 5.0 level 2): a number someone else locked
 * with wrong codes still lets its member reset with a fresh code (ADR 131), and a reset by a code
 * sent to the member does not get round the member's second factor (ADR 132).
 */

const SENT = 'หากข้อมูลตรงกับทะเบียนสมาชิก ระบบได้ส่งรหัสยืนยัน 6 หลัก';
const DAY = 24 * 3600_000;

interface Identity {
  membershipNo: string;
  nationalId: string;
  firstName: string;
  lastName: string;
  birthDate: string;
}

/** The member's identity as they type it, with an email of their own on file for the codes. */
async function identityOf(member: TestMember): Promise<Identity> {
  const row = await database()
    .selectFrom('members')
    .select(['id_card', 'first_name', 'last_name', 'birth_date'])
    .where('membership_no', '=', member.membershipNo)
    .executeTakeFirstOrThrow();
  let nationalId = row.id_card;
  while (!isValidThaiNationalId(nationalId)) {
    nationalId = randomNationalId();
    try {
      await database()
        .updateTable('members')
        .set({ id_card: nationalId })
        .where('membership_no', '=', member.membershipNo)
        .execute();
    } catch (error) {
      if (!/unique|duplicate/i.test(String(error))) throw error;
      nationalId = row.id_card;
    }
  }
  await database()
    .updateTable('members')
    .set({ email: `secmem${member.membershipNo}@example.com` })
    .where('membership_no', '=', member.membershipNo)
    .execute();
  const [y, m, d] = row.birth_date.split('-');
  return {
    membershipNo: member.membershipNo,
    nationalId,
    firstName: row.first_name,
    lastName: row.last_name,
    birthDate: `${d}/${m}/${Number(y) + 543}`,
  };
}

async function requestCode(page: Page, identity: Identity): Promise<number> {
  const since = Date.now() - 1000;
  await page.goto('/member/forget');
  await page.getByLabel('หมายเลขสมาชิก').fill(identity.membershipNo);
  await page.getByLabel('เลขประจำตัวประชาชน').fill(identity.nationalId);
  await page.getByLabel('ชื่อ', { exact: true }).fill(identity.firstName);
  await page.getByLabel('นามสกุล', { exact: true }).fill(identity.lastName);
  await page.getByLabel('วันเดือนปีเกิด (พ.ศ.)').fill(identity.birthDate);
  await page.getByRole('button', { name: 'ขอรหัสยืนยัน', exact: true }).click();
  await expect(page.getByText(SENT)).toBeVisible();
  return since;
}

async function codeFor(address: string, since: number): Promise<string> {
  let code: string | undefined;
  await expect
    .poll(async () => {
      const entries = await readOutbox(outboxDir(path.resolve(E2E_DATA_DIR)), 200);
      const entry = entries.find((e) => e.at >= since && e.to.kind === 'email' && e.to.address === address);
      code = entry ? /\b(\d{6})\b/.exec(entry.text)?.[1] : undefined;
      return code;
    })
    .toMatch(/^\d{6}$/);
  return code ?? '';
}

async function setPassword(page: Page, code: string, password: string) {
  await page.getByLabel('รหัสยืนยัน', { exact: true }).fill(code);
  await page.getByLabel('รหัสผ่านใหม่', { exact: true }).fill(password);
  await page.getByLabel('ยืนยันรหัสผ่านใหม่').fill(password);
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
const used: string[] = [];
test.afterEach(async () => {
  for (const no of used.splice(0)) {
    await database().deleteFrom('rate_limits').where('key', 'in', counters(no)).execute();
    const store = frontDatabase();
    await store.deleteFrom('totp_recovery_codes').where('subject', '=', `member:${no}`).execute();
    await store.deleteFrom('totp_factors').where('subject', '=', `member:${no}`).execute();
    await store.deleteFrom('login_challenges').where('membership_no', '=', no).execute();
  }
});

test.describe('forgotten password against an attacker', { tag: '@embedded' }, () => {
  test('a number someone locked with ten wrong codes: the member still resets with a fresh code sent to them (ADR 131)', async ({
    page,
    axe,
    createMember,
  }) => {
    const member = await createMember();
    used.push(member.membershipNo);
    const identity = await identityOf(member);
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

    const since = await requestCode(page, identity);
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
    createMember,
  }) => {
    const member = await createMember();
    used.push(member.membershipNo);
    const identity = await identityOf(member);

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
    const since = await requestCode(page, identity);
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

import type { Page } from '@playwright/test';

import { isValidThaiNationalId } from '../../app/lib/forms/identity';
import { memberRow } from '../../app/server/db/member-row.test-support';
import { database, expect, logIn, randomNationalId, test as base, type TestMember } from './fixtures';

const TITLE = { register: 'เข้าใช้งานครั้งแรก (ลงทะเบียน)', forget: 'ลืมรหัสผ่าน' } as const;
const GENERIC = 'ข้อมูลไม่ตรงกับทะเบียนสมาชิก กรุณาตรวจสอบอีกครั้ง';
const ACCEPT_LABEL = 'ข้าพเจ้ายอมรับข้อกำหนดและเงื่อนไขการใช้บริการ';

/** The five identity fields as a member types them (birth date in the Buddhist era). */
interface Identity {
  membershipNo: string;
  nationalId: string;
  firstName: string;
  lastName: string;
  birthDate: string;
}

interface IdentityFixtures {
  /** A member row with no online account (not registered yet), removed after the test. */
  unregisteredMember: () => Promise<Identity>;
  /** The identity of a member made by `createMember`, read from the store. */
  identityOf: (member: TestMember) => Promise<Identity>;
}

/** `1234567890123` → `1-2345-67890-12-3`, as the hint shows it. */
function dashed(id: string): string {
  return `${id.slice(0, 1)}-${id.slice(1, 5)}-${id.slice(5, 10)}-${id.slice(10, 12)}-${id.slice(12)}`;
}

/** `1985-03-14` → `14/03/2528`. */
function toBe(iso: string): string {
  const [y, m, d] = iso.split('-');
  return `${d}/${m}/${Number(y) + 543}`;
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
        .where('key', 'in', [`login:member:${no}`, `identity:member:${no}`])
        .execute();
      // Credentials, terms acceptances and tokens go with the row (ON DELETE CASCADE).
      await store.deleteFrom('members').where('membership_no', '=', no).execute();
    }
  },

  identityOf: async ({}, use) => {
    const used: string[] = [];
    await use(async (member) => {
      const row = await database()
        .selectFrom('members')
        .select(['id_card', 'first_name', 'last_name', 'birth_date'])
        .where('membership_no', '=', member.membershipNo)
        .executeTakeFirstOrThrow();
      used.push(member.membershipNo);
      // createMember's national id is random digits: give the member a real one (a valid check digit).
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
      return {
        membershipNo: member.membershipNo,
        nationalId,
        firstName: row.first_name,
        lastName: row.last_name,
        birthDate: toBe(row.birth_date),
      };
    });
    // createMember removes the member itself; its identity-check counter is ours to clear.
    for (const no of used) {
      await database().deleteFrom('rate_limits').where('key', '=', `identity:member:${no}`).execute();
    }
  },
});

async function fillForm(
  page: Page,
  identity: Identity,
  password: string,
  options: { confirm?: string; accept?: boolean } = {},
): Promise<void> {
  await page.getByLabel('หมายเลขสมาชิก').fill(identity.membershipNo);
  await page.getByLabel('เลขประจำตัวประชาชน').fill(identity.nationalId);
  await page.getByLabel('ชื่อ', { exact: true }).fill(identity.firstName);
  await page.getByLabel('นามสกุล', { exact: true }).fill(identity.lastName);
  await page.getByLabel('วันเดือนปีเกิด (พ.ศ.)').fill(identity.birthDate);
  await page.getByLabel('รหัสผ่านใหม่', { exact: true }).fill(password);
  await page.getByLabel('ยืนยันรหัสผ่านใหม่').fill(options.confirm ?? password);
  if (options.accept) await page.getByLabel(ACCEPT_LABEL).check();
}

/** Submit and return the status of the form POST (document or data request). */
async function submit(page: Page, mode: 'register' | 'forget'): Promise<number> {
  const response = page.waitForResponse(
    (r) => r.request().method() === 'POST' && new URL(r.url()).pathname.startsWith(`/member/${mode}`),
  );
  await page.getByRole('button', { name: mode === 'register' ? 'ลงทะเบียน' : 'ตั้งรหัสผ่านใหม่', exact: true }).click();
  return (await response).status();
}

function newPassword(): string {
  return `Reg-${Math.random().toString(36).slice(2, 10)}`;
}

test.describe('register and forgotten password', () => {
  test('the three routes share one screen: register asks for the terms, forget does not', async ({ page, axe }) => {
    for (const path of ['/member/register', '/member/registerauth']) {
      await page.goto(path);
      await expect(page.getByRole('heading', { level: 1, name: TITLE.register })).toBeVisible();
      await expect(page).toHaveTitle(new RegExp(`^${TITLE.register.replace(/[()]/g, '\\$&')}`));
      await expect(page.getByLabel(ACCEPT_LABEL)).toBeVisible();
      await expect(page.getByRole('link', { name: /อ่านข้อกำหนดและเงื่อนไขการใช้บริการ/ })).toHaveAttribute(
        'href',
        '/member/termofconditional',
      );
      await expect(page.getByRole('link', { name: 'ลืมรหัสผ่าน' })).toHaveAttribute('href', '/member/forget');
      await expect(page.getByRole('link', { name: 'เข้าสู่ระบบสมาชิก' })).toHaveAttribute('href', '/member/logon');
      await axe();
    }
    await page.getByRole('link', { name: 'ลืมรหัสผ่าน' }).click();
    await expect(page).toHaveURL(/\/member\/forget$/);
    await expect(page.getByRole('heading', { level: 1, name: TITLE.forget })).toBeVisible();
    await expect(page.getByLabel('เลขประจำตัวประชาชน')).toHaveAccessibleDescription(/1-2345-67890-12-1/);
    await expect(page.getByLabel('วันเดือนปีเกิด (พ.ศ.)')).toHaveAccessibleDescription(/14\/03\/2528/);
    await expect(page.getByLabel(ACCEPT_LABEL)).toHaveCount(0);
    await expect(page.getByRole('link', { name: TITLE.register })).toHaveAttribute('href', '/member/register');
    await axe();
  });

  test('an unregistered member registers, then logs in straight to the member area', async ({
    page,
    axe,
    unregisteredMember,
    javaScriptEnabled,
  }) => {
    const identity = await unregisteredMember();
    const password = newPassword();
    if (javaScriptEnabled) await page.clock.install();
    await page.goto('/member/register');
    await axe();
    // From here the page's timers run only when the test says so.
    if (javaScriptEnabled) await page.clock.pauseAt(new Date(Date.now() + 60_000));
    // The national id as the hint shows it, with dashes; a short number is padded.
    await fillForm(page, { ...identity, nationalId: dashed(identity.nationalId) }, password, { accept: true });
    await page.getByLabel('หมายเลขสมาชิก').fill(identity.membershipNo.replace(/^0+/, ''));
    await submit(page, 'register');
    await expect(page).toHaveURL(/\/member\/logon$/);
    const success = page.getByRole('status').filter({ hasText: 'ลงทะเบียนสำเร็จ' });
    await expect(success).toBeVisible();
    if (javaScriptEnabled) {
      // The success notice, too, lasts ten seconds (spec §8), not the usual five.
      await page.clock.runFor(9_000);
      await expect(success).toBeVisible();
      await page.clock.runFor(1_500);
      await expect(success).toHaveCount(0);
      await page.clock.resume();
    }
    await axe();

    const accepted = await database()
      .selectFrom('terms_acceptances')
      .select('terms_no')
      .where('membership_no', '=', identity.membershipNo)
      .execute();
    expect(accepted).toHaveLength(1);

    // The terms were accepted when registering: no welcome gate.
    await logIn(page, identity.membershipNo, password);
    await expect(page).toHaveURL(/\/member\/status$/);
    await expect(page.getByRole('banner')).toContainText(identity.membershipNo);
    await axe();
  });

  test('the terms box must be ticked to register', async ({ page, axe, unregisteredMember, allowConsoleError }) => {
    allowConsoleError(/status of 400/);
    const identity = await unregisteredMember();
    await page.goto('/member/register');
    await axe();
    await fillForm(page, identity, newPassword());
    await page.getByRole('button', { name: 'ลงทะเบียน', exact: true }).click();
    const message = 'กรุณายอมรับข้อกำหนดและเงื่อนไขการใช้บริการ';
    await expect(page.getByRole('alert').getByRole('link', { name: message })).toBeVisible();
    await expect(page.getByLabel(ACCEPT_LABEL)).toHaveAttribute('aria-invalid', 'true');
    await expect(page.getByLabel(ACCEPT_LABEL)).toHaveAccessibleDescription(new RegExp(message));
    await axe();
  });

  test('a national id with a wrong check digit is refused inline', async ({
    page,
    axe,
    unregisteredMember,
    allowConsoleError,
  }) => {
    allowConsoleError(/status of 400/);
    const identity = await unregisteredMember();
    const id = identity.nationalId;
    const wrong = `${id.slice(0, 12)}${(Number(id[12]) + 1) % 10}`;
    await page.goto('/member/register');
    await axe();
    await fillForm(page, { ...identity, nationalId: wrong }, newPassword(), { accept: true });
    await page.getByRole('button', { name: 'ลงทะเบียน', exact: true }).click();
    const message = 'เลขประจำตัวประชาชนไม่ถูกต้อง';
    const field = page.getByLabel('เลขประจำตัวประชาชน');
    await expect(field).toHaveAttribute('aria-invalid', 'true');
    await expect(field).toHaveAccessibleDescription(new RegExp(message));
    await expect(page.getByRole('alert').getByRole('link', { name: message })).toBeVisible();
    await expect(page.getByRole('status').filter({ hasText: message })).toBeVisible();
    await expect(page).toHaveTitle(/^ข้อผิดพลาด:/);
    await axe();
  });

  test('an identity that does not match answers with one generic message, whatever was wrong', async ({
    page,
    axe,
    unregisteredMember,
    allowConsoleError,
  }) => {
    allowConsoleError(/status of 400/);
    const identity = await unregisteredMember();
    const attempts: Array<{ mode: 'register' | 'forget'; identity: Identity }> = [
      // A valid national id, but somebody else's.
      { mode: 'register', identity: { ...identity, nationalId: randomNationalId() } },
      { mode: 'register', identity: { ...identity, birthDate: '02/07/2533' } },
      { mode: 'register', identity: { ...identity, lastName: 'ผิดนามสกุล' } },
      // The right identity, but forgetting a password of an account that does not exist yet.
      { mode: 'forget', identity },
    ];
    const answers: string[] = [];
    for (const attempt of attempts) {
      await page.goto(`/member/${attempt.mode}`);
      await axe();
      await fillForm(page, attempt.identity, newPassword(), { accept: attempt.mode === 'register' });
      expect(await submit(page, attempt.mode)).toBe(400);
      const summary = page.getByRole('alert');
      await expect(summary).toContainText(GENERIC);
      await expect(page.getByRole('status').filter({ hasText: GENERIC })).toBeVisible();
      // The identity typed is kept; the passwords are not.
      await expect(page.getByLabel('หมายเลขสมาชิก')).toHaveValue(identity.membershipNo);
      await expect(page.getByLabel('รหัสผ่านใหม่', { exact: true })).toHaveValue('');
      await expect(page).toHaveTitle(/^ข้อผิดพลาด:/);
      answers.push((await summary.innerText()).trim());
      await axe();
    }
    expect(new Set(answers).size).toBe(1);
    const credentials = await database()
      .selectFrom('member_credentials')
      .select('membership_no')
      .where('membership_no', '=', identity.membershipNo)
      .execute();
    expect(credentials).toHaveLength(0);
  });

  test('a short, a mismatched and a common password are refused inline', async ({
    page,
    axe,
    unregisteredMember,
    allowConsoleError,
  }) => {
    allowConsoleError(/status of 400/);
    const identity = await unregisteredMember();
    const passwordField = page.getByLabel('รหัสผ่านใหม่', { exact: true });
    await page.goto('/member/register');
    await axe();

    await fillForm(page, identity, 'abc12', { accept: true });
    await page.getByRole('button', { name: 'ลงทะเบียน', exact: true }).click();
    await expect(passwordField).toHaveAccessibleDescription(/รหัสผ่านใหม่ต้องมีอย่างน้อย 8 ตัวอักษร/);
    await expect(passwordField).toHaveAttribute('aria-invalid', 'true');
    await axe();

    await fillForm(page, identity, newPassword(), { confirm: 'something-else', accept: true });
    await page.getByRole('button', { name: 'ลงทะเบียน', exact: true }).click();
    await expect(page.getByLabel('ยืนยันรหัสผ่านใหม่')).toHaveAccessibleDescription(/รหัสผ่านใหม่และการยืนยันรหัสผ่านไม่ตรงกัน/);
    await axe();

    // Only the server knows the list of common passwords.
    await fillForm(page, identity, '12345678', { accept: true });
    expect(await submit(page, 'register')).toBe(400);
    await expect(passwordField).toHaveAccessibleDescription(/รหัสผ่านนี้ถูกใช้กันทั่วไปและคาดเดาได้ง่าย/);
    await expect(page.getByRole('alert')).toContainText('รหัสผ่านนี้ถูกใช้กันทั่วไป');
    await axe();
  });

  test('a registered member who forgot the password sets a new one and logs in with it', async ({
    page,
    axe,
    createMember,
    identityOf,
  }) => {
    const member = await createMember();
    const identity = await identityOf(member);
    const password = newPassword();
    await page.goto('/member/logon');
    await axe();
    await page.getByRole('link', { name: 'ลืมรหัสผ่าน' }).click();
    await expect(page).toHaveURL(/\/member\/forget$/);
    await expect(page.getByRole('heading', { level: 1, name: TITLE.forget })).toBeVisible();
    await axe();
    await fillForm(page, identity, password);
    await submit(page, 'forget');
    await expect(page).toHaveURL(/\/member\/logon$/);
    await expect(page.getByRole('status').filter({ hasText: 'เปลี่ยนรหัสผ่านสำเร็จ' })).toBeVisible();
    await axe();
    await logIn(page, member.membershipNo, password);
    await expect(page).toHaveURL(/\/member\/status$/);
    await expect(page.getByRole('banner')).toContainText(member.membershipNo);
    await axe();
  });

  test('registering an account that already exists says it is registered', async ({
    page,
    axe,
    createMember,
    identityOf,
    allowConsoleError,
  }) => {
    allowConsoleError(/status of 400/);
    const member = await createMember();
    const identity = await identityOf(member);
    await page.goto('/member/registerauth');
    await axe();
    await fillForm(page, identity, newPassword(), { accept: true });
    const response = page.waitForResponse(
      (r) => r.request().method() === 'POST' && new URL(r.url()).pathname === '/member/registerauth',
    );
    await page.getByRole('button', { name: 'ลงทะเบียน', exact: true }).click();
    expect((await response).status()).toBe(400);
    const message = `สมาชิกเลขที่ ${member.membershipNo} นี้ ลงทะเบียนแล้ว`;
    await expect(page.getByRole('alert')).toContainText(message);
    await expect(page.getByRole('status').filter({ hasText: 'ลงทะเบียนแล้ว' })).toBeVisible();
    await axe();
    // The old password still works.
    await page.goto('/member/logon');
    await axe();
    await logIn(page, member.membershipNo, member.password);
    await expect(page).toHaveURL(/\/member\/status$/);
    await axe();
  });

  test('more than five attempts for one membership number answer 429', async ({
    page,
    axe,
    unregisteredMember,
    allowConsoleError,
  }) => {
    allowConsoleError(/status of 4(00|29)/);
    const identity = await unregisteredMember();
    const wrong = { ...identity, birthDate: '31/12/2532' };
    await page.goto('/member/forget');
    await axe();
    for (let i = 0; i < 5; i += 1) {
      await fillForm(page, wrong, newPassword());
      expect(await submit(page, 'forget')).toBe(400);
      await expect(page.getByRole('alert')).toContainText(GENERIC);
    }
    await axe();
    // Even the right identity is refused now.
    await fillForm(page, identity, newPassword());
    expect(await submit(page, 'forget')).toBe(429);
    await expect(page.getByRole('alert')).toContainText(/ทำรายการหลายครั้งเกินไป กรุณาลองใหม่ในอีก 1[45] นาที/);
    await axe();
  });

  test('an empty submit says each message once: the summary and the inline errors, no notice repeating them', async ({
    page,
    axe,
    allowConsoleError,
  }) => {
    allowConsoleError(/status of 400/);
    await page.goto('/member/forget');
    await axe();
    await page.getByRole('button', { name: 'ตั้งรหัสผ่านใหม่', exact: true }).click();
    await expect(page.getByRole('alert').getByRole('link', { name: 'กรุณากรอกหมายเลขสมาชิก' })).toBeVisible();
    // The summary's link and the inline error, and no toast a third time (ADR 049).
    await expect(page.getByRole('status').filter({ hasText: 'กรุณากรอกเลขประจำตัวประชาชน' })).toHaveCount(0);
    await expect(page.locator('.notice')).toHaveCount(0);
    await axe();
  });
});

import { expect, expectMemberPage, logIn, signIn, submitPasswordChange, test, type TestMember } from './fixtures';

/**
 * The tests of the form's refusals: a member of their own, signed in, on the password page (each page
 * checked with axe); a refused form answers 400, which the browser reports on its console.
 */
const refusalTest = test.extend<{ memberOnPasswordPage: TestMember }>({
  memberOnPasswordPage: async ({ page, axe, signedInMember, allowConsoleError }, use) => {
    allowConsoleError(/status of 400/);
    await page.goto('/member/password');
    await axe();
    await use(signedInMember);
  },
});

test('a member changes the password, other devices are signed out, and the new password works', async ({
  page,
  axe,
  browser,
  createMember,
}) => {
  const member = await createMember();
  const other = await browser.newContext();
  const otherPage = await other.newPage();
  await otherPage.goto('/member/logon');
  await logIn(otherPage, member.membershipNo, member.password);
  await expect(otherPage).toHaveURL(/\/member\/status$/);

  await signIn(page, axe, member);
  await page.goto('/member/password');
  await expectMemberPage(page, 'เปลี่ยนรหัสผ่าน');
  await axe();
  const newPassword = 'ม้าลายกินหญ้าที่ทุ่งกว้าง';
  await expect(page.getByLabel('ออกจากระบบในอุปกรณ์อื่นทั้งหมด')).toBeChecked();
  await submitPasswordChange(page, member.password, newPassword);
  await expect(page.getByRole('status').filter({ hasText: 'เปลี่ยนรหัสผ่านเรียบร้อยแล้ว' })).toBeVisible();
  await axe();

  // The other device's session ended; this one goes on.
  await otherPage.goto('/member/status');
  await expect(otherPage).toHaveURL(/\/member\/logon/);
  await other.close();
  await page.goto('/member/status');
  await expect(page).toHaveURL(/\/member\/status$/);
  await axe();

  // The new password works, the old one no longer does.
  await page.context().clearCookies();
  await signIn(page, axe, { ...member, password: newPassword });
});

refusalTest(
  'password rules: wrong current, mismatch, too short, common, membership number',
  async ({ page, axe, memberOnPasswordPage: member }) => {
    await submitPasswordChange(page, member.password, 'สั้นไป');
    await expect(page.getByRole('alert')).toContainText('รหัสผ่านใหม่ต้องมีอย่างน้อย 8 ตัวอักษร');
    await axe();

    await submitPasswordChange(page, member.password, 'correct horse battery', 'correct horse battery!');
    await expect(page.getByRole('alert')).toContainText('รหัสผ่านใหม่และการยืนยันรหัสผ่านไม่ตรงกัน');

    await submitPasswordChange(page, member.password, 'password');
    await expect(page.getByRole('alert')).toContainText('รหัสผ่านนี้ถูกใช้กันทั่วไปและคาดเดาได้ง่าย');

    await submitPasswordChange(page, member.password, `my-${member.membershipNo}-pass`);
    await expect(page.getByRole('alert')).toContainText('รหัสผ่านต้องไม่ใช่หรือประกอบด้วยหมายเลขสมาชิก');

    await submitPasswordChange(page, 'not-my-password', 'correct horse battery');
    await expect(page.getByRole('alert')).toContainText('รหัสผ่านเดิม ไม่ถูกต้อง');
    await expect(page.getByLabel('รหัสผ่านปัจจุบัน')).toHaveValue('');
    await expect(page).toHaveTitle(/^ข้อผิดพลาด:/);
    await axe();
  },
);

refusalTest(
  'a long pasted password is told the 128-character limit, not that the two differ',
  async ({ page, axe, memberOnPasswordPage: member }) => {
    const summary = page.getByRole('alert');
    // A password manager's long password, and one longer than any field is read.
    for (const long of ['ก'.repeat(200), 'x'.repeat(600)]) {
      await submitPasswordChange(page, member.password, long);
      await expect(summary.getByRole('link').first()).toHaveText('รหัสผ่านใหม่ต้องไม่เกิน 128 ตัวอักษร');
      await expect(summary).not.toContainText('ไม่ตรงกัน');
      await expect(summary).not.toContainText('กรุณายืนยันรหัสผ่านใหม่');
      await axe();
    }
  },
);

refusalTest(
  'after a wrong current password, a successful change shows only the success message',
  async ({ page, axe, memberOnPasswordPage: member }) => {
    const newPassword = 'นกกระจิบร้องเพลงตอนเช้า';
    await submitPasswordChange(page, 'not-my-password', newPassword);
    await expect(page.getByRole('alert')).toContainText('รหัสผ่านเดิม ไม่ถูกต้อง');
    await axe();

    await submitPasswordChange(page, member.password, newPassword);
    await expect(page.getByRole('status').filter({ hasText: 'เปลี่ยนรหัสผ่านเรียบร้อยแล้ว' })).toBeVisible();
    await expect(page.getByText('รหัสผ่านเดิม ไม่ถูกต้อง')).toHaveCount(0);
    await expect(page.getByRole('alert')).toHaveCount(0);
    await expect(page).not.toHaveTitle(/^ข้อผิดพลาด:/);
    // The form is empty and ready, its fields without error marks.
    await expect(page.getByLabel('รหัสผ่านปัจจุบัน')).toHaveValue('');
    await expect(page.getByLabel('รหัสผ่านปัจจุบัน')).not.toHaveAttribute('aria-invalid', 'true');
    await axe();
  },
);

refusalTest(
  'the rules answer with the same words, in the page with JavaScript and from the server without it',
  async ({ page, axe, memberOnPasswordPage: member, javaScriptEnabled }) => {
    const posts: string[] = [];
    page.on('request', (request) => {
      if (request.method() === 'POST') posts.push(request.url());
    });

    const current = page.getByLabel('รหัสผ่านปัจจุบัน');
    const next = page.getByLabel('รหัสผ่านใหม่', { exact: true });
    await submitPasswordChange(page, member.password, 'สั้นไป', 'สั้นไปนะ');
    const summary = page.getByRole('alert');
    await expect(summary.getByRole('link')).toHaveText([
      'รหัสผ่านใหม่ต้องมีอย่างน้อย 8 ตัวอักษร',
      'รหัสผ่านใหม่และการยืนยันรหัสผ่านไม่ตรงกัน',
    ]);
    await expect(next).toHaveAttribute('aria-invalid', 'true');
    await expect(next).toHaveAttribute('aria-describedby', 'password-newPassword-hint password-newPassword-error');
    await expect(page.locator('#password-newPassword-error')).toHaveText('ข้อผิดพลาด: รหัสผ่านใหม่ต้องมีอย่างน้อย 8 ตัวอักษร');
    await expect(current).not.toHaveAttribute('aria-invalid', 'true');
    await expect(page).toHaveTitle(/^ข้อผิดพลาด:/);
    if (javaScriptEnabled) {
      // Checked in the page: nothing was sent, what was typed stays, the summary has the focus as after
      // any failed submit (ADR 113).
      await expect(page.locator('#error-summary')).toBeFocused();
      await expect(current).toHaveValue(member.password);
      expect(posts).toEqual([]);
    } else {
      // The server's answer: the summary has the focus, and the passwords are not sent back.
      await expect(page.locator('#error-summary')).toBeFocused();
      await expect(current).toHaveValue('');
      expect(posts).toHaveLength(1);
    }
    await axe();

    // The new password the same as the current one.
    await submitPasswordChange(page, member.password, member.password);
    await expect(summary.getByRole('link')).toHaveText(['รหัสผ่านใหม่ต้องไม่ซ้ำกับรหัสผ่านปัจจุบัน']);
    await expect(page.getByLabel('ยืนยันรหัสผ่านใหม่')).not.toHaveAttribute('aria-invalid', 'true');
    if (javaScriptEnabled) expect(posts).toEqual([]);
    await axe();
  },
);

import { expect, logIn, test } from './fixtures';

test('a member who has not accepted the terms goes to welcome, accepts, then reaches the member area', async ({
  page,
  axe,
  createMember,
}) => {
  const member = await createMember({ termsAccepted: false });
  await page.goto('/member/logon');
  await axe();
  await logIn(page, member.membershipNo, member.password);
  await expect(page).toHaveURL(/\/member\/welcome$/);
  await expect(page.getByRole('heading', { level: 1 })).toContainText(member.name);
  await axe();

  await page.getByRole('link', { name: 'อ่านข้อกำหนดและเงื่อนไข' }).click();
  await expect(page).toHaveURL(/\/member\/termofconditional$/);
  await axe();
  await page.getByRole('button', { name: 'ยอมรับข้อกำหนดและเงื่อนไข' }).click();
  await expect(page).toHaveURL(/\/member\/status$/);
  await expect(page.getByRole('heading', { level: 1, name: 'ข้อมูลส่วนตัว' })).toBeVisible();
  await axe();

  // Accepted once is accepted: the gate stays open.
  await page.goto('/member/status');
  await expect(page).toHaveURL(/\/member\/status$/);
  await axe();
});

test('the gate holds: member pages redirect to welcome until the terms are accepted', async ({
  page,
  axe,
  createMember,
}) => {
  const member = await createMember({ termsAccepted: false });
  await page.goto('/member/logon?redirectTo=%2Fmember%2Fstatus');
  await axe();
  await logIn(page, member.membershipNo, member.password);
  await expect(page).toHaveURL(/\/member\/welcome$/);
  await axe();
});

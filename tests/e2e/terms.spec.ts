import { expect, signIn, test as base, type TestMember } from './fixtures';

/** Every test here starts with a member of its own who has not accepted the terms yet. */
const test = base.extend<{ member: TestMember }>({
  member: async ({ createMember }, use) => use(await createMember({ termsAccepted: false })),
});

test('a member who has not accepted the terms goes to welcome, accepts, then reaches the member area', async ({
  page,
  axe,
  member,
}) => {
  await signIn(page, axe, member, { lands: /\/member\/welcome$/ });
  await expect(page.getByRole('heading', { level: 1 })).toContainText(member.name);

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

test('the gate remembers where the member was going and continues there after accepting', async ({
  page,
  axe,
  member,
}) => {
  await signIn(page, axe, member, {
    from: '/member/logon?redirectTo=%2Fmember%2Fdeposit',
    lands: /\/member\/welcome\?redirectTo=%2Fmember%2Fdeposit$/,
  });
  await page.getByRole('link', { name: 'อ่านข้อกำหนดและเงื่อนไข' }).click();
  await expect(page).toHaveURL(/\/member\/termofconditional\?redirectTo=%2Fmember%2Fdeposit$/);
  await axe();
  await page.getByRole('button', { name: 'ยอมรับข้อกำหนดและเงื่อนไข' }).click();
  await expect(page).toHaveURL(/\/member\/deposit$/);
  await expect(page.getByRole('heading', { level: 1, name: 'เงินฝาก' })).toBeVisible();
  await axe();
});

test('the gate holds: member pages redirect to welcome until the terms are accepted', async ({ page, axe, member }) => {
  await signIn(page, axe, member, { from: '/member/logon?redirectTo=%2Fmember%2Fstatus', lands: /\/member\/welcome$/ });
});

test('before the terms are accepted, data reads and the password form are refused too', async ({
  page,
  axe,
  member,
}) => {
  await signIn(page, axe, member, { lands: /\/member\/welcome$/ });

  // A data read sends to the welcome page instead of answering the member's data.
  const data = await page.request.get('/member/share?_data=routes%2Fmember.share', { maxRedirects: 0 });
  expect(data.status()).toBe(204);
  expect(data.headers()['x-remix-redirect']).toBe('/member/welcome?redirectTo=%2Fmember%2Fshare');
  expect(await data.text()).not.toContain('capital');

  // A password change posted straight to the action is refused the same way.
  const origin = new URL(page.url()).origin;
  const post = await page.request.post('/member/password', {
    form: {
      formKey: 'a-form-key-from-nowhere-0001',
      currentPassword: member.password,
      newPassword: 'Pla-too-tod-2569',
      confirmPassword: 'Pla-too-tod-2569',
    },
    headers: { Origin: origin },
    maxRedirects: 0,
  });
  expect(post.status()).toBe(303);
  expect(post.headers()['location']).toBe('/member/welcome');

  // The old password still works: nothing was changed.
  await page.goto('/member/welcome');
  await expect(page.getByRole('heading', { level: 1 })).toContainText(member.name);
  await axe();
});

import {
  expect,
  logIn,
  revokeUpstreamTokens,
  signIn,
  test,
  upstreamTokensDueForRenewal,
  upstreamTokensOf,
} from './fixtures';

const INVALID = 'เข้าสู่ระบบไม่สำเร็จ หมายเลขสมาชิกหรือรหัสผ่านไม่ถูกต้อง';

test.describe('login', () => {
  test('a member logs in, sees the notice and their own name and number @pg', async ({ page, axe, createMember }) => {
    const member = await createMember();
    await page.goto('/member/logon');
    await expect(page.getByRole('heading', { level: 1, name: 'เข้าสู่ระบบสมาชิก' })).toBeVisible();
    await axe();
    await logIn(page, member.membershipNo, member.password);
    await expect(page).toHaveURL(/\/member\/status$/);
    await expect(page.getByRole('status').filter({ hasText: 'เข้าสู่ระบบแล้ว' })).toBeVisible();
    await expect(page.getByRole('banner')).toContainText(member.name);
    await expect(page.getByRole('banner')).toContainText(member.membershipNo);
    await expect(page.getByRole('heading', { level: 1, name: 'ข้อมูลส่วนตัว' })).toBeVisible();
    await axe();
  });

  test('the demo member from the README can log in', async ({ page, axe }) => {
    await page.goto('/member/logon');
    await axe();
    await logIn(page, '012345', 'sahakorn-demo');
    await expect(page).toHaveURL(/\/member\/status$/);
    await expect(page.getByRole('banner')).toContainText('012345');
    await axe();
  });

  test('empty fields show the spec messages once: in the error summary and inline, no notice repeats them', async ({
    page,
    axe,
    allowConsoleError,
  }) => {
    allowConsoleError(/status of 400/);
    await page.goto('/member/logon');
    await axe();
    await page.getByRole('button', { name: 'เข้าสู่ระบบ' }).click();
    const summary = page.getByRole('alert');
    await expect(summary).toContainText('มีข้อผิดพลาด');
    await expect(summary.getByRole('link', { name: 'กรุณากรอกหมายเลขสมาชิก' })).toBeVisible();
    await expect(summary.getByRole('link', { name: 'กรุณากรอกรหัสผ่าน' })).toBeVisible();
    await expect(page.getByLabel('หมายเลขสมาชิก')).toHaveAttribute('aria-invalid', 'true');
    // One message appears once (ADR 049): the summary and the inline error, no toast saying it again.
    await expect(page.getByText('กรุณากรอก ทะเบียนสมาชิก', { exact: true })).toHaveCount(0);
    await expect(page.getByText('กรุณากรอก รหัสผ่าน', { exact: true })).toHaveCount(0);
    await expect(page.locator('.notice')).toHaveCount(0);
    await expect(page).toHaveTitle(/^ข้อผิดพลาด:/);
    await axe();
  });

  test('a short membership number is padded to six digits', async ({ page, axe, createMember, javaScriptEnabled }) => {
    const member = await createMember();
    const short = member.membershipNo.replace(/^0+/, '');
    await page.goto('/member/logon');
    await axe();
    const field = page.getByLabel('หมายเลขสมาชิก');
    await field.fill(short);
    if (javaScriptEnabled) {
      await field.blur();
      await expect(field).toHaveValue(member.membershipNo);
    }
    await page.getByLabel('รหัสผ่าน', { exact: true }).fill(member.password);
    await page.getByRole('button', { name: 'เข้าสู่ระบบ' }).click();
    await expect(page).toHaveURL(/\/member\/status$/);
    await axe();
  });

  test('wrong password and unknown number answer alike', async ({ page, axe, createMember, allowConsoleError }) => {
    allowConsoleError(/status of 401/);
    const member = await createMember();
    const outcomes: Array<{ status: number; text: string }> = [];
    for (const [no, password] of [
      [member.membershipNo, 'wrong-password'],
      ['099999', 'wrong-password'],
    ] as const) {
      await page.goto('/member/logon');
      await axe();
      const response = page.waitForResponse(
        (r) => r.request().method() === 'POST' && r.url().includes('/member/logon'),
      );
      await logIn(page, no, password);
      const status = (await response).status();
      const alert = page.getByRole('alert');
      await expect(alert).toContainText(INVALID);
      outcomes.push({ status, text: (await alert.innerText()).trim() });
      await axe();
    }
    expect(outcomes[0]).toEqual(outcomes[1]);
    expect(outcomes[0]?.status).toBe(401);
  });

  test('after a failed login the password field is empty and the number is kept', async ({
    page,
    axe,
    createMember,
    allowConsoleError,
  }) => {
    allowConsoleError(/status of 401/);
    const member = await createMember();
    await page.goto('/member/logon');
    await axe();
    await logIn(page, member.membershipNo, 'nope');
    await expect(page.getByRole('alert')).toContainText(INVALID);
    await expect(page.getByLabel('หมายเลขสมาชิก')).toHaveValue(member.membershipNo);
    await expect(page.getByLabel('รหัสผ่าน', { exact: true })).toHaveValue('');
    await axe();
  });

  test('too many failures lock the number with HTTP 429, even with the right password @pg', async ({
    page,
    axe,
    createMember,
    allowConsoleError,
  }) => {
    allowConsoleError(/status of 40[19]|status of 429/);
    const member = await createMember();
    await page.goto('/member/logon');
    await axe();
    for (let i = 0; i < 5; i += 1) {
      await logIn(page, member.membershipNo, `wrong-${i}`);
      await expect(page.getByRole('alert')).toContainText(INVALID);
    }
    await axe();
    const response = page.waitForResponse((r) => r.request().method() === 'POST' && r.url().includes('/member/logon'));
    await logIn(page, member.membershipNo, member.password);
    expect((await response).status()).toBe(429);
    await expect(page.getByRole('alert')).toContainText('เข้าสู่ระบบไม่สำเร็จหลายครั้งเกินไป');
    await expect(page).toHaveURL(/\/member\/logon/);
    await axe();
  });

  test('"stay signed in" keeps the cookie for 30 days; otherwise it ends with the browser', async ({
    page,
    axe,
    context,
    signedInMember: member,
  }) => {
    const browserSession = (await context.cookies()).find((c) => c.name.endsWith('sahakorn_sid'));
    expect(browserSession?.expires).toBe(-1);
    expect(browserSession?.httpOnly).toBe(true);
    expect(browserSession?.sameSite).toBe('Lax');

    await context.clearCookies();
    await page.goto('/member/logon');
    await axe();
    await logIn(page, member.membershipNo, member.password, { remember: true });
    await expect(page).toHaveURL(/\/member\/status$/);
    await axe();
    const remembered = (await context.cookies()).find((c) => c.name.endsWith('sahakorn_sid'));
    const days = ((remembered?.expires ?? 0) * 1000 - Date.now()) / 86_400_000;
    expect(days).toBeGreaterThan(29.9);
    expect(days).toBeLessThan(30.1);
  });

  test('a logged-in member sees the close button instead of the form', async ({ page, axe, createMember }) => {
    const member = await createMember();
    await page.goto('/member/logon');
    await logIn(page, member.membershipNo, member.password);
    await expect(page).toHaveURL(/\/member\/status$/);
    await axe();
    await page.goto('/member/logon');
    await expect(page.getByRole('link', { name: 'ปิดหน้าต่าง' })).toBeVisible();
    await expect(page.getByLabel('หมายเลขสมาชิก')).toHaveCount(0);
    await axe();
  });
});

test.describe('login page without a framework (ADR 068)', () => {
  test('the page is a plain form with one script that carries the response nonce', async ({ request }) => {
    const response = await request.get('/member/logon');
    const html = await response.text();
    expect(html).not.toContain('modulepreload');
    expect(html).not.toContain('__remixContext');
    const script = /<script src="(\/build\/client\/member-[0-9A-Z]{8}\.js)" nonce="([^"]+)"/.exec(html);
    expect(script).not.toBeNull();
    expect(response.headers()['content-security-policy']).toContain(`'nonce-${script?.[2]}'`);
    const file = await request.get(script?.[1] ?? '');
    expect(file.headers()['cache-control']).toContain('immutable');
  });

  test('the password can be shown and hidden with scripts; without them there is no toggle', async ({
    page,
    axe,
    javaScriptEnabled,
  }) => {
    await page.goto('/member/logon');
    const password = page.getByLabel('รหัสผ่าน', { exact: true });
    await password.fill('secret-typed');
    if (!javaScriptEnabled) {
      await expect(page.getByRole('button', { name: 'แสดงรหัสผ่าน' })).toHaveCount(0);
      await axe();
      return;
    }
    const show = page.getByRole('button', { name: 'แสดงรหัสผ่าน' });
    await expect(show).toHaveAttribute('aria-pressed', 'false');
    await show.click();
    await expect(password).toHaveAttribute('type', 'text');
    const hide = page.getByRole('button', { name: 'ซ่อนรหัสผ่าน' });
    await expect(hide).toHaveAttribute('aria-pressed', 'true');
    await axe();
    await hide.click();
    await expect(password).toHaveAttribute('type', 'password');
    await expect(password).toHaveValue('secret-typed');
  });

  test('with scripts the messages come before any request, and the summary takes the focus', async ({ page, axe }) => {
    test.skip(!test.info().project.use.javaScriptEnabled, 'without scripts the server answers (tested above)');
    const posts: string[] = [];
    page.on('request', (r) => {
      if (r.method() === 'POST') posts.push(r.url());
    });
    await page.goto('/member/logon');
    const number = page.getByLabel('หมายเลขสมาชิก');
    await number.fill('12a');
    await number.blur();
    await expect(page.locator('.field__error').first()).toContainText('หมายเลขสมาชิกต้องเป็นตัวเลขเท่านั้น');
    await expect(number).toHaveAttribute('aria-invalid', 'true');
    await page.getByRole('button', { name: 'เข้าสู่ระบบ' }).click();
    // The box takes the focus; the alert inside it says the title and the errors (ADR 113).
    const box = page.locator('#error-summary');
    const summary = box.getByRole('alert');
    await expect(box).toBeFocused();
    // Focused after a mouse click, it still shows where the focus is.
    expect(await box.evaluate((el) => getComputedStyle(el).outlineStyle)).toBe('solid');
    await expect(summary.getByRole('link', { name: 'หมายเลขสมาชิกต้องเป็นตัวเลขเท่านั้น' })).toBeVisible();
    await expect(summary.getByRole('link', { name: 'กรุณากรอกรหัสผ่าน' })).toBeVisible();
    await expect(page).toHaveTitle(/^ข้อผิดพลาด:/);
    expect(posts).toEqual([]);
    await axe();
    // Corrected as it is typed.
    await number.fill('12');
    await expect(number).not.toHaveAttribute('aria-invalid');
  });

  test('with scripts the button shows the spinner while the login is sent', async ({ page, axe, createMember }) => {
    test.skip(!test.info().project.use.javaScriptEnabled, 'the spinner needs scripts');
    const member = await createMember();
    let release = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route('**/member/logon*', async (route) => {
      if (route.request().method() === 'POST') await held;
      await route.continue();
    });
    await page.goto('/member/logon');
    await axe();
    await page.getByLabel('หมายเลขสมาชิก').fill(member.membershipNo);
    await page.getByLabel('รหัสผ่าน', { exact: true }).fill(member.password);
    const button = page.getByRole('button', { name: 'เข้าสู่ระบบ' });
    // Clicked in the page, and the button read right after the submit event: Playwright's own click
    // and locators would wait for the navigation held above.
    const state = await button.evaluate((element: HTMLButtonElement) => {
      element.click();
      return {
        busy: element.getAttribute('aria-busy'),
        disabled: element.disabled,
        spinner: element.querySelectorAll('.spinner[aria-hidden="true"]').length,
        status: element.form?.querySelector('[role="status"]')?.textContent,
      };
    });
    expect(state).toEqual({ busy: 'true', disabled: true, spinner: 1, status: 'กำลังเข้าสู่ระบบ…' });
    release();
    await expect(page).toHaveURL(/\/member\/status$/);
    await axe();
  });
});

test.describe('redirects', () => {
  test('a protected page sends the visitor to login and back again', async ({ page, axe, createMember }) => {
    const member = await createMember();
    await page.goto('/member/status?tab=1');
    await expect(page).toHaveURL(/\/member\/logon\?redirectTo=%2Fmember%2Fstatus%3Ftab%3D1$/);
    await axe();
    await logIn(page, member.membershipNo, member.password);
    await expect(page).toHaveURL(/\/member\/status\?tab=1$/);
    await axe();
  });

  for (const hostile of [
    '//evil.example',
    '/\\evil.example',
    '/%09/evil.example',
    'https://evil.example',
    'javascript:alert(1)',
  ]) {
    test(`a hostile redirectTo ${JSON.stringify(hostile)} lands on /member/status`, async ({
      page,
      axe,
      createMember,
      baseURL,
    }) => {
      const member = await createMember();
      await page.goto(`/member/logon?redirectTo=${encodeURIComponent(hostile)}`);
      await axe();
      await logIn(page, member.membershipNo, member.password);
      await expect(page).toHaveURL(`${baseURL}/member/status`);
      await axe();
    });
  }
});

test.describe('logout', () => {
  test('logging out ends the session and the old cookie is refused', async ({
    page,
    axe,
    context,
    signedInMember: _member,
  }) => {
    const oldCookies = await context.cookies();

    await page.goto('/member/status#member-menu');
    await page.getByRole('button', { name: 'ออกจากระบบ' }).click();
    await expect(page).toHaveURL(/\/member\/logon$/);
    await expect(page.getByRole('status').filter({ hasText: 'ออกจากระบบ เรียบร้อยแล้ว' })).toBeVisible();
    await axe();

    await context.addCookies(oldCookies);
    await page.goto('/member/status');
    await expect(page).toHaveURL(/\/member\/logon\?redirectTo=%2Fmember%2Fstatus$/);
    await expect(page.getByLabel('หมายเลขสมาชิก')).toBeVisible();
    await axe();
  });
});

test.describe('logout in another tab', () => {
  test('a click in the other tab lands on the login page saying the session ended, once', async ({
    page,
    axe,
    context,
    signedInMember: member,
  }) => {
    const other = await context.newPage();
    await other.goto('/member/status');
    await expect(other.getByRole('heading', { level: 1 })).toBeVisible();

    await page.goto('/member/status#member-menu');
    await page.getByRole('button', { name: 'ออกจากระบบ' }).click();
    await expect(page.getByRole('status').filter({ hasText: 'ออกจากระบบ เรียบร้อยแล้ว' })).toBeVisible();

    // The other tab still shows a member page; its next click finds the session gone.
    await other.locator('main a[href="/member/kep"]').first().click();
    await expect(other).toHaveURL(/\/member\/logon\?redirectTo=/);
    await expect(other.getByText('ขออภัยสิ้นสุดระยะเวลาการเข้าสู่ระบบ กรุณาเข้าสู่ระบบใหม่อีกครั้ง')).toBeVisible();
    expect(other.url()).not.toContain(member.membershipNo);
    await axe(other);
    // Said once: the next visit is a plain trip to the login page.
    await other.goto('/member/status');
    await expect(other.getByLabel('หมายเลขสมาชิก')).toBeVisible();
    await expect(other.getByText('ขออภัยสิ้นสุดระยะเวลาการเข้าสู่ระบบ')).toHaveCount(0);
  });
});

test.describe('session check', () => {
  test('when the backend refuses the token the member is logged out with the expiry message', async ({
    page,
    axe,
    signedInMember: member,
  }) => {
    await revokeUpstreamTokens(member.membershipNo);
    await page.goto('/member/status');
    await expect(page).toHaveURL(/\/member\/logon\?redirectTo=%2Fmember%2Fstatus$/);
    await expect(page.getByText('ขออภัยสิ้นสุดระยะเวลาการเข้าสู่ระบบ กรุณาเข้าสู่ระบบใหม่อีกครั้ง')).toBeVisible();
    await axe();
    // The session row is gone too: logging in again is needed.
    await page.goto('/member/status');
    await expect(page).toHaveURL(/\/member\/logon/);
    await axe();
  });
});

test.describe('upstream token renewal', () => {
  test('a token about to expire is exchanged for a new one and the member carries on', async ({
    page,
    axe,
    signedInMember: member,
  }) => {
    const [before] = await upstreamTokensDueForRenewal(member.membershipNo);
    await page.goto('/member/share');
    await expect(page).toHaveURL(/\/member\/share$/);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await axe();
    const [after] = await upstreamTokensOf(member.membershipNo);
    expect(after).toBeTruthy();
    expect(after).not.toBe(before);
    // The next page uses the new token without exchanging it again.
    await page.goto('/member/status');
    await expect(page.getByRole('main')).toContainText(member.membershipNo);
    await axe();
    expect(await upstreamTokensOf(member.membershipNo)).toEqual([after]);
  });
});

test.describe('isolation', () => {
  test('a member sees only their own data, whatever the URL says', async ({ page, axe, createMember }) => {
    const me = await createMember();
    const other = await createMember();
    await signIn(page, axe, me);
    await page.goto(`/member/status?membership_no=${other.membershipNo}&membershipNo=${other.membershipNo}`);
    await expect(page.getByRole('main')).toContainText(me.membershipNo);
    await expect(page.locator('body')).not.toContainText(other.membershipNo);
    await axe();
  });

  test('a POST from another origin is refused', async ({ request }) => {
    const response = await request.post('/member/logon', {
      headers: { Origin: 'https://evil.example' },
      form: { membershipNo: '012345', password: 'sahakorn-demo' },
    });
    expect(response.status()).toBe(403);
  });
});

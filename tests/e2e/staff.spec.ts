import { auditKeys, verifyAuditChain } from '../../app/server/audit.server';
import { E2E_HTTP_MODE, expect, frontDatabase, test } from './fixtures';
import {
  createStaffAccount,
  secondStaff,
  serverSecret,
  signInNewStaff,
  staffLogin,
  submitStaffPassword,
} from './staff-fixture';

test.describe('the staff back office keeps to its own sessions', () => {
  test('a member’s session never opens /staff, and a staff session never opens member pages', async ({
    page,
    axe,
    signedInMember: _member,
  }) => {
    // Signed in as a member: /staff asks for a staff sign-in.
    await page.goto('/staff');
    await expect(page).toHaveURL(/\/staff\/login$/);
    await expect(page.getByRole('heading', { level: 1, name: 'เข้าสู่ระบบเจ้าหน้าที่' })).toBeVisible();
    await axe();
    const data = await page.request.get('/staff?_data=routes%2Fstaff', { maxRedirects: 0 });
    expect(data.status()).toBe(204);
    expect(data.headers()['x-remix-redirect']).toBe('/staff/login');

    // A staff member in another browser: the cookie is scoped to /staff and opens no member page.
    const staff = await createStaffAccount('support');
    const { context: other, page: staffPage } = await secondStaff(page.context().browser()!, staff);
    const cookies = await other.cookies();
    const staffCookie = cookies.find((c) => c.name.endsWith('sahakorn_staff'));
    expect(staffCookie?.path).toBe('/staff');
    expect(staffCookie?.httpOnly).toBe(true);
    expect(staffCookie?.sameSite).toBe('Lax');
    const memberPage = await staffPage.request.get('/member/status', { maxRedirects: 0 });
    expect(memberPage.status()).toBe(302);
    expect(memberPage.headers().location).toMatch(/^\/member\/logon/);
    const staffHome = await staffPage.request.get('/staff', { maxRedirects: 0 });
    expect(staffHome.status()).toBe(200);
    // Staff pages are never kept by a browser or a shared cache.
    expect(staffHome.headers()['cache-control']).toBe('private, no-store');
    await other.close();
  });

  test('staff sign-in refuses a wrong password and a wrong code with the same words, then signs in', async ({
    page,
    axe,
    allowConsoleError,
  }) => {
    // The refusals are answered 401 (the page shows why).
    allowConsoleError(/status of 401/);
    const staff = await createStaffAccount('support');
    await page.goto('/staff/login');
    await axe();
    await submitStaffPassword(page, staff.username, 'not-the-password');
    await expect(page.getByRole('alert')).toContainText('ชื่อผู้ใช้หรือรหัสผ่านไม่ถูกต้อง');
    await axe();
    // An unknown name gets exactly the same answer.
    await submitStaffPassword(page, 'nobody-here', 'not-the-password');
    await expect(page.getByRole('alert')).toContainText('ชื่อผู้ใช้หรือรหัสผ่านไม่ถูกต้อง');

    await submitStaffPassword(page, staff.username, staff.password);
    await page.getByLabel('รหัสยืนยันตัวตน').fill('000000');
    await page.getByRole('button', { name: 'ยืนยัน', exact: true }).click();
    await expect(page.getByRole('alert')).toContainText('รหัสยืนยันตัวตนไม่ถูกต้อง');
    await axe();
    await staffLogin(page, staff, { axe });
    await expect(page).toHaveURL(/\/staff$/);
    await expect(page.getByRole('heading', { level: 1, name: 'ระบบหลังบ้านเจ้าหน้าที่' })).toBeVisible();
    await expect(page.getByRole('navigation', { name: 'เมนูเจ้าหน้าที่' })).toContainText('หน้าหลัก');
    await expect(page.getByRole('navigation', { name: 'เมนูเจ้าหน้าที่' })).not.toContainText('บัญชีเจ้าหน้าที่');
    if (E2E_HTTP_MODE) await expect(page.getByText('เชื่อมต่อกับระบบหลักของสหกรณ์')).toBeVisible();
    await axe();

    const types = await frontDatabase()
      .selectFrom('audit_events')
      .select('type')
      .where('actor', '=', staff.username)
      .orderBy('id')
      .execute();
    expect(types.map((t) => t.type)).toEqual(
      expect.arrayContaining(['staff_login_failure', 'staff_code_failure', 'staff_login_success']),
    );

    await page.getByRole('button', { name: 'ออกจากระบบ' }).click();
    await expect(page).toHaveURL(/\/staff\/login$/);
    await expect(page.getByText('ออกจากระบบเจ้าหน้าที่แล้ว')).toBeVisible();
    await axe();
    await page.goto('/staff');
    await expect(page).toHaveURL(/\/staff\/login$/);
  });
});

test.describe('admins manage staff accounts and read the audit log', () => {
  test('an admin creates a support account (link shown once), and the audit log finds it; support gets a Thai 403 @pg', async ({
    page,
    axe,
    browser,
    allowConsoleError,
  }) => {
    allowConsoleError(/status of 403/);
    // The search with a date it cannot read answers its form with 400, as every refused form does.
    allowConsoleError(/status of 400/);
    const admin = await signInNewStaff(page, 'admin', { axe });
    await page.getByRole('navigation', { name: 'เมนูเจ้าหน้าที่' }).getByRole('link', { name: 'บัญชีเจ้าหน้าที่' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'บัญชีเจ้าหน้าที่' })).toBeVisible();
    await axe();
    const username = `sup${Date.now().toString(36)}`;
    await page.getByLabel('ชื่อผู้ใช้').fill(username);
    await page.getByLabel('ชื่อที่แสดง').fill('สมหญิง บริการดี');
    await page.getByLabel('สิทธิ์', { exact: true }).selectOption('support');
    await page.getByRole('button', { name: 'สร้างบัญชีและลิงก์ตั้งค่า' }).click();
    const link = page.getByTestId('enrol-link');
    await expect(link).toContainText('/staff/enrol?t=');
    await axe();
    await expect(page.getByRole('row', { name: new RegExp(username) })).toContainText('รอตั้งค่าบัญชี');
    // Shown once: the list page again has no link.
    await page.goto('/staff/accounts');
    await expect(page.getByTestId('enrol-link')).toHaveCount(0);

    await page.getByRole('navigation', { name: 'เมนูเจ้าหน้าที่' }).getByRole('link', { name: 'บันทึกการใช้งาน' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'บันทึกการใช้งาน' })).toBeVisible();
    await axe();
    await page.getByLabel('ผู้ทำรายการ (ชื่อผู้ใช้เจ้าหน้าที่)').fill(admin.username);
    await page.getByLabel('รายการ (ชื่อเหตุการณ์ หรือส่วนต้น เช่น staff_)').fill('staff_account');
    await page.getByRole('button', { name: 'ค้นหา', exact: true }).click();
    await expect(page.getByTestId('audit-results')).toContainText('staff_account_created');
    await expect(page.getByTestId('audit-results')).toContainText(`target=${username}; role=support`);
    // The staff member's address is shown with each row.
    await expect(page.getByRole('row', { name: new RegExp(`target=${username}`) })).toContainText('127.0.0.1');
    await axe();
    // A date that cannot be read is said so, next to its field.
    await page.getByLabel('ตั้งแต่วันที่ (วว/ดด/ปปปป พ.ศ.)').fill('31/02/2569');
    await page.getByRole('button', { name: 'ค้นหา', exact: true }).click();
    await expect(page.getByRole('alert')).toContainText('วว/ดด/ปปปป');
    await axe();

    // A support account opens its own pages, not the admins'.
    const support = await createStaffAccount('support');
    const { context, page: supportPage } = await secondStaff(browser, support);
    const response = await supportPage.goto('/staff/accounts');
    expect(response?.status()).toBe(403);
    await expect(supportPage.getByRole('heading', { level: 1, name: 'ไม่มีสิทธิ์เข้าถึงหน้านี้' })).toBeVisible();
    await expect(supportPage.getByRole('navigation', { name: 'เมนูเจ้าหน้าที่' })).not.toContainText('บัญชีเจ้าหน้าที่');
    await context.close();
  });
});

test.describe('an admin unlocks a staff sign-in', () => {
  test('an account locked by wrong passwords is marked, unlocked after a confirmation, and signs in', async ({
    page,
    axe,
    browser,
    allowConsoleError,
  }) => {
    allowConsoleError(/status of 400/);
    const admin = await signInNewStaff(page, 'admin', { axe });
    const editor = await createStaffAccount('editor');
    // Five wrong passwords from another browser lock the editor's sign-in.
    const origin = new URL(page.url()).origin;
    const outside = await browser.newContext({ baseURL: origin });
    for (let i = 0; i < 5; i += 1) {
      await outside.request.post('/staff/login', {
        form: { intent: 'password', username: editor.username, password: `wrong-${i}-password`, redirectTo: '' },
        headers: { Origin: origin },
        maxRedirects: 0,
      });
    }

    await page.goto('/staff/accounts');
    const row = page.getByRole('row', { name: new RegExp(editor.username) });
    await expect(row).toContainText('ล็อกการเข้าสู่ระบบ');
    await axe();
    await row.getByRole('button', { name: 'ปลดล็อกการเข้าสู่ระบบ' }).click();
    const confirm = page.getByRole('region', { name: `ปลดล็อกการเข้าสู่ระบบของ ${editor.username}?` });
    await expect(confirm).toBeVisible();
    await axe();
    await confirm.getByRole('button', { name: 'ยืนยันการปลดล็อก' }).click();
    await expect(page.getByText(`ปลดล็อกการเข้าสู่ระบบของ ${editor.username} แล้ว`)).toBeVisible();
    await expect(page.getByRole('row', { name: new RegExp(editor.username) })).not.toContainText('ล็อกการเข้าสู่ระบบ');
    await axe();

    const editorPage = await outside.newPage();
    await staffLogin(editorPage, editor);
    await outside.close();
    const audited = await frontDatabase()
      .selectFrom('audit_events')
      .select(['detail', 'ip'])
      .where('type', '=', 'staff_sign_in_unlocked')
      .where('actor', '=', admin.username)
      .execute();
    expect(audited).toEqual([{ detail: `target=${editor.username}`, ip: expect.any(String) }]);
  });
});

test.describe('each staff page checks its own role', () => {
  test('an editor is refused member support, the page and its action alike', async ({
    page,
    axe,
    allowConsoleError,
  }) => {
    allowConsoleError(/status of 403/);
    const editor = await signInNewStaff(page, 'editor', { axe });
    await page.goto('/staff');
    await axe();
    await expect(page.getByRole('navigation', { name: 'เมนูเจ้าหน้าที่' })).toBeVisible();
    await expect(page.getByRole('navigation', { name: 'เมนูเจ้าหน้าที่' })).not.toContainText('ช่วยเหลือสมาชิก');
    const response = await page.goto('/staff/members');
    expect(response?.status()).toBe(403);
    await expect(page.getByRole('heading', { level: 1, name: 'ไม่มีสิทธิ์เข้าถึงหน้านี้' })).toBeVisible();
    await axe();
    // The action checks the role too, before it reads the form: nothing is unlocked or issued.
    const posted = await page.request.post('/staff/members', {
      form: { intent: 'unlock', membershipNo: '012345' },
      headers: { Origin: new URL(page.url()).origin },
      maxRedirects: 0,
    });
    expect(posted.status()).toBe(403);
    // Each refusal is audited: who, the path's pattern, the address; never the form's member number.
    const refused = await frontDatabase()
      .selectFrom('audit_events')
      .select(['detail', 'ip', 'membership_no'])
      .where('type', '=', 'staff_refused')
      .where('actor', '=', editor.username)
      .orderBy('id')
      .execute();
    expect(refused.map((r) => r.detail)).toEqual([
      'GET /staff/members; role=editor; needs=support',
      'POST /staff/members; role=editor; needs=support',
    ]);
    expect(refused.every((r) => r.ip && r.membership_no === null)).toBe(true);
  });
});

test.describe('a staff member manages their own account', () => {
  test('changes the password (other sessions end) and makes new recovery codes, shown once', async ({
    page,
    axe,
    browser,
    allowConsoleError,
  }) => {
    allowConsoleError(/status of 400/);
    const editor = await signInNewStaff(page, 'editor', { axe });
    const { context: elsewhere, page: otherPage } = await secondStaff(browser, editor);

    await page.getByRole('link', { name: 'บัญชีของฉัน' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'บัญชีของฉัน' })).toBeVisible();
    await axe();

    const newPassword = `Changed-${Math.random().toString(36).slice(2, 12)}-pw`;
    const passwordForm = page.getByRole('region', { name: 'เปลี่ยนรหัสผ่าน' });
    const changePassword = async (current: string) => {
      await passwordForm.getByLabel('รหัสผ่านปัจจุบัน').fill(current);
      await passwordForm.getByLabel('รหัสผ่านใหม่', { exact: true }).fill(newPassword);
      await passwordForm.getByLabel('ยืนยันรหัสผ่านใหม่').fill(newPassword);
      await passwordForm.getByRole('button', { name: 'เปลี่ยนรหัสผ่าน' }).click();
    };
    await changePassword('not-the-password');
    await expect(page.getByRole('alert')).toContainText('รหัสผ่านปัจจุบันไม่ถูกต้อง');
    await axe();

    await changePassword(editor.password);
    await expect(page.getByText('เปลี่ยนรหัสผ่านเรียบร้อยแล้ว')).toBeVisible();
    await axe();
    // The other browser's session has ended; this one goes on.
    await otherPage.goto('/staff');
    await expect(otherPage).toHaveURL(/\/staff\/login/);
    await elsewhere.close();

    const codesForm = page.getByRole('region', { name: 'รหัสสำรอง', exact: true });
    await codesForm.getByLabel('รหัสผ่านปัจจุบัน').fill(newPassword);
    await codesForm.getByRole('button', { name: 'สร้างรหัสสำรองชุดใหม่' }).click();
    await expect(page.getByTestId('recovery-codes').getByRole('listitem')).toHaveCount(10);
    await axe();
    await page.getByRole('button', { name: 'บันทึกรหัสสำรองแล้ว' }).click();
    await expect(page.getByText('บันทึกรหัสสำรองชุดใหม่แล้ว')).toBeVisible();
    await expect(page.getByTestId('recovery-codes')).toHaveCount(0);
    await page.reload();
    await expect(page.getByTestId('recovery-codes')).toHaveCount(0);
    await expect(page.getByTestId('codes-left')).toContainText('10');

    const store = frontDatabase();
    const rows = await store
      .selectFrom('audit_events')
      .select(['type', 'ip'])
      .where('actor', '=', editor.username)
      .where('type', 'in', [
        'staff_password_change_failed',
        'staff_password_changed',
        'staff_recovery_codes_regenerated',
        'staff_recovery_codes_kept',
      ])
      .orderBy('id')
      .execute();
    expect(rows.map((r) => r.type)).toEqual([
      'staff_password_change_failed',
      'staff_password_changed',
      'staff_recovery_codes_regenerated',
      'staff_recovery_codes_kept',
    ]);
    expect(rows.every((r) => r.ip)).toBe(true);
    // The server writes one unbroken chain, every row signed with its key (ADR 134).
    expect(await verifyAuditChain(store, auditKeys([serverSecret()]))).toMatchObject({ ok: true, retired: 0 });
  });
});

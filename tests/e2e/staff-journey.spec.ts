import { randomUUID } from 'node:crypto';

import type { Browser, BrowserContext, Page } from '@playwright/test';
import sharp from 'sharp';

import { E2E_DATA_DIR, E2E_HTTP_MODE } from '../../playwright.config';
import { totpCodeAt, timeStep, TOTP_PERIOD_SECONDS } from '../../app/server/auth/totp/totp.server';
import { database, expect, frontDatabase, logIn, test, withoutContact } from './fixtures';
import { bangkokDate, createStaffAccount, signInNewStaff, staffLogin } from './staff-fixture';

// The first admin comes from the CLI (`npm run staff -- add …`), run here against the e2e store.
process.env.LOG_LEVEL ??= 'silent';
const { main: staffCli } = await import('../../scripts/staff');

/**
 * The back office from end to end (ADR 059–062, 060, 116–122): an admin made by the CLI enrols and
 * creates an editor; the editor publishes a news item with a picture (its alternative text required)
 * and a PDF, undoes an edit from the item's history, schedules it, sends it to the trash and restores
 * it; a moderator hides a board post, and two more at once from the queue; support unlocks a locked
 * member and issues a reset code the member uses; the admin reads the dashboard and finds every step
 * in the audit log.
 */
const PDF = Buffer.from(
  '%PDF-1.4\n1 0 obj << /Type /Catalog /Pages 2 0 R >> endobj\n2 0 obj << /Type /Pages /Kids [] /Count 0 >> endobj\n' +
    'trailer << /Root 1 0 R >>\n%%EOF\n',
);
const PASSWORD = 'quiet-harbour-lantern-42';

/** The TOTP secret shown on the enrolment page and a code for it, one step after the last used. */
async function enrol(page: Page, link: string, axe?: (page?: Page) => Promise<void>): Promise<void> {
  const url = new URL(link);
  await page.goto(`${url.pathname}${url.search}`);
  await axe?.();
  await page.getByLabel('รหัสผ่าน', { exact: true }).fill(PASSWORD);
  await page.getByLabel('ยืนยันรหัสผ่าน').fill(PASSWORD);
  await page.getByRole('button', { name: 'ตั้งรหัสผ่าน' }).click();
  const secret = (await page.getByTestId('totp-secret').textContent())!.replace(/\s+/g, '');
  // On the phone itself the link opens the authenticator with the same secret.
  await expect(page.getByRole('link', { name: 'เปิดในแอปยืนยันตัวตน' })).toHaveAttribute(
    'href',
    new RegExp(`^otpauth://totp/.+[?&]secret=${secret}(&|$)`),
  );
  await axe?.();
  await page.getByLabel('รหัส 6 หลักจากแอป').fill(totpCodeAt(secret, timeStep(Date.now()) * TOTP_PERIOD_SECONDS * 1000));
  await page.getByRole('button', { name: 'ยืนยันและเปิดใช้งาน' }).click();
  await expect(page.getByRole('button', { name: 'บันทึกรหัสสำรองแล้ว' })).toBeVisible();
  await axe?.();
  await page.getByRole('button', { name: 'บันทึกรหัสสำรองแล้ว' }).click();
  await expect(page).toHaveURL(/\/staff$/);
}

async function newPage(browser: Browser) {
  const context: BrowserContext = await browser.newContext();
  return { context, page: await context.newPage() };
}

// In http mode content, the board and members belong to the core.
test.describe('the back office journey (embedded store)', { tag: '@embedded' }, () => {
  test('CLI admin → editor publishes, undoes an edit, schedules, trashes and restores → moderator hides, two at once → support unlocks and issues a reset code → dashboard and audit @pg', async ({
    page,
    axe,
    browser,
    baseURL,
    createMember,
    allowConsoleError,
  }) => {
    test.slow();
    allowConsoleError(/status of (400|429)/);
    const stamp = randomUUID().slice(0, 8);

    // 1. The admin: made by the CLI, enrolled through the link, creates an editor.
    const out: string[] = [];
    const admin = `adm${stamp}`;
    const code = await staffCli(
      ['add', admin, '--name', 'ผู้ดูแล ทดสอบ', '--role', 'admin'],
      {
        DATA_DIR: E2E_DATA_DIR,
        ...(process.env.DATABASE_URL ? { DATABASE_URL: process.env.DATABASE_URL } : {}),
        PUBLIC_URL: baseURL,
        LOG_LEVEL: 'silent',
      },
      { out: (line) => out.push(line), err: () => undefined },
    );
    expect(code).toBe(0);
    await enrol(page, out[0]!, axe);
    await axe();
    await page.getByRole('navigation', { name: 'เมนูเจ้าหน้าที่' }).getByRole('link', { name: 'บัญชีเจ้าหน้าที่' }).click();
    await axe();
    const editorName = `edi${stamp}`;
    await page.getByLabel('ชื่อผู้ใช้').fill(editorName);
    await page.getByLabel('ชื่อที่แสดง').fill('บรรณาธิการ ทดสอบ');
    await page.getByLabel('สิทธิ์', { exact: true }).selectOption('editor');
    await page.getByRole('button', { name: 'สร้างบัญชีและลิงก์ตั้งค่า' }).click();
    const editorLink = (await page.getByTestId('enrol-link').textContent())!;
    await axe();

    // 2. The editor enrols and publishes a news item with a picture and a PDF.
    const editor = await newPage(browser);
    await enrol(editor.page, editorLink);
    const title = `ข่าวการเดินทางของระบบหลังบ้าน ${stamp}`;
    await editor.page.goto('/staff/content/new');
    await editor.page.getByLabel('หมวดหมู่').selectOption({ label: 'ข่าวประชาสัมพันธ์' });
    await editor.page.getByLabel('หัวข้อ', { exact: true }).fill(title);
    await editor.page.getByLabel('เนื้อหา', { exact: true }).fill(`<p>รายละเอียด <b>${stamp}</b></p>`);
    const picture = await sharp({ create: { width: 800, height: 450, channels: 3, background: '#2a6f97' } })
      .jpeg()
      .toBuffer();
    await editor.page
      .getByLabel('รูปหน้าปก (ไม่บังคับ)')
      .setInputFiles({ name: 'cover.jpg', mimeType: 'image/jpeg', buffer: picture });
    await editor.page
      .getByLabel('ไฟล์แนบ (ไม่บังคับ)')
      .setInputFiles({ name: 'form.pdf', mimeType: 'application/pdf', buffer: PDF });
    await editor.page.getByLabel('ชื่อไฟล์แนบหรือคำอธิบายรูป').fill('เอกสารประกอบ');
    await editor.page.getByRole('button', { name: 'บันทึกเป็นฉบับร่าง' }).click();
    await expect(editor.page).toHaveURL(/\/staff\/content\/\d+$/);
    const no = Number(/(\d+)$/.exec(editor.page.url())![1]);
    // A cover without alternative text keeps the draft from being published.
    await editor.page.getByRole('button', { name: 'เผยแพร่', exact: true }).click();
    await expect(editor.page.getByText(/ยังเผยแพร่ไม่ได้/)).toBeVisible();
    await expect(editor.page.getByRole('heading', { name: 'สถานะ: ฉบับร่าง' })).toBeVisible();
    await editor.page.getByLabel('คำอธิบายรูปหน้าปก').fill('แผนผังระบบหลังบ้าน');
    await editor.page.getByRole('button', { name: 'บันทึก', exact: true }).click();
    await expect(editor.page.getByText('บันทึกเนื้อหาแล้ว')).toBeVisible();
    await editor.page.getByRole('button', { name: 'เผยแพร่', exact: true }).click();
    await expect(editor.page.getByText('เผยแพร่เนื้อหาแล้ว')).toBeVisible();

    const visitor = await newPage(browser);
    await visitor.page.goto('/home');
    await expect(visitor.page.getByRole('link', { name: title }).first()).toBeVisible();
    await visitor.page.goto('/list/news');
    await expect(visitor.page.getByRole('link', { name: title })).toBeVisible();
    await visitor.page.goto(`/show/${no}`);
    const pdfHref = await visitor.page.getByRole('link', { name: /เอกสารประกอบ/ }).getAttribute('href');
    expect((await visitor.page.request.get(pdfHref!)).headers()['content-type']).toBe('application/pdf');
    const cover = await visitor.page
      .locator('.content-item__cover img, img.content-item__cover')
      .first()
      .getAttribute('src');
    expect((await visitor.page.request.get(cover!)).headers()['content-type']).toBe('image/jpeg');
    await visitor.page.goto(`/search?q=${encodeURIComponent(stamp)}`);
    await expect(visitor.page.getByRole('main').getByRole('link', { name: title })).toBeVisible();
    // The editor takes it down again: the other specs' home page starts with the seeded news.
    await editor.page.goto(`/staff/content/${no}`);
    await editor.page.getByRole('button', { name: 'ยกเลิกการเผยแพร่' }).click();
    await expect(editor.page.getByText('ยกเลิกการเผยแพร่แล้ว')).toBeVisible();

    // An edit undone from the item's history (ADR 118).
    await editor.page.getByLabel('หัวข้อ', { exact: true }).fill(`${title} ฉบับแก้`);
    await editor.page.getByRole('button', { name: 'บันทึก', exact: true }).click();
    await expect(editor.page.getByText('บันทึกเนื้อหาแล้ว')).toBeVisible();
    await editor.page.getByRole('link', { name: 'ประวัติการแก้ไข' }).click();
    await editor.page
      .getByRole('link', { name: new RegExp(`^ฉบับที่ \\d+: ${title}$`) })
      .first()
      .click();
    await editor.page.getByRole('button', { name: /^นำฉบับนี้กลับมาใช้/ }).click();
    await expect(editor.page.getByText(/กลับมาใช้แล้ว/)).toBeVisible();
    await expect(editor.page.getByLabel('หัวข้อ', { exact: true })).toHaveValue(title);

    // Scheduled for tomorrow: on no public page yet (ADR 120).
    await editor.page.getByLabel('วันที่เผยแพร่').fill(bangkokDate(Date.now() + 24 * 3_600_000));
    await editor.page.getByLabel('เวลา', { exact: true }).fill('08:00');
    await editor.page.getByRole('button', { name: 'บันทึก', exact: true }).click();
    await expect(editor.page.getByText('บันทึกเนื้อหาแล้ว')).toBeVisible();
    await editor.page.getByRole('button', { name: 'ตั้งเวลาเผยแพร่', exact: true }).click();
    await expect(editor.page.getByRole('heading', { name: 'สถานะ: ตั้งเวลาเผยแพร่' })).toBeVisible();
    await visitor.page.goto('/list/news');
    await expect(visitor.page.getByRole('link', { name: title })).toHaveCount(0);

    // To the trash and back as it was; then to the trash again, out of the other specs' way (ADR 118).
    await editor.page.getByRole('button', { name: 'ย้ายไปถังขยะ' }).click();
    await expect(editor.page.getByText(`ย้าย “${title}” ไปถังขยะแล้ว`)).toBeVisible();
    await editor.page.getByRole('navigation', { name: 'งานเนื้อหาเว็บไซต์' }).getByRole('link', { name: 'ถังขยะ' }).click();
    await editor.page
      .getByRole('listitem')
      .filter({ hasText: title })
      .getByRole('button', { name: `กู้คืน ${title}` })
      .click();
    await expect(editor.page.getByText(`กู้คืน “${title}” แล้ว`)).toBeVisible();
    await expect(editor.page.getByRole('heading', { name: 'สถานะ: ตั้งเวลาเผยแพร่' })).toBeVisible();
    await editor.page.getByRole('button', { name: 'ย้ายไปถังขยะ' }).click();
    await expect(editor.page.getByText(`ย้าย “${title}” ไปถังขยะแล้ว`)).toBeVisible();
    await editor.context.close();

    // 3. A moderator hides a board post: gone from /board and /api/info/board.
    const topicTitle = `กระทู้ขายของ ${stamp}`;
    const topic = await database()
      .insertInto('board_topics')
      .values({ title: topicTitle, body: 'รายละเอียด', display_name: 'ผู้เยี่ยมชม', created_at: Date.now(), hidden: 0 })
      .returning('id')
      .executeTakeFirstOrThrow();
    const topicId = Number(topic.id);
    const moderatorAccount = await createStaffAccount('moderator');
    const moderator = await newPage(browser);
    await staffLogin(moderator.page, moderatorAccount);
    await moderator.page.goto(`/staff/board/${topicId}`);
    const article = moderator.page.locator('article', {
      has: moderator.page.getByRole('heading', { level: 1, name: topicTitle }),
    });
    const hide = article.locator('details', { has: moderator.page.locator('summary', { hasText: 'ซ่อนกระทู้' }) });
    await hide.locator('summary').click();
    await hide.getByLabel('เหตุผล').fill('โฆษณาขายสินค้า');
    await hide.getByRole('button', { name: 'ซ่อนกระทู้' }).click();
    await expect(moderator.page.getByText('ซ่อนกระทู้แล้ว กระทู้นี้ไม่แสดงบนเว็บไซต์')).toBeVisible();
    // Two more at once, ticked in the queue, newest first (ADR 122).
    const spam = [`โฆษณาชุดแรก ${stamp}`, `โฆษณาชุดสอง ${stamp}`];
    for (const spamTitle of spam) {
      await database()
        .insertInto('board_topics')
        .values({ title: spamTitle, body: 'ขายของ', display_name: 'ผู้เยี่ยมชม', created_at: Date.now(), hidden: 0 })
        .execute();
    }
    await moderator.page.goto('/staff/board');
    for (const spamTitle of spam) await moderator.page.getByLabel(`เลือก กระทู้ ${spamTitle}`).check();
    await moderator.page.getByLabel('เหตุผลที่ซ่อน').fill('สแปมโฆษณา');
    await moderator.page.getByRole('button', { name: 'ซ่อนรายการที่เลือก' }).click();
    await expect(moderator.page.getByText('ซ่อนแล้ว 2 รายการ')).toBeVisible();
    await moderator.context.close();
    const board = await (await visitor.page.request.get('/board')).text();
    for (const spamTitle of spam) expect(board).not.toContain(spamTitle);
    expect(await (await visitor.page.request.get('/board')).text()).not.toContain(topicTitle);
    const api = (await (await visitor.page.request.get('/api/info/board')).json()) as {
      board: { data: { No: string }[] };
    };
    expect(api.board.data.map((t) => t.No)).not.toContain(String(topicId));

    // 4. A member with no phone or email on file is locked out of sign-in.
    const member = await withoutContact(await createMember());
    const row = await database()
      .selectFrom('members')
      .select(['id_card', 'first_name', 'last_name', 'birth_date'])
      .where('membership_no', '=', member.membershipNo)
      .executeTakeFirstOrThrow();
    await visitor.page.goto('/member/logon');
    for (let i = 0; i < 5; i += 1) {
      await logIn(visitor.page, member.membershipNo, `wrong-${i}-password`);
      await expect(visitor.page.getByRole('alert').first()).toBeVisible();
    }
    await logIn(visitor.page, member.membershipNo, member.password);
    await expect(visitor.page.getByText(/เข้าสู่ระบบไม่สำเร็จหลายครั้งเกินไป/)).toBeVisible();

    // Support finds the member (POST: the number stays out of the URL), unlocks, issues a reset code.
    const supportAccount = await createStaffAccount('support');
    const support = await newPage(browser);
    await staffLogin(support.page, supportAccount, { axe: () => axe(support.page) });
    await support.page
      .getByRole('navigation', { name: 'เมนูเจ้าหน้าที่' })
      .getByRole('link', { name: 'ช่วยเหลือสมาชิก' })
      .click();
    await expect(support.page.getByRole('heading', { level: 1, name: 'ช่วยเหลือสมาชิก' })).toBeVisible();
    await axe(support.page);
    await support.page.getByLabel('เลขที่สมาชิกหรือชื่อ').fill(member.membershipNo);
    await support.page.getByRole('button', { name: 'ค้นหาสมาชิก' }).click();
    await support.page.getByRole('button', { name: /เปิดข้อมูล/ }).click();
    const panel = support.page.getByRole('region', { name: new RegExp(`สมาชิกเลขที่ ${member.membershipNo}`) });
    await expect(panel).toContainText('ล็อกการเข้าสู่ระบบ');
    await axe(support.page);
    expect(support.page.url()).not.toContain(member.membershipNo);
    await panel.getByRole('button', { name: 'ปลดล็อกและออกจากระบบทุกอุปกรณ์' }).click();
    await expect(support.page.getByText('ปลดล็อกแล้ว และสมาชิกออกจากระบบทุกอุปกรณ์แล้ว')).toBeVisible();
    await expect(panel).toContainText('ไม่ถูกล็อก');
    await panel.getByRole('button', { name: 'ออกรหัสตั้งรหัสผ่านใหม่' }).click();
    const resetCode = (await support.page.getByTestId('member-code').textContent())!.trim();
    expect(resetCode).toMatch(/^\d{6}$/);
    await axe(support.page);
    await support.context.close();

    // The member uses the code on the forgotten-password page, then signs in with the new password.
    const newPassword = `Reset-${stamp}-pw`;
    const [y, m, d] = row.birth_date.split('-');
    await visitor.page.goto('/member/forget');
    await visitor.page.getByLabel('หมายเลขสมาชิก').fill(member.membershipNo);
    await visitor.page.getByLabel('เลขประจำตัวประชาชน').fill(row.id_card);
    await visitor.page.getByLabel('ชื่อ', { exact: true }).fill(row.first_name);
    await visitor.page.getByLabel('นามสกุล', { exact: true }).fill(row.last_name);
    await visitor.page.getByLabel('วันเดือนปีเกิด (พ.ศ.)').fill(`${d}/${m}/${Number(y) + 543}`);
    await visitor.page.getByRole('button', { name: 'ขอรหัสยืนยัน', exact: true }).click();
    await visitor.page.getByLabel('รหัสยืนยัน', { exact: true }).fill(resetCode);
    await visitor.page.getByLabel('รหัสผ่านใหม่', { exact: true }).fill(newPassword);
    await visitor.page.getByLabel('ยืนยันรหัสผ่านใหม่').fill(newPassword);
    await visitor.page.getByRole('button', { name: 'ตั้งรหัสผ่านใหม่', exact: true }).click();
    await expect(visitor.page).toHaveURL(/\/member\/logon$/);
    await logIn(visitor.page, member.membershipNo, newPassword);
    await expect(visitor.page).toHaveURL(/\/member\/status$/);
    await visitor.context.close();

    // 5. The admin reads the dashboard: every number, each a link to what it counts (ADR 122).
    await page.goto('/staff');
    const figures = page.getByTestId('staff-figures');
    await expect(figures.locator('li')).toHaveCount(4);
    await expect(figures.locator('[data-figure="waiting"] .staff-figure__value')).toHaveText(/^[\d,]+$/);
    await axe();

    // The admin finds every step in the audit log.
    const search = async (fields: { who?: string; what?: string; member?: string }, expected: string[]) => {
      await page.goto('/staff/audit');
      await axe();
      await page.getByLabel('ผู้ทำรายการ (ชื่อผู้ใช้เจ้าหน้าที่)').fill(fields.who ?? '');
      await page.getByLabel('รายการ (ชื่อเหตุการณ์ หรือส่วนต้น เช่น staff_)').fill(fields.what ?? '');
      await page.getByLabel('หมายเลขสมาชิก').fill(fields.member ?? '');
      await page.getByRole('button', { name: 'ค้นหา', exact: true }).click();
      for (const text of expected) await expect(page.getByTestId('audit-results')).toContainText(text);
      await axe();
    };
    await search({ what: 'staff_account_created' }, [`target=${admin}; role=admin; via=cli`]);
    await search({ who: admin }, ['staff_account_created', `target=${editorName}; role=editor`]);
    await search({ who: editorName }, [
      'staff_content_create',
      'staff_content_publish',
      'staff_content_restore',
      'staff_content_trash',
      'staff_content_untrash',
    ]);
    await search({ who: moderatorAccount.username }, ['staff_board_hidden', 'reason=โฆษณาขายสินค้า']);
    await search({ member: member.membershipNo }, [
      'staff_member_unlocked',
      'staff_member_code_issued',
      'forget_success',
    ]);
    const supportRows = await frontDatabase()
      .selectFrom('audit_events')
      .select('type')
      .where('actor', '=', supportAccount.username)
      .execute();
    expect(supportRows.map((r) => r.type)).toEqual(
      expect.arrayContaining([
        'staff_member_search',
        'staff_member_viewed',
        'staff_member_unlocked',
        'staff_member_code_issued',
      ]),
    );
  });
});

test.describe('member support in http mode', () => {
  test.skip(!E2E_HTTP_MODE, 'in embedded mode the pages work (the journey above)');

  test('/staff says what it looks after, and the member-support page says it is not available here', async ({
    page,
    axe,
  }) => {
    await signInNewStaff(page, 'support', { axe });
    await expect(page.getByRole('heading', { name: 'สิ่งที่ระบบหลังบ้านนี้ดูแล' })).toBeVisible();
    await expect(page.getByText(/การช่วยเหลือสมาชิก \(ปลดล็อก ออกรหัส\): ทำที่ระบบหลักของสหกรณ์/)).toBeVisible();
    await expect(page.getByRole('navigation', { name: 'เมนูเจ้าหน้าที่' })).not.toContainText('ช่วยเหลือสมาชิก');
    const response = await page.goto('/staff/members');
    expect(response?.status()).toBe(200);
    await expect(page.getByText(/การค้นหาสมาชิก การปลดล็อก และการออกรหัส.*จึงทำที่ระบบหลัก/)).toBeVisible();
    await expect(page.getByRole('button', { name: 'ค้นหาสมาชิก' })).toHaveCount(0);
    await axe();
  });
});

import { randomUUID } from 'node:crypto';
import fs from 'node:fs';

import { contentItem } from '../../app/server/content/content-item.test-support';
import { database, expect, frontDatabase, signIn, test } from './fixtures';
import { createStaffAccount, postsAwaitingReview, signInNewStaff, staffLogin } from './staff-fixture';

/**
 * Lists that scale and the dashboard (ADR 122): the content list searched, filtered, sorted and paged,
 * its ticked items published at once; the moderation queue newest first and its ticked posts hidden
 * at once; the dashboard's numbers; the CSV downloads. With scripts and without.
 */

const stamp = () => randomUUID().slice(0, 8);

async function auditCount(type: string, targetPrefix: string): Promise<number> {
  const rows = await frontDatabase().selectFrom('audit_events').select('detail').where('type', '=', type).execute();
  return rows.filter((r) => r.detail?.includes(`target=${targetPrefix}`)).length;
}

// In http mode content and the board belong to the core.
test.describe('the back office lists', { tag: '@embedded' }, () => {
  test('the content list is searched, filtered, sorted and paged, and publishes the ticked drafts at once', async ({
    page,
    axe,
    allowConsoleError,
  }) => {
    test.slow();
    // A refused form answers 400, which the browser reports on its console.
    allowConsoleError(/status of 400/);
    const tag = `รายการ${stamp()}`;
    const db = database();
    const category = await db
      .selectFrom('content_categories')
      .select(['code', 'description'])
      .where('status', '=', 1)
      .where('type', '!=', 'A')
      .orderBy('sort')
      .executeTakeFirstOrThrow();
    // 23 drafts a minute apart (the first is the oldest), and one published item with the same words.
    const base = Date.now() - 3_600_000;
    const numbers: number[] = [];
    for (let i = 0; i < 23; i++) {
      const row = await db
        .insertInto('content_items')
        .values(
          contentItem({
            category: category.code,
            title: `${tag} ฉบับที่ ${String(i + 1).padStart(2, '0')}`,
            body_html: '<p>ทดสอบ</p>',
            posted_at: base + i * 60_000,
            disabled: 1,
          }),
        )
        .returning('no')
        .executeTakeFirstOrThrow();
      numbers.push(Number(row.no));
    }
    await signInNewStaff(page, 'editor');

    await page.goto('/staff/content');
    await axe();
    await page.getByLabel('ค้นหาจากหัวข้อ').fill(tag);
    await page.getByLabel('สถานะ').selectOption({ label: 'ฉบับร่าง' });
    await page.getByRole('button', { name: 'แสดงรายการ' }).click();
    await expect(page.getByRole('status').filter({ hasText: 'พบ 23 รายการ' })).toContainText('หน้า 1 จาก 2');
    await expect(page).toHaveURL(/[?&]q=/);
    const titles = page.locator('.staff-list__title');
    // Newest first by default.
    await expect(titles.first()).toHaveText(`${tag} ฉบับที่ 23`);
    await expect(titles).toHaveCount(20);
    await axe();
    await page.getByRole('link', { name: 'หน้าถัดไป' }).click();
    await expect(page.getByRole('status').filter({ hasText: 'พบ' })).toContainText('หน้า 2 จาก 2');
    await expect(titles).toHaveText([`${tag} ฉบับที่ 03`, `${tag} ฉบับที่ 02`, `${tag} ฉบับที่ 01`]);
    await axe();
    // Oldest first, from the form, keeps the search.
    await page.getByLabel('เรียงลำดับ').selectOption({ label: 'วันที่ลงเก่าไปใหม่' });
    await page.getByRole('button', { name: 'แสดงรายการ' }).click();
    await expect(titles.first()).toHaveText(`${tag} ฉบับที่ 01`);

    // Nothing ticked: told so, nothing changes.
    await page.getByRole('button', { name: 'เผยแพร่ที่เลือก', exact: true }).click();
    await expect(page.getByRole('alert').filter({ hasText: 'กรุณาเลือกอย่างน้อยหนึ่งรายการ' })).toBeVisible();
    await axe();
    await page.getByLabel(`เลือก ${tag} ฉบับที่ 01`).check();
    await page.getByLabel(`เลือก ${tag} ฉบับที่ 02`).check();
    await page.getByRole('button', { name: 'เผยแพร่ที่เลือก', exact: true }).click();
    await expect(page.getByText('เผยแพร่แล้ว 2 รายการ')).toBeVisible();
    await expect(page).toHaveURL(/sort=oldest/);
    const states = await db
      .selectFrom('content_items')
      .select(['no', 'disabled'])
      .where('no', 'in', numbers.slice(0, 3))
      .orderBy('no')
      .execute();
    expect(states.map((r) => r.disabled)).toEqual([0, 0, 1]);
    expect(await auditCount('staff_content_publish', `content ${numbers[0]}`)).toBe(1);
    expect(await auditCount('staff_content_publish', `content ${numbers[1]}`)).toBe(1);
    await axe();

    // The download carries the list's filters: the 21 drafts left, as Excel reads Thai.
    const download = await page.request.get(
      `/staff/content/export?${new URLSearchParams({ q: tag, state: 'draft', sort: 'oldest' })}`,
    );
    expect(download.status()).toBe(200);
    expect(download.headers()['content-type']).toBe('text/csv; charset=utf-8');
    expect(download.headers()['content-disposition']).toMatch(/^attachment; filename="content-\d{8}-\d{4}\.csv"$/);
    const bytes = await download.body();
    expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const lines = bytes.toString('utf8').slice(1).trim().split('\r\n');
    expect(lines[0]).toBe('เลขที่,หัวข้อ,หมวดหมู่,วันที่ลง (ISO 8601),วันที่ลง,สถานะ,แก้ไขล่าสุด (ISO 8601),แก้ไขล่าสุดโดย,ลิงก์บนเว็บไซต์');
    expect(lines).toHaveLength(22);
    expect(lines[1]).toContain(`${numbers[2]},${tag} ฉบับที่ 03,${category.description},`);
    expect(await auditCount('staff_content_export', 'rows=21')).toBeGreaterThanOrEqual(1);

    // The two published go back to drafts, at once: the other specs expect the seeded news first.
    await page.goto(`/staff/content?${new URLSearchParams({ q: tag, state: 'published' })}`);
    await axe();
    await page.getByLabel(`เลือก ${tag} ฉบับที่ 01`).check();
    await page.getByLabel(`เลือก ${tag} ฉบับที่ 02`).check();
    await page.getByRole('button', { name: 'ยกเลิกการเผยแพร่ที่เลือก', exact: true }).click();
    await expect(page.getByText(/ยกเลิกการเผยแพร่แล้ว 2 รายการ/)).toBeVisible();
    await axe();
  });

  test('the moderation queue shows the newest post first and hides the ticked posts with one reason', async ({
    page,
    axe,
    allowConsoleError,
  }) => {
    allowConsoleError(/status of 400/);
    const db = database();
    const tag = stamp();
    const store = async (title: string, at: number) =>
      Number(
        (
          await db
            .insertInto('board_topics')
            .values({ title, body: `${title} รายละเอียด`, display_name: 'ผู้เยี่ยมชม', created_at: at, hidden: 0 })
            .returning('id')
            .executeTakeFirstOrThrow()
        ).id,
      );
    // Stamped an hour ahead, so a post another test sends meanwhile does not arrive after them.
    const ahead = Date.now() + 3_600_000;
    const older = await store(`กระทู้เก่า ${tag}`, ahead - 1000);
    const newer = await store(`กระทู้ใหม่ ${tag}`, ahead);
    await signInNewStaff(page, 'moderator');
    await page.goto('/staff/board');
    // What arrived last opens page 1.
    await expect(page.locator('.staff-queue__title').first()).toContainText(`กระทู้ใหม่ ${tag}`);
    await expect(page.locator('.staff-queue__title').nth(1)).toContainText(`กระทู้เก่า ${tag}`);
    await axe();

    await page.getByLabel(`เลือก กระทู้ กระทู้ใหม่ ${tag}`).check();
    await page.getByLabel(`เลือก กระทู้ กระทู้เก่า ${tag}`).check();
    // Hiding needs a reason: the ticks are kept.
    await page.getByRole('button', { name: 'ซ่อนรายการที่เลือก' }).click();
    await expect(page.getByRole('alert').filter({ hasText: 'กรุณาระบุเหตุผล' })).toBeVisible();
    await expect(page.getByLabel(`เลือก กระทู้ กระทู้ใหม่ ${tag}`)).toBeChecked();
    await axe();
    await page.getByLabel('เหตุผลที่ซ่อน').fill('สแปมโฆษณา');
    await page.getByRole('button', { name: 'ซ่อนรายการที่เลือก' }).click();
    await expect(page.getByText('ซ่อนแล้ว 2 รายการ')).toBeVisible();
    await expect(page.getByText(`กระทู้ใหม่ ${tag}`)).toHaveCount(0);
    const rows = await db
      .selectFrom('board_topics')
      .select(['id', 'hidden', 'hidden_reason'])
      .where('id', 'in', [older, newer])
      .execute();
    expect(rows.map((r) => [r.hidden, r.hidden_reason])).toEqual([
      [1, 'สแปมโฆษณา'],
      [1, 'สแปมโฆษณา'],
    ]);
    expect(await auditCount('staff_board_hidden', `topic:${older}`)).toBe(1);
    expect(await auditCount('staff_board_hidden', `topic:${newer}`)).toBe(1);
    expect(await (await page.request.get('/board')).text()).not.toContain(tag);
  });

  test('the topics list is searched by title and narrowed to hidden topics', async ({ page, axe }) => {
    const db = database();
    const tag = stamp();
    for (const [title, hidden] of [
      [`คำถามเรื่องเงินกู้ ${tag}`, 0],
      [`คำถามที่ซ่อน ${tag}`, 1],
    ] as const) {
      await db
        .insertInto('board_topics')
        .values({ title, body: 'x', display_name: 'ผู้เยี่ยมชม', created_at: Date.now(), hidden })
        .execute();
    }
    await signInNewStaff(page, 'moderator');
    await page.goto('/staff/board/topics');
    await axe();
    await page.getByLabel('ค้นหาจากหัวข้อหรือชื่อผู้ตั้ง').fill(tag);
    await page.getByRole('button', { name: 'แสดงรายการ' }).click();
    await expect(page.getByRole('status').filter({ hasText: 'พบ' })).toContainText('พบ 2 กระทู้');
    await axe();
    await page.getByLabel('สถานะ').selectOption({ label: 'ซ่อนอยู่' });
    await page.getByRole('button', { name: 'แสดงรายการ' }).click();
    await expect(page.locator('.staff-queue__title')).toHaveText([`คำถามที่ซ่อน ${tag}`]);
    await expect(page).toHaveURL(/state=hidden/);
    await axe();
  });

  test('the dashboard counts what waits, each number for the role that may open its list', async ({ page, axe }) => {
    await database()
      .insertInto('board_topics')
      .values({ title: `รอตรวจ ${stamp()}`, body: 'x', display_name: 'ก', created_at: Date.now(), hidden: 0 })
      .execute();
    const waiting = await postsAwaitingReview();

    await signInNewStaff(page, 'moderator');
    await page.goto('/staff');
    const figures = page.getByTestId('staff-figures');
    await expect(figures.locator('[data-figure="waiting"] .staff-figure__value')).toHaveText(
      waiting.toLocaleString('en-US'),
    );
    // A moderator sees only the queue's number.
    await expect(figures.locator('li')).toHaveCount(1);
    await axe();
    await figures.getByRole('link', { name: /ไปที่รายการรอตรวจ/ }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'รายการรอตรวจ' })).toBeVisible();
    await axe();

    const admin = await createStaffAccount('admin');
    await page.context().clearCookies();
    await staffLogin(page, admin);
    await page.goto('/staff');
    await expect(figures.locator('li')).toHaveCount(4);
    await expect(figures.locator('[data-figure="sign-ins"] .staff-figure__value')).toHaveText(/^\d[\d,]*$/);
    await figures.getByRole('link', { name: /ดูในบันทึกการใช้งาน/ }).click();
    await expect(page.getByLabel('รายการ (ชื่อเหตุการณ์ หรือส่วนต้น เช่น staff_)')).toHaveValue('login_success');
    await axe();
    await page.goto('/staff');
    await figures.getByRole('link', { name: /ดูรายชื่อสมาชิกที่ถูกล็อก/ }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'สมาชิกที่ถูกล็อกการเข้าสู่ระบบ' })).toBeVisible();
    await axe();
  });

  test('the audit log names events in Thai and downloads its search as CSV', async ({ page, axe }) => {
    const admin = await signInNewStaff(page, 'admin');
    await page.goto(`/staff/audit?${new URLSearchParams({ who: admin.username })}`);
    const results = page.getByTestId('audit-results');
    await expect(results).toContainText('เจ้าหน้าที่เข้าสู่ระบบ');
    await expect(results).toContainText('staff_login_success');
    await axe();
    // The download is a button posting the search (ADR 147).
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: 'ดาวน์โหลดผลการค้นหา (CSV)' }).click(),
    ]);
    expect(download.suggestedFilename()).toMatch(/^audit-\d{8}-\d{4}\.csv$/);
    const bytes = fs.readFileSync(await download.path());
    expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const lines = bytes.toString('utf8').slice(1).trim().split('\r\n');
    expect(lines[0]).toBe('เวลา (ISO 8601),เวลา,รหัสเหตุการณ์,รายการ,ผู้ทำรายการ,หมายเลขสมาชิก,รายละเอียด,ที่อยู่ไอพี,เลขที่อ้างอิง');
    expect(lines.some((l) => l.includes(`,staff_login_success,เจ้าหน้าที่เข้าสู่ระบบ,${admin.username},`))).toBe(true);
    // The download itself is in the log.
    const exported = await frontDatabase()
      .selectFrom('audit_events')
      .select('detail')
      .where('type', '=', 'staff_audit_export')
      .where('actor', '=', admin.username)
      .execute();
    expect(exported.map((r) => r.detail)).toEqual([expect.stringContaining(`filter=who=${admin.username}`)]);
  });

  test('the audit log searches a membership number by POST: no address, link or form on the page carries it', async ({
    page,
    axe,
    createMember,
  }) => {
    const member = await createMember();
    await signIn(page, axe, member);
    await signInNewStaff(page, 'admin');
    // An old bookmark's number is ignored: the page shows the newest rows, the field empty.
    await page.goto(`/staff/audit?${new URLSearchParams({ member: member.membershipNo })}`);
    const field = page.getByLabel('หมายเลขสมาชิก');
    await expect(field).toHaveValue('');
    await axe();
    await field.fill(member.membershipNo);
    await page.getByRole('button', { name: 'ค้นหา', exact: true }).click();
    const results = page.getByTestId('audit-results');
    await expect(results).toContainText('login_success');
    const numbers = await results.locator('td[data-label="หมายเลขสมาชิก"]').allTextContents();
    expect(numbers.length).toBeGreaterThan(0);
    expect(numbers.every((n) => n === member.membershipNo)).toBe(true);
    await expect(field).toHaveValue(member.membershipNo);
    // The answer is the page itself: its address, its links and its forms' actions name no member.
    expect(new URL(page.url()).pathname + new URL(page.url()).search).toBe('/staff/audit');
    const addresses = await page
      .locator('a[href], form, [formaction]')
      .evaluateAll((elements) =>
        elements.map((e) => e.getAttribute('href') ?? e.getAttribute('formaction') ?? e.getAttribute('action') ?? ''),
      );
    expect(addresses.length).toBeGreaterThan(0);
    expect(addresses.filter((address) => address.includes(member.membershipNo))).toEqual([]);
    expect(
      await page.locator('form').evaluateAll((forms) => forms.map((f) => (f as HTMLFormElement).method)),
    ).not.toContain('get');
    await axe();
    // The download posts the same search and holds that member's rows only.
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: 'ดาวน์โหลดผลการค้นหา (CSV)' }).click(),
    ]);
    expect(download.url()).toMatch(/\/staff\/audit\/export$/);
    const rows = fs
      .readFileSync(await download.path(), 'utf8')
      .slice(1)
      .trim()
      .split('\r\n')
      .slice(1);
    expect(rows.length).toBe(numbers.length);
    expect(rows.every((row) => row.includes(`,${member.membershipNo},`))).toBe(true);
    await expect(page).toHaveURL(/\/staff\/audit$/);
  });
});

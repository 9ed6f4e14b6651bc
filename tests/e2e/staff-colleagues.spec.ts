/**
 * The back office between colleagues: an admin changes a colleague's role, which ends the
 * colleague's sessions (the new role counts from the next sign-in); a moderator answers a member's request on its own page and the public page
 * shows the answer and its status.
 */
import { randomUUID } from 'node:crypto';

import { database, expect, frontDatabase, test } from './fixtures';
import { createStaffAccount, secondStaff, signInNewStaff, staffLogin } from './staff-fixture';

test('an admin changes a colleague’s role: the list says so, and the colleague is signed out and signs in with the new role', async ({
  page,
  axe,
  browser,
  allowConsoleError,
}) => {
  // The colleague's refused page is a 403, which the browser reports.
  allowConsoleError(/status of 403/);
  const colleague = await createStaffAccount('editor');
  const { context, page: theirs } = await secondStaff(browser, colleague);
  try {
    await theirs.goto('/staff/content');
    await expect(theirs.getByRole('heading', { level: 1 })).not.toHaveText('ไม่มีสิทธิ์เข้าถึงหน้านี้');

    await signInNewStaff(page, 'admin');
    await page.goto('/staff/accounts');
    await axe();
    const row = page.getByRole('row').filter({ has: page.getByRole('rowheader', { name: colleague.username }) });
    await expect(row.getByRole('cell').nth(1)).toHaveText('บรรณาธิการเนื้อหา');
    await row.getByLabel(`สิทธิ์ของ ${colleague.username}`).selectOption({ label: 'ผู้ดูแลกระทู้' });
    await row.getByRole('button', { name: `เปลี่ยนสิทธิ์ ของ ${colleague.username}` }).click();
    await expect(row.getByRole('cell').nth(1)).toHaveText('ผู้ดูแลกระทู้');
    await axe();

    const role = await frontDatabase()
      .selectFrom('staff_accounts')
      .select('role')
      .where('id', '=', colleague.id)
      .executeTakeFirstOrThrow();
    expect(role.role).toBe('moderator');

    // The colleague's session has ended; signed in again, the new role counts.
    await theirs.goto('/staff/content');
    await expect(theirs).toHaveURL(/\/staff\/login/);
    await staffLogin(theirs, colleague);
    await theirs.goto('/staff/content');
    await expect(theirs.getByRole('heading', { level: 1 })).toHaveText('ไม่มีสิทธิ์เข้าถึงหน้านี้');
    await axe(theirs);
    await theirs.goto('/staff/board');
    await expect(theirs.getByRole('heading', { level: 1 })).not.toHaveText('ไม่มีสิทธิ์เข้าถึงหน้านี้');
    await axe(theirs);
  } finally {
    await context.close();
  }
});

// In http mode members' requests belong to the core.
test.describe('a member’s request answered by the cooperative', { tag: '@embedded' }, () => {
  test('the moderator answers it on its page and sets its status; the public page shows both', async ({
    page,
    axe,
  }) => {
    const question = `ขอให้เปิดจุดรับชำระเงินกู้ที่อาคาร ${randomUUID().slice(0, 8)}`;
    const inserted = await database()
      .insertInto('demand_items')
      .values({
        question,
        detail: 'สมาชิกที่ทำงานอาคารใหม่เดินทางไกล',
        asker_name: 'สมาชิกทดสอบ',
        asked_at: Date.now(),
        status: 'received',
        answer: null,
        answered_by: null,
        answered_at: null,
        hidden: 0,
        hidden_reason: null,
        hidden_at: null,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    const id = Number(inserted.id);
    try {
      await signInNewStaff(page, 'moderator');
      await page.goto('/staff/demand');
      await axe();
      await expect(page.getByRole('link', { name: 'กระทู้และความต้องการของสมาชิก' })).toHaveAttribute(
        'aria-current',
        'true',
      );
      await page.goto(`/staff/demand/${id}`);
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(question);
      await axe();

      await page.getByLabel('ข้อความคำตอบ').fill('สหกรณ์จะเปิดจุดรับชำระทุกวันพุธ เริ่มเดือนหน้า');
      await page.getByLabel('ชื่อที่แสดงเป็นผู้ตอบ').fill('ฝ่ายสินเชื่อ');
      await page.getByLabel('สถานะ').selectOption({ label: 'อยู่ระหว่างดำเนินการ' });
      await page.getByRole('button', { name: 'บันทึกคำตอบและสถานะ' }).click();
      await expect(page.getByText('บันทึกคำตอบและสถานะแล้ว')).toBeVisible();
      await axe();

      await page.goto(`/showdemand/${id}`);
      await expect(page.getByText('สหกรณ์จะเปิดจุดรับชำระทุกวันพุธ เริ่มเดือนหน้า')).toBeVisible();
      await expect(page.getByText('อยู่ระหว่างดำเนินการ').first()).toBeVisible();
      await axe();
    } finally {
      // The demand list's pages are counted by other specs: leave it as it was.
      await database().deleteFrom('demand_items').where('id', '=', id).execute();
    }
  });
});

import type { Page } from '@playwright/test';

import { expect, test } from './fixtures';
import {
  confirmTrigger,
  createStaffAccount,
  fillDraft,
  saveDraft,
  secondStaff,
  signInNewStaff,
  staffLogin,
} from './staff-fixture';

/**
 * Editors never overwrite each other and can undo (ADR 118); a colleague or a menu with submenus is
 * not removed by one slip (ADR 119). Each test runs with JavaScript on and off.
 */

/** A new draft news item made through the editor's form; returns its number. */
async function newItem(page: Page, axe: () => Promise<void>, title: string, body: string): Promise<number> {
  await fillDraft(page, axe, { title, body });
  return saveDraft(page, axe);
}

// In http mode content belongs to the core.
test.describe('editors never lose work', { tag: '@embedded' }, () => {
  test('two editors on one item: the later save is refused, shows the other’s text and keeps its own; a revision is restored', async ({
    page,
    axe,
    browser,
    allowConsoleError,
  }) => {
    test.slow();
    // The refused save answers 409, which the browser reports on its console.
    allowConsoleError(/status of 409/);
    const stamp = Date.now().toString(36);
    const ann = await createStaffAccount('editor');
    const bee = await createStaffAccount('editor');
    await staffLogin(page, ann);
    const no = await newItem(page, axe, `ประชุมใหญ่ ${stamp}`, '<p>ประชุมวันเสาร์</p>');

    // Both open the item.
    const other = await secondStaff(browser, bee);
    try {
      await page.goto(`/staff/content/${no}`);
      await other.page.goto(`/staff/content/${no}`);

      // Ann saves first.
      await page.getByLabel('หัวข้อ', { exact: true }).fill(`ประชุมใหญ่สามัญ ${stamp}`);
      await page.getByRole('button', { name: 'บันทึก', exact: true }).click();
      await expect(page.getByText('บันทึกเนื้อหาแล้ว')).toBeVisible();

      // Bee, on the version before, is refused and sees Ann's text; her own stays in the form.
      const bees = other.page;
      await bees.getByLabel('เนื้อหา', { exact: true }).fill('<p>ประชุมวันอาทิตย์</p>');
      await bees.getByRole('button', { name: 'บันทึก', exact: true }).click();
      const summary = bees.getByRole('alert').filter({ hasText: 'มีข้อผิดพลาด' });
      await expect(summary.getByText(/มีผู้อื่นบันทึกเนื้อหานี้หลังจากที่ท่านเปิดแบบฟอร์ม/)).toBeVisible();
      await expect(bees.getByText('บันทึกเนื้อหาแล้ว')).toHaveCount(0);
      const conflict = bees.getByRole('region', { name: 'ฉบับที่บันทึกล่าสุดโดยผู้อื่น' });
      await expect(conflict.getByText(`บันทึกโดย ${ann.username}`, { exact: false })).toBeVisible();
      await expect(conflict.getByRole('group', { name: 'หัวข้อ: ส่วนที่ต่างจากข้อความของท่าน' }).locator('del')).toContainText(
        'สามัญ',
      );
      await expect(bees.getByLabel(/เนื้อหาที่บันทึกล่าสุด/)).toHaveValue('<p>ประชุมวันเสาร์</p>');
      await expect(bees.getByLabel('เนื้อหา', { exact: true })).toHaveValue('<p>ประชุมวันอาทิตย์</p>');
      await axe(bees);

      // She merges (Ann's title, her body) and saves on top of Ann's version.
      await bees.getByLabel('หัวข้อ', { exact: true }).fill(`ประชุมใหญ่สามัญ ${stamp}`);
      await bees.getByRole('button', { name: 'บันทึก', exact: true }).click();
      await expect(bees.getByText('บันทึกเนื้อหาแล้ว')).toBeVisible();
      await expect(bees.getByLabel('เนื้อหา', { exact: true })).toHaveValue('<p>ประชุมวันอาทิตย์</p>');
    } finally {
      await other.context.close();
    }

    // Ann looks at the revisions: the first text, what the next save changed, and restores it.
    await page.goto(`/staff/content/${no}`);
    await page.getByRole('link', { name: 'ประวัติการแก้ไข' }).click();
    await expect(page.getByRole('heading', { level: 1, name: `ประวัติการแก้ไข: ประชุมใหญ่สามัญ ${stamp}` })).toBeVisible();
    await axe();
    await page.getByRole('link', { name: `ฉบับที่ 1: ประชุมใหญ่ ${stamp}` }).click();
    await expect(page.getByRole('heading', { name: 'ฉบับที่ 1', exact: true })).toBeVisible();
    await expect(page.getByRole('group', { name: 'หัวข้อ: สิ่งที่แก้ไข' }).locator('ins')).toContainText('สามัญ');
    await axe();
    await page.getByRole('button', { name: /^นำฉบับนี้กลับมาใช้/ }).click();
    await expect(page.getByText('นำฉบับที่ 1 กลับมาใช้แล้ว')).toBeVisible();
    await expect(page.getByLabel('หัวข้อ', { exact: true })).toHaveValue(`ประชุมใหญ่ ${stamp}`);
    await expect(page.getByLabel('เนื้อหา', { exact: true })).toHaveValue('<p>ประชุมวันเสาร์</p>');
    // The restore kept what it replaced.
    await page.getByRole('link', { name: 'ประวัติการแก้ไข' }).click();
    await expect(page.getByRole('link', { name: /^ฉบับที่ 3: / })).toBeVisible();
  });

  test('an item deleted to the trash leaves the public site at once and comes back restored', async ({
    page,
    axe,
    browser,
  }) => {
    test.slow();
    const stamp = `ถังขยะ${Date.now().toString(36)}`;
    const title = `ประกาศปันผล ${stamp}`;
    const editor = await signInNewStaff(page, 'editor');
    const no = await newItem(page, axe, title, `<p>ปันผลร้อยละหก ${stamp}</p>`);
    await page.getByRole('button', { name: 'เผยแพร่', exact: true }).click();
    await expect(page.getByText('เผยแพร่เนื้อหาแล้ว')).toBeVisible();
    await axe();

    // A visitor with an empty browser cache each time: public pages may be kept by browsers for a minute.
    const visit = async (check: (page: Page) => Promise<void>) => {
      const context = await browser.newContext();
      try {
        await check(await context.newPage());
      } finally {
        await context.close();
      }
    };
    const shown = async (visible: boolean) =>
      visit(async (visitor) => {
        if (visible) {
          await visitor.goto(`/show/${no}`);
          await expect(visitor.getByRole('heading', { level: 1, name: title })).toBeVisible();
        } else {
          expect((await visitor.request.get(`/show/${no}`)).status()).toBe(404);
        }
        await visitor.goto('/list/news');
        await expect(visitor.getByRole('link', { name: title })).toHaveCount(visible ? 1 : 0);
        await visitor.goto(`/search?q=${encodeURIComponent(stamp)}`);
        await expect(visitor.getByRole('main').getByRole('link', { name: title })).toHaveCount(visible ? 1 : 0);
      });
    await shown(true);

    await page.getByRole('button', { name: 'ย้ายไปถังขยะ' }).click();
    await expect(page).toHaveURL(/\/staff\/content$/);
    await expect(page.getByText(`ย้าย “${title}” ไปถังขยะแล้ว`)).toBeVisible();
    await expect(page.getByRole('link', { name: title })).toHaveCount(0);
    await axe();
    // Gone from the public site and search at once.
    await shown(false);
    expect((await page.request.get(`/staff/content/${no}`)).status()).toBe(404);

    await page.getByRole('navigation', { name: 'งานเนื้อหาเว็บไซต์' }).getByRole('link', { name: 'ถังขยะ' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'ถังขยะ' })).toBeVisible();
    const row = page.getByRole('listitem').filter({ hasText: title });
    await expect(row).toContainText(`โดย ${editor.username}`);
    await expect(row).toContainText('กู้คืนได้ถึง');
    await axe();
    await row.getByRole('button', { name: `กู้คืน ${title}` }).click();
    await expect(page.getByText(`กู้คืน “${title}” แล้ว`)).toBeVisible();
    await expect(page.getByRole('heading', { name: 'สถานะ: เผยแพร่แล้ว' })).toBeVisible();
    await axe();
    await shown(true);
    // Out of the other specs' way again: they expect the seeded news first on the home page.
    await page.getByRole('button', { name: 'ย้ายไปถังขยะ' }).click();
    await expect(page.getByText(`ย้าย “${title}” ไปถังขยะแล้ว`)).toBeVisible();
  });
});

test.describe('removals that cannot be undone ask first', () => {
  // In http mode the menu belongs to the core.
  test(
    'deleting a menu entry with submenus asks, names the submenus, and deletes once confirmed',
    { tag: '@embedded' },
    async ({ page, axe, javaScriptEnabled }) => {
      test.slow();
      const stamp = Date.now().toString(36);
      const name = `เมนูแม่ ${stamp}`;
      await signInNewStaff(page, 'editor');
      await page.goto('/staff/menu');
      const add = page.getByRole('region', { name: 'เพิ่มเมนูหลัก' });
      await add.getByLabel('ชื่อเมนู').fill(name);
      await add.getByRole('button', { name: 'เพิ่มเมนูหลัก' }).click();
      await expect(page.getByText('บันทึกเมนูแล้ว')).toBeVisible();
      const addSub = page.getByRole('region', { name: 'เพิ่มเมนูย่อย' });
      await addSub.getByLabel('อยู่ใต้เมนู').selectOption({ label: name });
      await addSub.getByLabel('ชื่อเมนูย่อย').fill(`ลูก ${stamp}`);
      await addSub.getByLabel('ลิงก์').fill('/list/news');
      await addSub.getByRole('button', { name: 'เพิ่มเมนูย่อย' }).click();
      await expect(page.getByText('บันทึกเมนูแล้ว')).toBeVisible();

      const entry = page.getByRole('region', { name, exact: true });
      const remove = async () =>
        (
          await confirmTrigger(entry.getByRole('button', { name: `ลบ เมนู ${name} และเมนูย่อยทั้งหมด` }), javaScriptEnabled)
        ).click();
      // Cancelled first: nothing goes.
      await remove();
      const question = javaScriptEnabled ? page.getByRole('alertdialog') : page.getByRole('main');
      await expect(question.getByRole('heading', { name: `ลบเมนู ${name} และเมนูย่อยทั้งหมด?` })).toBeVisible();
      await expect(question.getByRole('listitem').filter({ hasText: `ลูก ${stamp}` })).toBeVisible();
      await axe();
      if (javaScriptEnabled) await question.getByRole('button', { name: 'ยกเลิก' }).click();
      else await question.getByRole('link', { name: 'ยกเลิก' }).click();
      await expect(entry).toBeVisible();
      await expect(page.getByRole('alertdialog')).toHaveCount(0);

      await remove();
      await question.getByRole('button', { name: 'ยืนยันการลบ' }).click();
      await expect(page.getByText('ลบรายการแล้ว')).toBeVisible();
      await expect(page.getByRole('region', { name, exact: true })).toHaveCount(0);
      await expect(page.getByRole('heading', { name: `ลูก ${stamp}` })).toHaveCount(0);
    },
  );

  test('disabling or resetting a colleague asks first, saying what happens', async ({
    page,
    axe,
    javaScriptEnabled,
  }) => {
    test.slow();
    const admin = await createStaffAccount('admin');
    const colleague = await createStaffAccount('editor');
    await staffLogin(page, admin);
    await page.goto('/staff/accounts');
    const row = page.getByRole('row').filter({ has: page.getByRole('rowheader', { name: colleague.username }) });
    const question = javaScriptEnabled ? page.getByRole('alertdialog') : page.getByRole('main');

    await (
      await confirmTrigger(row.getByRole('button', { name: `ปิดใช้งาน ${colleague.username}` }), javaScriptEnabled)
    ).click();
    await expect(question.getByRole('heading', { name: `ปิดใช้งานบัญชี ${colleague.username}?` })).toBeVisible();
    await expect(question.getByText(/จะออกจากระบบทันทีในทุกอุปกรณ์/)).toBeVisible();
    await axe();
    await question.getByRole('button', { name: 'ยืนยันการปิดใช้งาน' }).click();
    await expect(page.getByText(`ปิดใช้งานบัญชี ${colleague.username} แล้ว`)).toBeVisible();
    await expect(row.getByRole('cell', { name: 'ปิดใช้งาน', exact: true })).toBeVisible();

    await row.getByRole('button', { name: `ตั้งค่าบัญชีใหม่ ${colleague.username}` }).click();
    await expect(question.getByRole('heading', { name: `ตั้งค่าบัญชี ${colleague.username} ใหม่?` })).toBeVisible();
    await expect(question.getByText(/รหัสผ่านและแอปยืนยันตัวตนเดิม/)).toBeVisible();
    if (javaScriptEnabled) {
      // Escape closes the dialog: nothing was done.
      await page.keyboard.press('Escape');
      await expect(page.getByRole('alertdialog')).toHaveCount(0);
      await row.getByRole('button', { name: `ตั้งค่าบัญชีใหม่ ${colleague.username}` }).click();
    }
    await question.getByRole('button', { name: 'ยืนยันการตั้งค่าบัญชีใหม่' }).click();
    await expect(page.getByText(`ตั้งค่าบัญชี ${colleague.username} ใหม่แล้ว`)).toBeVisible();
    await expect(page.getByTestId('enrol-link')).toContainText('/staff/enrol');
  });
});

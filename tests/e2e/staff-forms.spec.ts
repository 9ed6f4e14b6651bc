import type { Page } from '@playwright/test';

import { expect, test } from './fixtures';
import { signInNewStaff } from './staff-fixture';

/**
 * The back office's hydrating pages check their forms with the action's own zod schema (ADR 128):
 * with JavaScript in the browser before anything is sent, without it on the server; the words, the
 * error summary and the fields' wiring are the same either way. Each test runs with JavaScript on and off.
 */

/** The POSTs the page sends from now on. */
function countPosts(page: Page): () => number {
  let posts = 0;
  page.on('request', (request) => {
    if (request.method() === 'POST') posts += 1;
  });
  return () => posts;
}

test.describe('the hydrating staff pages check their forms with the action’s schema', () => {
  test('a new staff account with wrong names is refused field by field, before it is sent when scripts run', async ({
    page,
    axe,
    javaScriptEnabled,
    allowConsoleError,
  }) => {
    allowConsoleError(/status of 400/);
    const admin = await signInNewStaff(page, 'admin');
    await page.goto('/staff/accounts');
    const create = page.getByRole('region', { name: 'เพิ่มบัญชีเจ้าหน้าที่' });
    const posts = countPosts(page);
    await create.getByLabel('ชื่อผู้ใช้', { exact: true }).fill('9 ผิด');
    await create.getByRole('button', { name: 'สร้างบัญชีและลิงก์ตั้งค่า' }).click();

    const summary = page.getByRole('alert').filter({ hasText: 'มีข้อผิดพลาด' });
    await expect(summary.getByRole('link', { name: /ชื่อผู้ใช้ต้องขึ้นต้นด้วยอักษรภาษาอังกฤษตัวเล็ก/ })).toBeVisible();
    await expect(summary.getByRole('link', { name: 'กรุณากรอกชื่อที่แสดง (ไม่เกิน 100 ตัวอักษร)' })).toBeVisible();
    const username = create.getByLabel('ชื่อผู้ใช้', { exact: true });
    await expect(username).toHaveAttribute('aria-invalid', 'true');
    await expect(username).toHaveAccessibleDescription(/ชื่อผู้ใช้ต้องขึ้นต้นด้วยอักษรภาษาอังกฤษตัวเล็ก/);
    // What was typed stays in the field.
    await expect(username).toHaveValue('9 ผิด');
    expect(posts()).toBe(javaScriptEnabled ? 0 : 1);
    await axe();

    // The summary's link leads to the field.
    await summary.getByRole('link', { name: /ชื่อผู้ใช้ต้องขึ้นต้น/ }).click();
    await expect(username).toBeFocused();

    // A username already taken is for the server to say, on the same field.
    await username.fill(admin.username);
    await create.getByLabel('ชื่อที่แสดง').fill('ชื่อซ้ำ');
    await create.getByRole('button', { name: 'สร้างบัญชีและลิงก์ตั้งค่า' }).click();
    await expect(summary.getByRole('link', { name: 'มีบัญชีเจ้าหน้าที่ชื่อผู้ใช้นี้อยู่แล้ว' })).toBeVisible();
    await expect(create.getByLabel('ชื่อผู้ใช้', { exact: true })).toHaveAccessibleDescription(/มีบัญชีเจ้าหน้าที่ชื่อผู้ใช้นี้อยู่แล้ว/);
    await expect(summary.getByText(/ชื่อที่แสดง/)).toHaveCount(0);
    await axe();
  });

  // In http mode the menu belongs to the core.
  test(
    'a menu form with a wrong phone number is refused by its fields, before it is sent when scripts run',
    { tag: '@embedded' },
    async ({ page, axe, javaScriptEnabled, allowConsoleError }) => {
      allowConsoleError(/status of 400/);
      await signInNewStaff(page, 'editor');
      await page.goto('/staff/menu');
      const phones = page.getByRole('region', { name: 'เบอร์โทรศัพท์ท้ายเว็บไซต์' });
      const posts = countPosts(page);
      await phones.getByLabel('ข้อความที่แสดง').last().fill('สายด่วน');
      await phones.getByLabel('หมายเลขโทรศัพท์').last().fill('โทรมาได้เลย');
      await phones.getByLabel('ลำดับ').last().fill('ก');
      await phones.getByRole('button', { name: 'เพิ่มเบอร์โทรศัพท์' }).click();

      const summary = page.getByRole('alert').filter({ hasText: 'มีข้อผิดพลาด' });
      await expect(summary.getByRole('link')).toHaveText([
        'กรุณากรอกหมายเลขโทรศัพท์ เช่น 02-123-4567',
        'ลำดับต้องเป็นตัวเลข 0 ถึง 999',
      ]);
      const phone = phones.getByLabel('หมายเลขโทรศัพท์').last();
      await expect(phone).toHaveAttribute('aria-invalid', 'true');
      await expect(phone).toHaveAccessibleDescription(/กรุณากรอกหมายเลขโทรศัพท์ เช่น 02-123-4567/);
      await expect(phone).toHaveValue('โทรมาได้เลย');
      expect(posts()).toBe(javaScriptEnabled ? 0 : 1);
      await axe();
    },
  );
});

import type { Page } from '@playwright/test';
import sharp from 'sharp';

import { expect, frontDatabase, test } from './fixtures';
import { bangkokDate, expectNotPublic, fillDraft, saveDraft, signInNewStaff, visit } from './staff-fixture';

/**
 * Scheduled publishing and the preview before saving (ADR 120); pictures' alternative text and the
 * media list (ADR 121). JavaScript on and off (the projects).
 */

const picture = (background: string) =>
  sharp({ create: { width: 800, height: 450, channels: 3, background } })
    .jpeg()
    .toBuffer();

async function unpublish(page: Page, no: number) {
  await page.goto(`/staff/content/${no}`);
  await page.getByRole('button', { name: 'ยกเลิกการเผยแพร่' }).click();
  await expect(page.getByText('ยกเลิกการเผยแพร่แล้ว')).toBeVisible();
}

// In http mode content belongs to the core.
test.describe('drafts, scheduling and preview', { tag: '@embedded' }, () => {
  test('an item scheduled for tomorrow is on no public page until its time, and the staff list says scheduled', async ({
    page,
    axe,
    browser,
  }) => {
    await signInNewStaff(page, 'editor');
    const stamp = `ตั้งเวลา${Date.now().toString(36)}`;
    const title = `ประกาศเงินปันผลล่วงหน้า ${stamp}`;
    await fillDraft(page, axe, { title, date: bangkokDate(Date.now() + 24 * 3_600_000), time: '08:00' });
    const no = await saveDraft(page, axe);

    // Publishing it schedules it: the button and the notice say when it shows.
    await expect(page.getByText(/เนื้อหาจะแสดงบนเว็บไซต์ตั้งแต่/).first()).toBeVisible();
    await page.getByRole('button', { name: 'ตั้งเวลาเผยแพร่', exact: true }).click();
    await expect(page.getByText(/ตั้งเวลาเผยแพร่แล้ว เนื้อหาจะแสดงบนเว็บไซต์ตั้งแต่ .*25\d\d/)).toBeVisible();
    await expect(page.getByRole('heading', { name: 'สถานะ: ตั้งเวลาเผยแพร่' })).toBeVisible();
    await axe();

    await expectNotPublic(browser, { no, title, words: stamp });

    await page.goto(`/staff/content?state=scheduled&q=${encodeURIComponent(stamp)}`);
    const row = page.getByRole('listitem').filter({ has: page.getByRole('link', { name: title }) });
    await expect(row.getByText('ตั้งเวลาเผยแพร่', { exact: true })).toBeVisible();
    await axe();

    // Its time comes (moved to a minute ago in the store, as the clock would): it shows at once.
    await frontDatabase()
      .updateTable('content_items')
      .set({ posted_at: Date.now() - 60_000 })
      .where('no', '=', no)
      .execute();
    await visit(browser, async (visitor) => {
      await visitor.goto('/list/news');
      await expect(visitor.getByRole('link', { name: title })).toBeVisible();
      await visitor.goto(`/show/${no}`);
      await expect(visitor.getByRole('heading', { level: 1, name: title })).toBeVisible();
    });
    await unpublish(page, no);
  });

  test('ดูตัวอย่าง shows the typed fields as the public page would, in a new tab, without saving them', async ({
    page,
    axe,
  }) => {
    await signInNewStaff(page, 'editor');
    const stamp = `ตัวอย่าง${Date.now().toString(36)}`;
    await fillDraft(page, axe, { title: `หัวข้อที่บันทึกแล้ว ${stamp}` });
    const no = await saveDraft(page, axe);

    const typed = `หัวข้อที่ยังไม่บันทึก ${stamp}`;
    await page.getByLabel('หัวข้อ', { exact: true }).fill(typed);
    await page.getByLabel('เนื้อหา', { exact: true }).fill('<h2>ส่วนใหม่</h2><p>ข้อความ</p><script>alert(1)</script>');
    const [preview] = await Promise.all([
      page.context().waitForEvent('page'),
      page.getByRole('button', { name: 'ดูตัวอย่าง' }).click(),
    ]);
    await preview.waitForLoadState();
    await expect(preview.getByRole('heading', { level: 1, name: typed })).toBeVisible();
    await expect(preview.getByRole('heading', { level: 2, name: 'ส่วนใหม่' })).toBeVisible();
    await expect(preview.getByText(/ตัวอย่างก่อนบันทึก/)).toBeVisible();
    expect(await preview.locator('main script').count()).toBe(0);
    await axe(preview);
    await preview.close();

    // This tab keeps what was typed; nothing was saved.
    await expect(page.getByLabel('หัวข้อ', { exact: true })).toHaveValue(typed);
    const stored = await page.request.get(`/staff/content/${no}`);
    expect(await stored.text()).toContain(`หัวข้อที่บันทึกแล้ว ${stamp}`);
    expect(await stored.text()).not.toContain(typed);
    await axe();
  });

  test('pictures without alternative text keep an item from being published; a picture is reused from the media list', async ({
    page,
    axe,
    browser,
  }) => {
    const editor = await signInNewStaff(page, 'editor');
    const stamp = `ภาพ${Date.now().toString(36)}`;
    const title = `ภาพกิจกรรมปลูกป่า ${stamp}`;
    await fillDraft(page, axe, { title });
    await page
      .getByLabel('ไฟล์แนบ (ไม่บังคับ)')
      .setInputFiles({ name: 'photo.jpg', mimeType: 'image/jpeg', buffer: await picture('#4a7c59') });
    const no = await saveDraft(page, axe);

    // The gallery picture has no text: publishing is refused, and the panel says what is missing.
    await expect(page.getByText('กรุณากรอกคำอธิบายภาพที่ 1 ในแกลเลอรี ก่อนเผยแพร่')).toBeVisible();
    await page.getByRole('button', { name: 'เผยแพร่', exact: true }).click();
    await expect(page.getByText(/ยังเผยแพร่ไม่ได้/)).toBeVisible();
    await expect(page.getByRole('heading', { name: 'สถานะ: ฉบับร่าง' })).toBeVisible();

    const alt = `สมาชิกร่วมปลูกต้นไม้ริมคลอง ${stamp}`;
    await page.getByLabel('คำอธิบายภาพที่ 1').fill(alt);
    await page.getByRole('button', { name: 'บันทึกคำอธิบายภาพที่ 1' }).click();
    await expect(page.getByText('บันทึกคำอธิบายภาพแล้ว')).toBeVisible();
    await page.getByRole('button', { name: 'เผยแพร่', exact: true }).click();
    await expect(page.getByText('เผยแพร่เนื้อหาแล้ว')).toBeVisible();
    await visit(browser, async (visitor) => {
      await visitor.goto(`/show/${no}`);
      await expect(visitor.getByRole('img', { name: alt })).toBeVisible();
    });

    // Another item takes the same picture as its cover from the media list, its text with it.
    await fillDraft(page, axe, { title: `ข่าวย้อนหลัง ${stamp}` });
    const other = await saveDraft(page, axe);
    await page.getByRole('link', { name: 'คลังสื่อ: ใช้รูปหรือไฟล์ที่อัปโหลดไว้แล้ว' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'คลังสื่อ' })).toBeVisible();
    await axe();
    const entry = page.getByRole('listitem').filter({ hasText: alt });
    await entry.getByRole('button', { name: 'ใช้เป็นรูปหน้าปก' }).click();
    await expect(page).toHaveURL(new RegExp(`/staff/content/${other}$`));
    await expect(page.getByText('เพิ่มไฟล์จากคลังสื่อแล้ว')).toBeVisible();
    await expect(page.getByLabel('คำอธิบายรูปหน้าปก')).toHaveValue(alt);
    await expect(page.getByRole('img', { name: 'รูปหน้าปกปัจจุบัน' })).toBeVisible();

    // The upload, the text and the reuse are on record, each with the editor and the item.
    const events = await frontDatabase()
      .selectFrom('audit_events')
      .select(['type', 'detail'])
      .where('actor', '=', editor.username)
      .where('type', 'in', ['staff_content_upload', 'staff_content_photo_alt', 'staff_content_media_reuse'])
      .orderBy('id')
      .execute();
    expect(events.map((e) => e.type)).toEqual([
      'staff_content_upload',
      'staff_content_photo_alt',
      'staff_content_media_reuse',
    ]);
    expect(events[0]!.detail).toMatch(
      new RegExp(`^target=content ${no} attachment content/\\d{4}/\\d{2}/[0-9a-f]{24}\\.jpg$`),
    );
    expect(events[2]!.detail).toMatch(new RegExp(`^target=content ${other} cover `));
    await unpublish(page, no);
  });
});

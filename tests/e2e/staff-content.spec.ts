import sharp from 'sharp';

import { E2E_HTTP_MODE, expect, test } from './fixtures';
import { expectNotPublic, signInNewStaff, visit } from './staff-fixture';

const PDF = Buffer.from(
  '%PDF-1.4\n1 0 obj << /Type /Catalog /Pages 2 0 R >> endobj\n2 0 obj << /Type /Pages /Kids [] /Count 0 >> endobj\n' +
    'trailer << /Root 1 0 R >>\n%%EOF\n',
);

// In http mode content belongs to the core.
test.describe('the editor publishes content', { tag: '@embedded' }, () => {
  test('a news item with a picture and a PDF shows on the home page, its list and in search; unpublished it goes @pg', async ({
    page,
    axe,
    browser,
    allowConsoleError,
  }) => {
    test.slow(); // many pages, each checked by axe, on shared machines
    // A refused form answers 400, which the browser reports on its console.
    allowConsoleError(/status of 400/);
    await signInNewStaff(page, 'editor', { axe });
    const stamp = `ตรวจ${Date.now().toString(36)}`;
    const title = `ประกาศเปิดรับสมัครทุนการศึกษา ${stamp}`;

    await page.goto('/staff/content');
    await axe();
    await page.getByRole('link', { name: 'เพิ่มเนื้อหา' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'เพิ่มเนื้อหา' })).toBeVisible();
    await axe();

    // The publish date starts as now, in Buddhist era.
    const today = await page.getByLabel('วันที่เผยแพร่').inputValue();
    expect(today).toMatch(/^\d{2}\/\d{2}\/25\d{2}$/);
    // A form without a title or category is refused with a summary that leads to each field.
    await page.getByLabel('วันที่เผยแพร่').fill('31/02/2569');
    await page.getByRole('button', { name: 'บันทึกเป็นฉบับร่าง' }).click();
    const summary = page.getByRole('alert').filter({ hasText: 'มีข้อผิดพลาด' });
    await expect(summary.getByRole('link', { name: 'กรุณาเลือกหมวดหมู่' })).toBeVisible();
    await expect(summary.getByRole('link', { name: 'กรุณากรอกหัวข้อ' })).toBeVisible();
    await expect(summary.getByRole('link', { name: /วันที่เผยแพร่/ })).toBeVisible();
    await expect(page.getByLabel('หัวข้อ', { exact: true })).toHaveAttribute('aria-invalid', 'true');
    await axe();

    const picture = await sharp({ create: { width: 1200, height: 675, channels: 3, background: '#2a6f97' } })
      .jpeg()
      .toBuffer();
    await page.getByLabel('หมวดหมู่').selectOption({ label: 'ข่าวประชาสัมพันธ์' });
    await page.getByLabel('หัวข้อ', { exact: true }).fill(title);
    await page.getByLabel('คำโปรย (ไม่บังคับ)').fill(`รับสมัครถึงสิ้นเดือน ${stamp}`);
    await page
      .getByLabel('เนื้อหา', { exact: true })
      .fill(`<h2>คุณสมบัติ</h2><p>บุตรของสมาชิก <b>${stamp}</b></p><script>alert(1)</script>`);
    await page.getByLabel('วันที่เผยแพร่').fill(today);
    await page
      .getByLabel('รูปหน้าปก (ไม่บังคับ)')
      .setInputFiles({ name: 'cover.jpg', mimeType: 'image/jpeg', buffer: picture });
    await page
      .getByLabel('ไฟล์แนบ (ไม่บังคับ)')
      .setInputFiles({ name: 'form.pdf', mimeType: 'application/pdf', buffer: PDF });
    await page.getByLabel('คำอธิบายรูปหน้าปก').fill(`นักเรียนรับทุนการศึกษา ${stamp}`);
    await page.getByLabel('ชื่อไฟล์แนบหรือคำอธิบายรูป').fill('ใบสมัครทุน');
    await page.getByRole('button', { name: 'บันทึกเป็นฉบับร่าง' }).click();

    await expect(page).toHaveURL(/\/staff\/content\/\d+$/);
    const no = Number(/(\d+)$/.exec(page.url())![1]);
    await expect(page.getByText('เพิ่มเนื้อหาเป็นฉบับร่างแล้ว')).toBeVisible();
    await expect(page.getByRole('heading', { name: 'สถานะ: ฉบับร่าง' })).toBeVisible();
    await expect(page.getByRole('link', { name: 'ใบสมัครทุน' })).toBeVisible();
    await axe();

    // A draft is not public, but its preview shows the sanitised body.
    expect((await page.request.get(`/show/${no}`)).status()).toBe(404);
    await page.getByRole('link', { name: 'ตัวอย่างก่อนเผยแพร่' }).click();
    await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();
    await expect(page.getByRole('heading', { level: 2, name: 'คุณสมบัติ' })).toBeVisible();
    expect(await page.locator('main script').count()).toBe(0);
    await axe();
    await page.getByRole('link', { name: 'กลับไปแก้ไข' }).click();

    await page.getByRole('button', { name: 'เผยแพร่', exact: true }).click();
    await expect(page.getByText('เผยแพร่เนื้อหาแล้ว')).toBeVisible();
    await expect(page.getByRole('heading', { name: 'สถานะ: เผยแพร่แล้ว' })).toBeVisible();

    // At once on the public site: home, the news list, the item with its picture and PDF, search.
    await visit(browser, async (page) => {
      await page.goto('/home');
      await expect(page.getByRole('link', { name: title }).first()).toBeVisible();
      await page.goto('/list/news');
      await expect(page.getByRole('link', { name: title })).toBeVisible();
      await expect(page.getByText(`รับสมัครถึงสิ้นเดือน ${stamp}`)).toBeVisible();
      await page.goto(`/show/${no}`);
      await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();
      const cover = page.locator('.content-item__cover img, img.content-item__cover').first();
      const src = await cover.getAttribute('src');
      await expect(cover).toHaveAttribute('alt', `นักเรียนรับทุนการศึกษา ${stamp}`);
      expect(src).toMatch(/^\/mediafiles\/content\/\d{4}\/\d{2}\/[0-9a-f]{24}\.jpg$/);
      const served = await page.request.get(src!);
      expect(served.headers()['content-type']).toBe('image/jpeg');
      const pdfLink = page.getByRole('link', { name: /ใบสมัครทุน/ });
      const pdf = await page.request.get((await pdfLink.getAttribute('href'))!);
      expect(pdf.headers()['content-type']).toBe('application/pdf');
      expect(Buffer.from(await pdf.body()).equals(PDF)).toBe(true);
      await page.goto(`/search?q=${encodeURIComponent(stamp)}`);
      await expect(page.getByRole('main').getByRole('link', { name: title })).toBeVisible();
    });

    // Unpublished, it goes from every public page at once.
    await page.goto(`/staff/content/${no}`);
    await page.getByRole('button', { name: 'ยกเลิกการเผยแพร่' }).click();
    await expect(page.getByText('ยกเลิกการเผยแพร่แล้ว')).toBeVisible();
    await expectNotPublic(browser, { no, title, words: stamp });

    // The editors' list finds it by its title, as a draft.
    await page.goto(`/staff/content?q=${encodeURIComponent(stamp)}`);
    await expect(page.getByRole('link', { name: title })).toBeVisible();
    await axe();
  });

  test('the menu editor hides an entry and edits the footer phones; the opening hours change at once', async ({
    page,
    axe,
    browser,
    allowConsoleError,
  }) => {
    test.slow();
    allowConsoleError(/status of 400/);
    await signInNewStaff(page, 'editor');
    const stamp = Date.now().toString(36);

    await page.goto('/staff/menu');
    await axe();
    const add = page.getByRole('region', { name: 'เพิ่มเมนูหลัก' });
    await add.getByLabel('ชื่อเมนู').fill(`เมนูทดสอบ ${stamp}`);
    await add.getByLabel('ลิงก์').fill('//evil.example');
    await add.getByRole('button', { name: 'เพิ่มเมนูหลัก' }).click();
    await expect(page.getByRole('alert').getByRole('link', { name: /ลิงก์ต้องเป็นที่อยู่ในเว็บไซต์นี้/ })).toBeVisible();
    await axe();
    await add.getByLabel('ลิงก์').fill('/list/news');
    await add.getByLabel('มีเมนูย่อย').uncheck();
    await add.getByRole('button', { name: 'เพิ่มเมนูหลัก' }).click();
    await expect(page.getByText('บันทึกเมนูแล้ว')).toBeVisible();

    await visit(browser, async (page) => {
      await page.goto('/home');
      await expect(page.getByRole('link', { name: `เมนูทดสอบ ${stamp}` }).first()).toBeAttached();
    });

    await page.goto('/staff/menu');
    const entry = page.getByRole('region', { name: `เมนูทดสอบ ${stamp}` });
    await entry.getByLabel('แสดงบนเว็บไซต์').uncheck();
    await entry.getByRole('button', { name: `บันทึกเมนู เมนูทดสอบ ${stamp}` }).click();
    await expect(page.getByRole('heading', { name: `เมนูทดสอบ ${stamp} (ซ่อนอยู่)` })).toBeVisible();
    await visit(browser, async (page) => {
      await page.goto('/home');
      await expect(page.getByRole('link', { name: `เมนูทดสอบ ${stamp}` })).toHaveCount(0);
    });

    await page.goto('/staff/menu');
    await page
      .getByRole('region', { name: `เมนูทดสอบ ${stamp} (ซ่อนอยู่)` })
      .getByRole('button', { name: /^ลบ เมนู/ })
      .click();
    await expect(page.getByText('ลบรายการแล้ว')).toBeVisible();

    const phones = page.getByRole('region', { name: 'เบอร์โทรศัพท์ท้ายเว็บไซต์' });
    await phones.getByLabel('ข้อความที่แสดง').last().fill(`สายด่วน ${stamp}`);
    await phones.getByLabel('หมายเลขโทรศัพท์').last().fill('02-999-0000');
    await phones.getByRole('button', { name: 'เพิ่มเบอร์โทรศัพท์' }).click();
    await expect(page.getByText('บันทึกเมนูแล้ว')).toBeVisible();
    await visit(browser, async (page) => {
      await page.goto('/home');
      await expect(page.getByRole('contentinfo').getByRole('link', { name: `สายด่วน ${stamp}` })).toHaveAttribute(
        'href',
        'tel:029990000',
      );
    });

    await page.goto('/staff/home');
    await axe();
    const line = `เปิดให้บริการทุกวันทำการ ${stamp}`;
    await page.getByLabel('ข้อความเวลาทำการ').fill(line);
    await page.getByRole('button', { name: 'บันทึกเวลาทำการ' }).click();
    await expect(page.getByText('บันทึกเวลาทำการแล้ว')).toBeVisible();
    await visit(browser, async (page) => {
      await page.goto('/home');
      await expect(page.getByRole('contentinfo').getByText(line)).toBeVisible();
    });
    // Back to the configured line for the other tests.
    await page.goto('/staff/home');
    await page.getByLabel('ข้อความเวลาทำการ').fill('');
    await page.getByRole('button', { name: 'บันทึกเวลาทำการ' }).click();
    await expect(page.getByText('บันทึกเวลาทำการแล้ว')).toBeVisible();
    // The phone goes too.
    await page.goto('/staff/menu');
    await page.getByRole('button', { name: `ลบ เบอร์ สายด่วน ${stamp}` }).click();
    await expect(page.getByText('ลบรายการแล้ว')).toBeVisible();
  });
});

test.describe('in http mode', () => {
  test.skip(!E2E_HTTP_MODE, 'only the http-mode site says so');

  test('the editors’ pages say plainly that content belongs to the core', async ({ page, axe }) => {
    await signInNewStaff(page, 'editor');
    for (const path of ['/staff/content', '/staff/menu', '/staff/home']) {
      await page.goto(path);
      await expect(page.getByText(/เนื้อหา เมนู แบนเนอร์ และเวลาทำการอยู่ที่ระบบหลัก/)).toBeVisible();
      await expect(page.locator('main form')).toHaveCount(0);
      await axe();
    }
    await page.goto('/staff/content/new');
    await expect(page).toHaveURL(/\/staff\/content$/);
  });
});

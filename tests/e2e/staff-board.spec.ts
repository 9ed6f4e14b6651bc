import { randomUUID } from 'node:crypto';

import type { Browser, Locator, Page } from '@playwright/test';

import { database, E2E_HTTP_MODE, expect, fillTopic, frontDatabase, test } from './fixtures';
import { postsAwaitingReview, signInNewStaff } from './staff-fixture';

/**
 * The moderator's part of the back office (ADR 062): the queue, hiding and restoring, the
 * cooperative's answer, closing a topic and the block list, seen from both sides.
 */

const BLOCKED = 'ขออภัย ขณะนี้ระบบไม่สามารถรับข้อความจากการเชื่อมต่อของท่านได้ หากต้องการสอบถาม โปรดติดต่อสหกรณ์โดยตรง';
const CLOSED = 'กระทู้นี้ปิดแล้ว ไม่รับคำตอบเพิ่ม';
const OFFICIAL = 'คำตอบจากสหกรณ์';

const uniqueTitle = (what: string) => `${what} ${randomUUID().slice(0, 8)}`;

/** A new topic titled `what` and a unique ending, as a visitor's would be stored: in the moderators' queue. */
async function storeTopic(what: string): Promise<{ id: number; title: string }> {
  const title = uniqueTitle(what);
  const row = await database()
    .insertInto('board_topics')
    .values({ title, body: `${title}: รายละเอียดของคำถาม`, display_name: 'ผู้เยี่ยมชม', created_at: Date.now(), hidden: 0 })
    .returning('id')
    .executeTakeFirstOrThrow();
  return { id: Number(row.id), title };
}

/** The queue page (20 a page) that holds a topic when the queue is shown oldest first (`?order=oldest`). */
async function queuePage(id: number): Promise<number> {
  const topic = await database()
    .selectFrom('board_topics')
    .select('created_at')
    .where('id', '=', id)
    .executeTakeFirstOrThrow();
  return Math.max(1, Math.ceil((await postsAwaitingReview(topic.created_at)) / 20));
}

async function auditRows(type: string, target: string) {
  const rows = await frontDatabase()
    .selectFrom('audit_events')
    .select(['type', 'detail'])
    .where('type', '=', type)
    .execute();
  return rows.filter((r) => r.detail?.includes(`target=${target}`));
}

/** The hide/restore (or block) disclosure of a post on the moderator's topic page. */
async function openDisclosure(scope: Locator, summary: string): Promise<Locator> {
  const details = scope.locator('details', { has: scope.page().locator('summary', { hasText: summary }) });
  await details.locator('summary').click();
  return details;
}

/** What a visitor from `address` sees (a proxy in front of the site names it, as TRUST_PROXY allows). */
async function visitor(browser: Browser, address: string, javaScriptEnabled: boolean): Promise<Page> {
  const context = await browser.newContext({
    baseURL: test.info().project.use.baseURL,
    locale: 'th-TH',
    javaScriptEnabled,
    extraHTTPHeaders: { 'X-Forwarded-For': address },
  });
  return context.newPage();
}

// In http mode the board belongs to the core.
test.describe('the moderator (embedded store)', { tag: '@embedded' }, () => {
  // The forms below answer a refused form with 400, which the browser reports on its console.
  test.describe(() => {
    test.beforeEach(({ allowConsoleError }) => allowConsoleError(/status of 400/));

    test('hides a board post with a reason: it leaves /board and /api/info/board; restoring brings it back @pg', async ({
      page,
      axe,
    }) => {
      const { id, title } = await storeTopic('กระทู้ที่ผู้ดูแลจะซ่อน');
      await signInNewStaff(page, 'moderator', { axe });

      // The queue shows the new topic, oldest first: on the page its place in the queue puts it.
      await page.goto(`/staff/board?order=oldest&page=${await queuePage(id)}`);
      await axe();
      await page.getByRole('link', { name: title }).click();
      await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();
      await axe();

      // A reason is required.
      const article = page.locator('article', { has: page.getByRole('heading', { level: 1, name: title }) });
      let hide = await openDisclosure(article, 'ซ่อนกระทู้');
      await hide.getByRole('button', { name: 'ซ่อนกระทู้' }).click();
      hide = article.locator('details[open]');
      await expect(hide.getByText('กรุณาระบุเหตุผล')).toBeVisible();
      await axe();
      await hide.getByLabel('เหตุผล').fill('โฆษณาขายสินค้า');
      await hide.getByRole('button', { name: 'ซ่อนกระทู้' }).click();
      await expect(page.getByText('ซ่อนกระทู้แล้ว กระทู้นี้ไม่แสดงบนเว็บไซต์')).toBeVisible();
      await expect(page.getByText('เหตุผลที่ซ่อน: โฆษณาขายสินค้า')).toBeVisible();
      await axe();

      // Gone from the public board, the topic page and the vendor API.
      const board = await page.request.get('/board');
      expect(await board.text()).not.toContain(title);
      expect((await page.request.get(`/boardShow/${id}`)).status()).toBe(404);
      const api = (await (await page.request.get('/api/info/board')).json()) as { board: { data: { No: string }[] } };
      expect(api.board.data.map((t) => t.No)).not.toContain(String(id));
      const show = (await (await page.request.get(`/api/info/board_show/${id}`)).json()) as { showboard: unknown };
      expect(show.showboard).toBeNull();
      expect(await auditRows('staff_board_hidden', `topic:${id}`)).toEqual([
        expect.objectContaining({ detail: expect.stringContaining('reason=โฆษณาขายสินค้า') }),
      ]);

      // Restored (with a reason): back on the board and in the API.
      const restore = await openDisclosure(article, 'แสดงกระทู้อีกครั้ง');
      await restore.getByLabel('เหตุผล').fill('ตรวจสอบแล้วไม่ใช่โฆษณา');
      await restore.getByRole('button', { name: 'แสดงกระทู้อีกครั้ง' }).click();
      await expect(page.getByText('แสดงกระทู้อีกครั้งแล้ว')).toBeVisible();
      await page.goto('/board');
      await expect(page.getByRole('link', { name: title })).toBeVisible();
      await axe();
      const again = (await (await page.request.get('/api/info/board')).json()) as { board: { data: { No: string }[] } };
      expect(again.board.data.map((t) => t.No)).toContain(String(id));
      expect(await auditRows('staff_board_restored', `topic:${id}`)).toHaveLength(1);
    });

    test('answers as the cooperative (labelled on the public page), closes the topic to answers and reopens it', async ({
      page,
      axe,
    }) => {
      const { id } = await storeTopic('คำถามที่สหกรณ์จะตอบ');
      await signInNewStaff(page, 'moderator');

      await page.goto(`/staff/board/${id}`);
      await axe();
      // The answer form checks its fields.
      await page.getByLabel('ชื่อที่แสดงเป็นผู้ตอบ').fill('');
      await page.getByRole('button', { name: 'ส่งคำตอบจากสหกรณ์' }).click();
      await expect(page.getByText('กรุณากรอกข้อความคำตอบ')).toBeVisible();
      await expect(page.getByText('กรุณากรอกชื่อที่แสดงเป็นผู้ตอบ')).toBeVisible();
      await axe();
      await page.getByLabel('ข้อความคำตอบ').fill('สหกรณ์เปิดรับสมัครถึงสิ้นเดือนนี้ครับ');
      await page.getByLabel('ชื่อที่แสดงเป็นผู้ตอบ').fill('ฝ่ายสินเชื่อ');
      await page.getByRole('button', { name: 'ส่งคำตอบจากสหกรณ์' }).click();
      await expect(page.getByText('บันทึกคำตอบจากสหกรณ์แล้ว')).toBeVisible();
      await axe();

      // Close the topic.
      await page.getByRole('button', { name: 'ปิดกระทู้ (ไม่รับคำตอบเพิ่ม)' }).click();
      await expect(page.getByText('ปิดกระทู้แล้ว ผู้เยี่ยมชมตอบกระทู้นี้ไม่ได้')).toBeVisible();
      await axe();

      // The public page: the official answer with its label, and no answer form.
      await page.goto(`/boardShow/${id}`);
      const answer = page.locator('.answers > li').filter({ hasText: 'สหกรณ์เปิดรับสมัครถึงสิ้นเดือนนี้ครับ' });
      await expect(answer.getByText(OFFICIAL, { exact: true })).toBeVisible();
      await expect(answer).toContainText('โดย ฝ่ายสินเชื่อ');
      await expect(page.getByText(CLOSED)).toBeVisible();
      await expect(page.getByRole('button', { name: 'ส่งคำตอบ' })).toHaveCount(0);
      await axe();
      // The vendor API refuses with its envelope.
      const refused = await page.request.post('/api/info/board_ans', {
        data: { QNo: String(id), QName: 'ผู้เยี่ยมชม', QNote: 'ขอถามต่อครับ' },
      });
      expect(refused.status()).toBe(409);
      expect(await refused.json()).toEqual({ rc_code: '0', rc_des: CLOSED });

      // Reopened: visitors may answer again.
      await page.goto(`/staff/board/${id}`);
      await page.getByRole('button', { name: 'เปิดรับคำตอบอีกครั้ง' }).click();
      await expect(page.getByText('เปิดรับคำตอบอีกครั้งแล้ว')).toBeVisible();
      await page.goto(`/boardShow/${id}`);
      await expect(page.getByRole('button', { name: 'ส่งคำตอบ' })).toBeVisible();
      await axe();
      expect(await auditRows('staff_board_closed', `topic:${id}`)).toHaveLength(1);
      expect(await auditRows('staff_board_reopened', `topic:${id}`)).toHaveLength(1);
    });

    test('a blocked address cannot post, is told no more than that, and can again once the block ends', async ({
      page,
      axe,
      browser,
      javaScriptEnabled,
    }) => {
      // An address of its own per project, so the two projects running at once do not meet.
      const address = javaScriptEnabled ? '198.51.100.201' : '203.0.113.201';
      await signInNewStaff(page, 'moderator');

      await page.goto('/staff/blocks');
      await axe();
      await page.getByRole('button', { name: 'ระงับการโพสต์' }).click();
      await expect(page.getByText('กรุณากรอกที่อยู่ไอพีให้ถูกต้อง เช่น 203.0.113.5 หรือ 2001:db8::1')).toBeVisible();
      await expect(page.getByText('กรุณาระบุเหตุผล')).toBeVisible();
      await axe();
      await page.getByRole('textbox', { name: 'ที่อยู่ไอพี' }).fill(address);
      await page.getByLabel('ระยะเวลา').selectOption('1');
      await page.getByLabel('เหตุผล').fill('ตั้งกระทู้ขายของซ้ำหลายครั้ง');
      await page.getByRole('button', { name: 'ระงับการโพสต์' }).click();
      const masked = `${address.split('.').slice(0, 3).join('.')}.*`;
      await expect(page.getByText(`ระงับการโพสต์จาก ${masked} แล้ว`)).toBeVisible();
      const entry = page.locator('.staff-queue > li', { has: page.getByRole('heading', { name: masked }) });
      await expect(entry).toContainText('ตั้งกระทู้ขายของซ้ำหลายครั้ง');
      // Moderators see only the network part: the full address is not on the page.
      expect(await page.content()).not.toContain(address);
      await axe();

      const title = uniqueTitle('กระทู้จากที่อยู่ที่ถูกระงับ');
      const guest = await visitor(browser, address, javaScriptEnabled);
      await guest.goto('/boardPost');
      await fillTopic(guest, { title, body: 'ขายของราคาถูก', name: 'ร้านค้า' });
      await guest.getByRole('button', { name: 'ตั้งกระทู้' }).click();
      await expect(guest.getByText(BLOCKED).first()).toBeVisible();
      await axe(guest);
      const stored = await database().selectFrom('board_topics').select('id').where('title', '=', title).execute();
      expect(stored).toEqual([]);
      const api = await guest.request.post('/api/info/board_create', {
        data: { Question: title, QNote: 'ขายของ', QName: 'ร้านค้า' },
      });
      expect(api.status()).toBe(403);
      expect(await api.json()).toEqual({ rc_code: '0', rc_des: BLOCKED });

      // The block ends: the same visitor posts again.
      await entry.getByRole('button', { name: /ยกเลิกการระงับ/ }).click();
      await expect(page.getByText(`ยกเลิกการระงับ ${masked} แล้ว`)).toBeVisible();
      await axe();
      await guest.getByRole('button', { name: 'ตั้งกระทู้' }).click();
      await expect(guest.getByRole('heading', { level: 1, name: title })).toBeVisible();
      await axe(guest);

      // Blocking the author from the topic page: no address is typed or shown.
      await page.goto('/staff/board/topics');
      await axe();
      await page.getByRole('link', { name: title }).click();
      await axe();
      const article = page.locator('article', { has: page.getByRole('heading', { level: 1, name: title }) });
      const block = await openDisclosure(article, 'ระงับการโพสต์ของผู้เขียนกระทู้');
      await block.getByLabel('เหตุผล').fill('ขายของอีกครั้ง');
      await block.getByRole('button', { name: 'ระงับผู้เขียนกระทู้' }).click();
      const topicId = /\/staff\/board\/(\d+)/.exec(page.url())?.[1] ?? '';
      await expect(page.getByText(`ระงับการโพสต์จาก ผู้ตั้งกระทู้ #${topicId} แล้ว`)).toBeVisible();
      await axe();
      await guest.goto(`/boardShow/${topicId}`);
      await guest.getByLabel('ข้อความตอบกระทู้').fill('ยังขายอยู่');
      await guest.getByLabel('ชื่อผู้ตอบ').fill('ร้านค้า');
      await guest.getByRole('button', { name: 'ส่งคำตอบ' }).click();
      await expect(guest.getByText(BLOCKED).first()).toBeVisible();
      await guest.context().close();

      await page.goto('/staff/blocks');
      const byAuthor = page.locator('.staff-queue > li', {
        has: page.getByRole('heading', { name: `ผู้ตั้งกระทู้ #${topicId}` }),
      });
      await byAuthor.getByRole('button', { name: /ยกเลิกการระงับ/ }).click();
      await expect(page.getByText(`ยกเลิกการระงับ ผู้ตั้งกระทู้ #${topicId} แล้ว`)).toBeVisible();
      await axe();
    });
  });

  test('each list shows its first page and answers 404 past its last', async ({ page, axe }) => {
    const { title } = await storeTopic('กระทู้ใหม่ล่าสุด');
    await signInNewStaff(page, 'moderator');
    // Every topic, newest first: the one just stored heads the first page.
    await page.goto('/staff/board/topics');
    await expect(page.getByRole('link', { name: title })).toBeVisible();
    await axe();
    for (const path of ['/staff/board', '/staff/board/topics', '/staff/demand', '/staff/blocks']) {
      expect((await page.request.get(path)).status(), path).toBe(200);
      expect((await page.request.get(`${path}?page=99999`)).status(), `${path} past its last page`).toBe(404);
    }
  });

  test('another role is refused the moderator pages and their actions', async ({ page, axe, allowConsoleError }) => {
    allowConsoleError(/status of 403/);
    await signInNewStaff(page, 'editor');
    const response = await page.goto('/staff/board');
    expect(response?.status()).toBe(403);
    await axe();
    const post = await page.request.post('/staff/blocks', {
      form: { intent: 'add', address: '192.0.2.9', days: '1', reason: 'x' },
      headers: { Origin: new URL(page.url()).origin },
    });
    expect(post.status()).toBe(403);
    expect(
      await database().selectFrom('board_blocks').select('label').where('label', '=', '192.0.2.*').execute(),
    ).toEqual([]);
  });
});

test.describe('the moderator in http mode', () => {
  test.skip(!E2E_HTTP_MODE, 'only a front over a core');

  test('the pages say plainly that the board belongs to the core', async ({ page, axe }) => {
    await signInNewStaff(page, 'moderator');
    for (const path of ['/staff/board', '/staff/board/topics', '/staff/demand', '/staff/blocks']) {
      await page.goto(path);
      await expect(page.getByText('กระดานถาม-ตอบและความต้องการของสมาชิกอยู่ที่ระบบหลัก')).toBeVisible();
      await axe();
    }
  });
});

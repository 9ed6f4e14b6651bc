import type { APIResponse, Page, Response } from '@playwright/test';
import sharp from 'sharp';

import { expect, signIn, test } from './fixtures';

const PHOTO_URL = '/member/photo.jpg';
const WRONG_TYPE = 'รองรับเฉพาะไฟล์ JPEG, PNG หรือ WebP';
const TOO_LARGE = 'ไฟล์มีขนาดใหญ่เกิน 5 MB';

/** A 400 × 200 PNG, left half green and right half gold: each half is a full square. */
async function samplePng(): Promise<Buffer> {
  return sharp({ create: { width: 400, height: 200, channels: 3, background: { r: 11, g: 93, b: 59 } } })
    .composite([
      {
        input: { create: { width: 200, height: 200, channels: 3, background: { r: 242, g: 193, b: 78 } } },
        left: 200,
        top: 0,
      },
    ])
    .png()
    .toBuffer();
}

async function openPhotoPage(page: Page, axe: () => Promise<void>) {
  await page.getByRole('link', { name: 'เพิ่มรูปโปรไฟล์' }).click();
  await expect(page).toHaveURL(/\/member\/photo$/);
  await expect(page.getByRole('heading', { level: 1, name: 'รูปโปรไฟล์' })).toBeVisible();
  await expect(page.getByRole('img', { name: 'ยังไม่มีรูปโปรไฟล์' })).toBeVisible();
  await axe();
}

async function expectJpeg256(response: APIResponse) {
  expect(response.status()).toBe(200);
  expect(response.headers()['content-type']).toBe('image/jpeg');
  expect(response.headers()['x-content-type-options']).toBe('nosniff');
  expect(response.headers()['cache-control']).toBe('private, no-store');
  const meta = await sharp(await response.body()).metadata();
  expect([meta.format, meta.width, meta.height, meta.exif]).toEqual(['jpeg', 256, 256, undefined]);
}

test('a member uploads a photo; it is served to that member only', async ({
  page,
  axe,
  browser,
  createMember,
  signedInMember: member,
  javaScriptEnabled,
}) => {
  await expect(page.getByRole('img', { name: 'ยังไม่มีรูปโปรไฟล์' })).toBeVisible();
  expect((await page.request.get(PHOTO_URL)).status()).toBe(404);
  await openPhotoPage(page, axe);

  await page
    .getByLabel('เลือกรูปภาพ')
    .setInputFiles({ name: 'ฉัน.png', mimeType: 'image/png', buffer: await samplePng() });
  if (javaScriptEnabled) {
    // The cropper starts on the centre; the arrow keys move the photo under the frame to its left edge.
    const frame = page.getByRole('group', { name: /กรอบตัดรูป/ });
    await expect(frame).toBeVisible();
    await axe();
    await frame.focus();
    for (let i = 0; i < 12; i += 1) await frame.press('ArrowRight');
    await expect(page.locator('input[name="cropX"]')).toHaveValue('0');
  }
  await page.getByRole('button', { name: 'บันทึกรูปภาพ' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'บันทึกรูปโปรไฟล์เรียบร้อยแล้ว' })).toBeVisible();
  await expect(page.getByRole('img', { name: 'รูปโปรไฟล์ปัจจุบันของท่าน' })).toBeVisible();
  await axe();

  const photo = await page.request.get(PHOTO_URL);
  await expectJpeg256(photo);
  const bytes = await photo.body();
  // Left half green (red channel 11), right half gold (242): the crop chosen with scripts is all green,
  // the server's centre crop without them is half and half.
  const red = (await sharp(bytes).stats()).channels[0]?.mean ?? 0;
  if (javaScriptEnabled) expect(red).toBeLessThan(40);
  else expect(red).toBeGreaterThan(90);
  if (!javaScriptEnabled) expect(red).toBeLessThan(160);
  const etag = photo.headers()['etag'];
  expect(etag).toBeTruthy();
  const again = await page.request.get(PHOTO_URL, { headers: { 'If-None-Match': etag ?? '' } });
  expect(again.status()).toBe(304);

  // The status card now shows the photo, with fixed dimensions, and offers to change it.
  await page.goto('/member/status');
  const card = page.getByRole('img', { name: `รูปโปรไฟล์ของ ${member.name}` });
  await expect(card).toHaveAttribute('width', '96');
  await expect(card).toHaveAttribute('height', '96');
  await expect.poll(() => card.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBe(256);
  await expect(page.getByRole('link', { name: 'เปลี่ยนรูปโปรไฟล์' })).toBeVisible();
  await axe();

  // Another member asks for "my photo" and gets nothing of the first member's.
  const otherContext = await browser.newContext();
  const otherPage = await otherContext.newPage();
  await signIn(otherPage, axe, await createMember());
  const theirs = await otherPage.request.get(PHOTO_URL);
  expect(theirs.status()).toBe(404);
  expect(theirs.headers()['content-type']).not.toContain('image/');
  expect((await theirs.body()).equals(bytes)).toBe(false);
  await otherContext.close();

  // Signed out, the photo URL leads to the login page, not to the image.
  await page.context().clearCookies();
  const anonymous = await page.request.get(PHOTO_URL, { maxRedirects: 0 });
  expect(anonymous.status()).toBe(302);
  expect(anonymous.headers()['location']).toContain('/member/logon');
});

test('a text file named .jpg and an oversized file are refused in Thai', async ({
  page,
  axe,
  createMember,
  allowConsoleError,
  javaScriptEnabled,
  baseURL,
}) => {
  allowConsoleError(/status of 41[35]/);
  // Playwright's trace recorder (not the page) fetches the broken preview's blob: URL, which our CSP refuses.
  allowConsoleError(/^Connecting to 'blob:.*connect-src/);
  await signIn(page, axe, await createMember());
  await openPhotoPage(page, axe);

  // A text file named like a photo: with scripts the browser cannot show it, so the page says so at once;
  // without scripts the server looks at its first bytes.
  const text = Buffer.from('This is a text file, not a photo.\n'.repeat(20));
  const posts: string[] = [];
  page.on('request', (r) => {
    if (r.method() === 'POST') posts.push(r.url());
  });
  await page.getByLabel('เลือกรูปภาพ').setInputFiles({ name: 'photo.jpg', mimeType: 'image/jpeg', buffer: text });
  if (javaScriptEnabled) await expect(page.getByRole('alert')).toContainText(WRONG_TYPE);
  await page.getByRole('button', { name: 'บันทึกรูปภาพ' }).click();
  await expect(page.getByRole('alert')).toContainText(WRONG_TYPE);
  await expect(page.getByLabel('เลือกรูปภาพ')).toHaveAttribute('aria-invalid', 'true');
  await expect(page).toHaveTitle(/^ข้อผิดพลาด:/);
  expect(posts).toHaveLength(javaScriptEnabled ? 0 : 1);
  await axe();

  // 6 MB that starts like a JPEG: with scripts the page says so before sending; without, the server does.
  const big = Buffer.alloc(6 * 1024 * 1024, 0x41);
  big.set([0xff, 0xd8, 0xff, 0xe0]);
  posts.length = 0;
  await page.getByLabel('เลือกรูปภาพ').setInputFiles({ name: 'big.jpg', mimeType: 'image/jpeg', buffer: big });
  if (javaScriptEnabled) await expect(page.getByRole('alert')).toContainText(TOO_LARGE);
  await page.getByRole('button', { name: 'บันทึกรูปภาพ' }).click();
  await expect(page.getByRole('alert')).toContainText(TOO_LARGE);
  await expect(page.getByRole('alert')).not.toContainText(WRONG_TYPE);
  expect(posts).toHaveLength(javaScriptEnabled ? 0 : 1);
  await axe();

  // The server refuses both, whoever sends them and whatever they claim to be.
  const send = (name: string, mimeType: string, buffer: Buffer) =>
    page.request.post('/member/photo', {
      headers: { Origin: baseURL ?? '' },
      multipart: { image: { name, mimeType, buffer } },
      maxRedirects: 0,
    });
  const fake = await send('photo.jpg', 'image/jpeg', text);
  expect(fake.status()).toBe(415);
  expect(await fake.text()).toContain(WRONG_TYPE);
  const gif = await sharp({ create: { width: 8, height: 8, channels: 3, background: '#0b5d3b' } })
    .gif()
    .toBuffer();
  expect((await send('photo.png', 'image/png', gif)).status()).toBe(415);
  const large = await send('big.jpg', 'image/jpeg', big);
  expect(large.status()).toBe(413);
  expect(await large.text()).toContain(TOO_LARGE);
  expect((await page.request.get(PHOTO_URL)).status()).toBe(404);
});

test('the cropper is not in the first-load JavaScript and loads once a file is chosen', async ({
  page,
  axe,
  createMember,
  javaScriptEnabled,
}) => {
  test.skip(!javaScriptEnabled, 'the cropper is an enhancement for scripts');
  // Every script the page fetches, read as it arrives (a body is gone once the page navigates on).
  const scripts: Array<Promise<{ url: string; body: string }>> = [];
  page.on('response', (r: Response) => {
    if (r.request().resourceType() !== 'script') return;
    scripts.push(r.text().then((body) => ({ url: r.url(), body })));
  });
  const cropperLoaded = async () => {
    const loaded = await Promise.all(scripts);
    return loaded.some((s) => /cropper/i.test(new URL(s.url).pathname) || s.body.includes('reactEasyCrop'));
  };

  await signIn(page, axe, await createMember());
  expect(scripts.length).toBeGreaterThan(0);
  expect(await cropperLoaded()).toBe(false);

  await page.getByRole('link', { name: 'เพิ่มรูปโปรไฟล์' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'รูปโปรไฟล์' })).toBeVisible();
  await axe();
  await page.reload();
  await expect(page.getByRole('heading', { level: 1, name: 'รูปโปรไฟล์' })).toBeVisible();
  await axe();
  expect(await cropperLoaded()).toBe(false);

  await page.getByLabel('เลือกรูปภาพ').setInputFiles({ name: 'a.png', mimeType: 'image/png', buffer: await samplePng() });
  await expect(page.getByRole('group', { name: /กรอบตัดรูป/ })).toBeVisible();
  await expect.poll(cropperLoaded).toBe(true);
  await axe();
});

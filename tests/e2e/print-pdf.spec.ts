import fs from 'node:fs';

import { DEMO, expect, signIn, test, type TestMember } from './fixtures';

const demo: TestMember = DEMO;

test('a billing month downloads as a PDF from the printable page @pg', async ({ page, axe }) => {
  await signIn(page, axe, demo);
  await page.goto('/member/kep');
  await axe();
  await page
    .getByRole('link', { name: /พิมพ์ใบเสร็จรับเงิน/ })
    .first()
    .click();
  await expect(page.getByRole('heading', { level: 1, name: /ใบเสร็จรับเงิน ประจำเดือน/ })).toBeVisible();
  await axe();
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('link', { name: 'ดาวน์โหลดใบเสร็จรับเงินเป็นไฟล์ PDF' }).click(),
  ]);
  expect(download.suggestedFilename()).toMatch(/^receipt-\d{4}-\d{2}\.pdf$/);
  const file = await download.path();
  expect(fs.readFileSync(file).subarray(0, 5).toString('latin1')).toBe('%PDF-');

  // Another member's month, or a month that does not exist, is not found; signed out, the login page.
  expect((await page.request.get('/member/kep/1999-01/pdf')).status()).toBe(404);
  const anonymous = await page.context().browser()!.newContext();
  const response = await anonymous.request.get('/member/kep/2025-01/pdf', { maxRedirects: 0 });
  expect(response.status()).toBe(302);
  expect(response.headers()['location']).toMatch(/^\/member\/logon/);
  await anonymous.close();
});

// The vendor API is served by the embedded store (here: the core).
test.describe('vendor API print_pdf', { tag: '@embedded' }, () => {
  test.skip(({ javaScriptEnabled }) => !javaScriptEnabled, 'an API call: once is enough');

  test('opens the month as a PDF with the token in the query, as the vendor client does', async ({ request }) => {
    const login = await request.post('/api/member/auth/login', {
      data: { membership_no: demo.membershipNo, mem_password: demo.password },
    });
    expect(login.status()).toBe(200);
    const { token } = (await login.json()) as { token: string };
    const kep = await request.post('/api/member/member_kep', {
      headers: { Authorization: `Bearer ${token}` },
      data: {},
    });
    const months = (
      (await kep.json()) as { datakeepdet: { receive_year: string | number; receive_month: string | number }[] }
    ).datakeepdet;
    const { receive_year: year, receive_month: month } = months[0]!;

    const pdf = await request.get(`/api/member/print_pdf/${year}/${month}?token=${encodeURIComponent(token)}`);
    expect(pdf.status()).toBe(200);
    expect(pdf.headers()['content-type']).toBe('application/pdf');
    expect(pdf.headers()['cache-control']).toBe('private, no-store');
    expect((await pdf.body()).subarray(0, 5).toString('latin1')).toBe('%PDF-');
    // The same with the token in the header.
    const header = await request.get(`/api/member/print_pdf/${year}/${month}`, {
      headers: { Authorization: `Bearer ${token}` },
    });
    expect(header.status()).toBe(200);

    const none = await request.get(`/api/member/print_pdf/${year}/${month}`);
    expect(none.status()).toBe(400);
    expect(await none.json()).toEqual({ error: 'token absent' });
    const wrong = await request.get(`/api/member/print_pdf/${year}/${month}?token=not-a-token`);
    expect(wrong.status()).toBe(400);
    const missing = await request.get(`/api/member/print_pdf/1999/1?token=${encodeURIComponent(token)}`);
    expect(missing.status()).toBe(404);
    expect(missing.headers()['content-type']).toMatch(/^application\/json/);
  });
});

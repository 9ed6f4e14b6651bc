import { DEMO, EMPTY_DEMO, expect, expectMemberPage, recordsNotOwnedBy, signIn, test } from './fixtures';

test.describe('the demo member sees every area with real data', () => {
  test('shares: summary, 24-month chart with a table, a paged statement and a Buddhist-era date filter @pg', async ({
    page,
    axe,
  }) => {
    await signIn(page, axe, DEMO);
    await page.goto('/member/share');
    await expectMemberPage(page, 'ทุนเรือนหุ้น');
    await expect(page.getByRole('img', { name: /ทุนเรือนหุ้นย้อนหลัง 24 เดือน/ })).toBeVisible();
    const table = page.getByRole('table', { name: /รายการเคลื่อนไหวทุนเรือนหุ้น/ });
    await expect(table.locator('tbody tr')).toHaveCount(10);
    await expect(table.getByRole('columnheader', { name: 'ทุนเรือนหุ้นคงเหลือ (บาท)' })).toBeVisible();
    await expect(table.locator('tbody tr').first()).toContainText(/25\d\d/);
    await axe();

    await page.getByRole('navigation', { name: 'เลขหน้ารายการทุนเรือนหุ้น' }).getByRole('link', { name: 'ถัดไป' }).click();
    await expect(page).toHaveURL(/\/member\/share\?page=2$/);
    await expect(page.getByRole('table', { name: /หน้า 2 จาก/ })).toBeVisible();
    await axe();

    const year = new Date().getFullYear() + 543 - 1;
    await page.getByLabel('ตั้งแต่วันที่').fill(`01/01/${year}`);
    await page.getByLabel('ถึงวันที่').fill(`31/03/${year}`);
    await page.getByRole('button', { name: 'ค้นหา' }).click();
    await expect(page).toHaveURL(new RegExp(`from=01%2F01%2F${year}`));
    const filtered = page.getByRole('table', { name: /รายการเคลื่อนไหวทุนเรือนหุ้น/ });
    await expect(filtered.locator('tbody tr')).not.toHaveCount(0);
    for (const cell of await filtered.locator('tbody tr td:first-child').allInnerTexts()) {
      expect(cell).toMatch(new RegExp(`(ม\\.ค\\.|ก\\.พ\\.|มี\\.ค\\.) ${year}`));
    }
    await axe();

    await page.getByLabel('ตั้งแต่วันที่').fill('31/02/2568');
    await page.getByRole('button', { name: 'ค้นหา' }).click();
    await expect(page.getByText('กรุณากรอกวันที่ในรูปแบบ วว/ดด/ปปปป (พ.ศ.) เช่น 01/01/2568')).toBeVisible();
    await axe();

    // Reached from another page by the menu, the chart is drawn the same way.
    const menu = page.getByRole('navigation', { name: 'เมนูสมาชิก' });
    await menu.getByRole('link', { name: 'เงินปันผล' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'เงินปันผล' })).toBeVisible();
    await axe();
    await menu.getByRole('link', { name: 'ทุนเรือนหุ้น' }).click();
    const chart = page.getByRole('img', { name: /ทุนเรือนหุ้นย้อนหลัง 24 เดือน/ });
    await expect(chart).toBeVisible();
    await expect(chart.locator('rect')).toHaveCount(24);
    expect((await chart.boundingBox())?.height).toBeGreaterThan(50);
    await page.getByText('ดูข้อมูลทุนเรือนหุ้นรายเดือนเป็นตาราง').click();
    const figures = page.getByRole('table', { name: 'ทุนเรือนหุ้น ณ สิ้นเดือน' });
    await expect(figures.locator('tbody tr')).toHaveCount(24);
    await expect(figures.getByRole('rowheader').last()).toHaveText(/^\S+ 25\d\d$/);
    await expect(figures.locator('tbody td').last()).toHaveText(/^[\d,]+\.\d\d$/);
    await axe();
  });

  test('loans: a card per loan with % repaid and collateral, and its statement', async ({ page, axe }) => {
    await signIn(page, axe, DEMO);
    await page.goto('/member/loan');
    await expect(page.getByRole('heading', { level: 1, name: 'เงินกู้' })).toBeVisible();
    const bars = page.getByRole('img', { name: /ชำระแล้ว [\d.]+% ของวงเงินกู้ สัญญา/ });
    expect(await bars.count()).toBeGreaterThanOrEqual(2);
    await expect(page.getByRole('heading', { level: 3, name: 'หลักประกัน' }).first()).toBeVisible();
    await axe();
    await page
      .getByRole('link', { name: /ดูรายการเคลื่อนไหว/ })
      .first()
      .click();
    await expect(page).toHaveURL(/\/member\/loan_statement\//);
    await expect(page.getByRole('heading', { level: 1, name: /รายการเคลื่อนไหวเงินกู้/ })).toBeVisible();
    await expect(
      page
        .getByRole('table', { name: /รายการเคลื่อนไหวเงินกู้/ })
        .locator('tbody tr')
        .first(),
    ).toBeVisible();
    await expect(
      page.getByRole('navigation', { name: 'เมนูสมาชิก' }).getByRole('link', { name: 'เงินกู้' }),
    ).toHaveAttribute('aria-current', 'page');
    await axe();
  });

  test('deposits: accounts with a total, and an account statement', async ({ page, axe }) => {
    await signIn(page, axe, DEMO);
    await page.goto('/member/deposit');
    await expect(page.getByText(/ยอดเงินฝากรวม/)).toBeVisible();
    const accounts = page.getByRole('table', { name: /บัญชีเงินฝาก/ });
    expect(await accounts.locator('tbody tr').count()).toBeGreaterThanOrEqual(2);
    await axe();
    await accounts.getByRole('link').first().click();
    await expect(page).toHaveURL(/\/member\/dep_statement\//);
    await expect(
      page
        .getByRole('table', { name: /รายการเคลื่อนไหวเงินฝาก/ })
        .locator('tbody tr')
        .first(),
    ).toBeVisible();
    await axe();
  });

  test('monthly collections: six months a page, status per month, expandable lines, a printable bill or receipt @pg', async ({
    page,
    axe,
    javaScriptEnabled,
  }) => {
    await signIn(page, axe, DEMO);
    await page.goto('/member/kep');
    await expect(page.getByRole('heading', { level: 1, name: 'รายการเรียกเก็บประจำเดือน' })).toBeVisible();
    for (const status of ['รอนำส่ง', 'หักได้ครบ'])
      await expect(page.getByText(status, { exact: true }).first()).toBeVisible();
    const months = page.locator('main article h2');
    await expect(months).toHaveCount(6);
    const newest = await months.first().innerText();
    const first = page.locator('details.collection__details').first();
    await first.locator('summary').click();
    await expect(first.getByRole('table')).toBeVisible();
    await axe();

    // Older months are on the next page, newest first.
    const pager = page.getByRole('navigation', { name: 'เลขหน้ารายการเรียกเก็บประจำเดือน' });
    await expect(pager).toContainText('หน้า 1 จาก 2');
    await pager.getByRole('link', { name: 'ถัดไป' }).click();
    await expect(page).toHaveURL(/\/member\/kep\?page=2$/);
    await expect(months).toHaveCount(6);
    await expect(months.first()).not.toHaveText(newest);
    await expect(page.getByText('รอนำส่ง', { exact: true })).toHaveCount(0);
    await axe();
    expect((await page.request.get('/member/kep?page=3')).status()).toBe(404);
    await page.goto('/member/kep');
    await page
      .getByRole('link', { name: /พิมพ์ใบเสร็จรับเงิน/ })
      .first()
      .click();
    await expect(page.getByRole('heading', { level: 1, name: /ใบเสร็จรับเงิน ประจำเดือน/ })).toBeVisible();
    await expect(page.getByRole('link', { name: 'ย้อนกลับ' })).toHaveAttribute('href', '/member/kep');
    // With scripts a button opens the print dialog; without, the page names the browser's command.
    if (javaScriptEnabled) {
      await page.evaluate(() => Object.assign(window, { print: () => document.body.setAttribute('data-printed', '') }));
      await page.getByRole('button', { name: 'พิมพ์หรือบันทึกเป็น PDF' }).click();
      await expect(page.locator('body')).toHaveAttribute('data-printed', '');
    } else {
      await expect(page.getByText('กดพิมพ์ (Ctrl+P) จากเบราว์เซอร์เพื่อพิมพ์หรือบันทึกเป็น PDF')).toBeVisible();
      await expect(page.getByRole('button', { name: 'พิมพ์หรือบันทึกเป็น PDF' })).toHaveCount(0);
    }
    await axe();
    await page.goto('/member/kepcrem');
    await expect(page.getByRole('heading', { level: 1, name: 'รายการเรียกเก็บสมาคมฌาปนกิจ' })).toBeVisible();
    await axe();
  });

  test('a month whose collection failed has a bill, no receipt, and no share or loan entry', async ({ page, axe }) => {
    await signIn(page, axe, DEMO);
    await page.goto('/member/kep');
    const failed = page.locator('main article').filter({ has: page.locator('.badge', { hasText: 'หักไม่ได้' }) });
    await expect(failed).toHaveCount(1);
    await expect(failed.getByText('0.00 บาท', { exact: true })).toBeVisible();
    await expect(failed.getByRole('link', { name: /พิมพ์ใบแจ้งหนี้/ })).toBeVisible();
    await expect(failed.getByRole('link', { name: /พิมพ์ใบเสร็จรับเงิน/ })).toHaveCount(0);
    // What happens next and whom to call, on the page as in the PDF.
    await expect(failed.getByRole('heading', { level: 3, name: 'เดือนนี้หักเงินไม่ได้' })).toBeVisible();
    await expect(failed.getByText(/ยอดที่ค้างจะเรียกเก็บรวมกับรายการของเดือนถัดไป/)).toBeVisible();
    await expect(failed.getByRole('link', { name: '02-123-4567' })).toHaveAttribute('href', 'tel:021234567');
    const key = (await failed.locator('h2').getAttribute('id'))?.replace(/^kep-/, '') ?? '';
    expect(key).toMatch(/^\d{4}-\d{2}$/);
    await axe();
    // Only months not collected in full say so.
    await expect(
      page
        .locator('main article')
        .filter({ has: page.locator('.badge', { hasText: 'หักได้ครบ' }) })
        .locator('.collection__guidance'),
    ).toHaveCount(0);
    await failed.getByRole('link', { name: /พิมพ์ใบแจ้งหนี้/ }).click();
    await expect(page.getByRole('heading', { level: 2, name: 'เดือนนี้หักเงินไม่ได้' })).toBeVisible();
    await expect(page.locator('.collection__guidance').getByRole('link', { name: '02-123-4567' })).toBeVisible();
    await axe();
    const [year = 0, month = 0] = key.split('-').map(Number);
    const range = (y: number, m: number) => {
      const last = new Date(Date.UTC(y, m, 0)).getUTCDate();
      const mm = String(m).padStart(2, '0');
      return `from=${encodeURIComponent(`01/${mm}/${y + 543}`)}&to=${encodeURIComponent(`${last}/${mm}/${y + 543}`)}`;
    };
    // The month before was collected in full: its entries are there; the failed month has none.
    const before = month === 1 ? range(year - 1, 12) : range(year, month - 1);
    const statements = ['/member/share'];
    await page.goto('/member/loan');
    await axe();
    for (const href of await page
      .getByRole('link', { name: /ดูรายการเคลื่อนไหว/ })
      .evaluateAll((links) => links.map((a) => a.getAttribute('href') ?? '')))
      statements.push(href);
    expect(statements.length).toBeGreaterThanOrEqual(3);
    for (const path of statements) {
      await page.goto(`${path}?${before}`);
      const statement = page.getByRole('table', { name: /รายการเคลื่อนไหว/ });
      await expect(statement.locator('tbody tr').first(), path).toBeVisible();
      await axe();
      await page.goto(`${path}?${range(year, month)}`);
      await expect(page.getByText('ไม่พบรายการในช่วงวันที่ที่เลือก'), path).toBeVisible();
      await axe();
    }
  });

  test('guarantees, beneficiaries, dividends and welfare tabs', async ({ page, axe }) => {
    await signIn(page, axe, DEMO);
    await page.goto('/member/coll');
    await expect(page.getByRole('table', { name: /สัญญาเงินกู้ที่ท่านค้ำประกัน/ })).toBeVisible();
    await axe();
    await page.goto('/member/gian');
    expect(
      await page.getByRole('table', { name: 'รายชื่อผู้รับผลประโยชน์' }).locator('tbody tr').count(),
    ).toBeGreaterThanOrEqual(2);
    await axe();
    await page.goto('/member/dividend');
    const dividends = page.getByRole('table', { name: 'เงินปันผลและเงินเฉลี่ยคืนรายปี' });
    await expect(dividends.locator('tbody tr')).toHaveCount(5);
    await expect(dividends.getByRole('cell', { name: 'งด', exact: true }).first()).toBeVisible();
    await axe();
    await page.goto('/member/welfare');
    await expect(page.getByRole('table', { name: 'สวัสดิการที่ได้รับ' })).toBeVisible();
    await axe();
    await page.getByRole(test.info().project.name === 'js' ? 'tab' : 'link', { name: 'สวัสดิการที่มีสิทธิ์ได้รับ' }).click();
    await expect(page).toHaveURL(/\/member\/welfare\?tab=eligible$/);
    await expect(page.getByRole('table', { name: 'สวัสดิการที่มีสิทธิ์ได้รับ' })).toBeVisible();
    await axe();
  });
});

test('another member’s contract or account is not found (404), never shown', async ({
  page,
  axe,
  allowConsoleError,
}) => {
  allowConsoleError(/status of 404/);
  const others = await recordsNotOwnedBy(DEMO.membershipNo);
  await signIn(page, axe, DEMO);
  for (const path of [
    `/member/loan_statement/${encodeURIComponent(others.contractNo)}`,
    `/member/dep_statement/${others.accountNo}`,
  ]) {
    const response = await page.goto(path);
    expect(response?.status()).toBe(404);
    await expect(page.getByRole('heading', { level: 1, name: 'ขออภัย!ไม่พบหน้าเว็บไซต์ที่ค้นหา...' })).toBeVisible();
    await expect(page.locator('body')).not.toContainText(others.contractNo);
    await axe();
  }
});

test('without JavaScript the welfare tabs are links: the address chooses the table shown', async ({
  page,
  axe,
  javaScriptEnabled,
}) => {
  test.skip(javaScriptEnabled, 'with scripts the tabs pattern is tested in keyboard.spec.ts');
  await signIn(page, axe, DEMO);
  await page.goto('/member/welfare');
  const received = page.getByRole('link', { name: 'สวัสดิการที่ได้รับ' });
  const eligible = page.getByRole('link', { name: 'สวัสดิการที่มีสิทธิ์ได้รับ' });
  await expect(page.getByRole('list', { name: 'ประเภทสวัสดิการ' })).toBeVisible();
  // Tab semantics are not claimed where the arrow keys would not work.
  await expect(page.getByRole('tablist')).toHaveCount(0);
  await expect(received).toHaveAttribute('aria-current', 'page');
  await expect(eligible).not.toHaveAttribute('aria-current');
  await expect(page.getByRole('table', { name: 'สวัสดิการที่ได้รับ' })).toBeVisible();
  await expect(page.getByRole('table', { name: 'สวัสดิการที่มีสิทธิ์ได้รับ' })).toBeHidden();
  await axe();
  await eligible.click();
  await expect(page).toHaveURL(/\/member\/welfare\?tab=eligible$/);
  await expect(eligible).toHaveAttribute('aria-current', 'page');
  await expect(page.getByRole('table', { name: 'สวัสดิการที่มีสิทธิ์ได้รับ' })).toBeVisible();
  await expect(page.getByRole('table', { name: 'สวัสดิการที่ได้รับ' })).toBeHidden();
  await axe();
  // A name the page does not know shows the first tab.
  await page.goto('/member/welfare?tab=other');
  await expect(received).toHaveAttribute('aria-current', 'page');
  await expect(page.getByRole('table', { name: 'สวัสดิการที่ได้รับ' })).toBeVisible();
  await axe();
});

test('a member with no loans and no deposits sees clear empty states', async ({ page, axe }) => {
  await signIn(page, axe, EMPTY_DEMO);
  for (const [path, text] of [
    ['/member/loan', 'ไม่มีเงินกู้คงเหลือ'],
    ['/member/deposit', 'ไม่มีบัญชีเงินฝาก'],
    ['/member/coll', 'ท่านไม่ได้ค้ำประกันเงินกู้ของสมาชิกท่านอื่น'],
    ['/member/welfare', 'ยังไม่เคยได้รับสวัสดิการ'],
  ] as const) {
    await page.goto(path);
    await expect(page.getByText(text)).toBeVisible();
    await axe();
  }
});

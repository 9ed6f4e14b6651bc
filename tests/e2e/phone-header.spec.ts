import { expect, test } from './fixtures';
import { signInNewStaff } from './staff-fixture';

// The public header on the narrowest phones: the search trigger and the login button share a line,
// each on one line of its own text, and the trigger keeps its whole name for a screen reader.

const NAME = 'ค้นหาเนื้อหาต่างๆ';

for (const width of [320, 360]) {
  test(`at ${width} px the header’s search trigger is one line, beside the login button, named in full`, async ({
    page,
    axe,
    javaScriptEnabled,
  }) => {
    await page.setViewportSize({ width, height: 640 });
    await page.goto('/home');
    await axe();
    const trigger = page.getByRole(javaScriptEnabled ? 'button' : 'link', { name: NAME, exact: true });
    await expect(trigger).toBeVisible();
    // The height of its content against its line's: one line of text, not two.
    const lines = await trigger.evaluate((el) => {
      const style = getComputedStyle(el);
      const px = (value: string) => parseFloat(value) || 0;
      const content =
        el.getBoundingClientRect().height -
        px(style.paddingTop) -
        px(style.paddingBottom) -
        px(style.borderTopWidth) -
        px(style.borderBottomWidth);
      const line = px(style.lineHeight) || px(style.fontSize) * 1.5;
      return content / line;
    });
    expect(lines, 'the trigger is one line tall').toBeLessThan(1.5);
    const login = page.getByRole('banner').getByRole('link', { name: 'เข้าสู่ระบบสมาชิก' });
    const [a, b] = [await trigger.boundingBox(), await login.boundingBox()];
    expect(Math.abs(a!.y + a!.height / 2 - (b!.y + b!.height / 2)), 'side by side').toBeLessThan(4);
  });
}

test('at 360 px the back office’s header keeps the role in its brackets on one line', async ({ page, axe }) => {
  await page.setViewportSize({ width: 360, height: 640 });
  await signInNewStaff(page, 'admin');
  await page.goto('/staff');
  await axe();
  const role = page.locator('.staff-header__user', { hasText: '(ผู้ดูแลระบบ)' });
  await expect(role).toBeVisible();
  // The role's characters wherever React put them (one text node or several), as one range.
  const lines = await role.evaluate((user, wanted) => {
    const walker = document.createTreeWalker(user, NodeFilter.SHOW_TEXT);
    const nodes: Array<{ node: Node; from: number }> = [];
    let all = '';
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      nodes.push({ node, from: all.length });
      all += node.textContent ?? '';
    }
    const at = all.indexOf(wanted);
    if (at < 0) return -1;
    // The node a start offset falls in, or an end offset closes (the last character's node).
    const place = (offset: number, end = false) => {
      const hit = nodes.filter((n) => (end ? n.from < offset : n.from <= offset)).at(-1)!;
      return [hit.node, offset - hit.from] as const;
    };
    const range = document.createRange();
    range.setStart(...place(at));
    range.setEnd(...place(at + wanted.length, true));
    return new Set([...range.getClientRects()].filter((r) => r.width > 0).map((r) => Math.round(r.top))).size;
  }, '(ผู้ดูแลระบบ)');
  expect(lines).toBe(1);
});

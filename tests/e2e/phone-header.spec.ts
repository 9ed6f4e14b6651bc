import { expect, test } from './fixtures';

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

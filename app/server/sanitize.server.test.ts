import { describe, expect, it } from 'vitest';

import { sanitizeRichText } from './sanitize.server';

describe('sanitizeRichText', () => {
  it('keeps the allowed formatting', () => {
    const html = '<p><b>ตัวหนา</b> <u>ขีดเส้นใต้</u> <i>เอียง</i></p><ul><li>หนึ่ง</li></ul>';
    expect(sanitizeRichText(html)).toBe(html);
  });

  it.each([
    ['<script>alert(1)</script><p>ok</p>', '<p>ok</p>'],
    ['<img src=x onerror="alert(1)">', '<img src="x" />'],
    ['<a href="javascript:alert(1)">x</a>', '<a rel="noopener noreferrer">x</a>'],
    ['<a href="//evil.example">x</a>', '<a rel="noopener noreferrer">x</a>'],
    ['<p style="background:url(javascript:alert(1))">x</p>', '<p>x</p>'],
    ['<svg onload=alert(1)></svg>', ''],
    ['<iframe src="https://evil.example"></iframe>', ''],
    ['<img src="data:image/svg+xml;base64,PHN2Zz4=">', '<img />'],
  ])('removes %s', (input, expected) => {
    expect(sanitizeRichText(input)).toBe(expected);
  });
});

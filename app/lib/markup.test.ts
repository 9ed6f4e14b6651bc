import { describe, expect, it } from 'vitest';

import { escapeMarkup } from './markup';

describe('escapeMarkup', () => {
  it('leaves no character that could open a tag, an entity or end an attribute', () => {
    expect(escapeMarkup(`<a href="x">&</a> ทุนเรือนหุ้น`)).toBe('&lt;a href=&quot;x&quot;&gt;&amp;&lt;/a&gt; ทุนเรือนหุ้น');
    expect(escapeMarkup('ม.ค. 68')).toBe('ม.ค. 68');
  });
});

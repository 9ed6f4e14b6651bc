import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';

import { EMPTY_SUBMENU, SiteHeader } from './site-header';

describe('SiteHeader', () => {
  it("says 'ยังไม่พบเมนู' under a drop-down without entries, and groups each menu's drop-downs", () => {
    const html = renderToStaticMarkup(
      <SiteHeader
        menu={[
          { seq: 1, label: 'รายงาน', labelEn: 'Reports', icon: null, url: null, isParent: true, children: [] },
          {
            seq: 2,
            label: 'ข่าวสาร',
            labelEn: 'News',
            icon: null,
            url: null,
            isParent: true,
            children: [{ seq: 1, label: 'ประกาศ', url: '/list/notice' }],
          },
        ]}
      />,
    );
    expect(html.split(EMPTY_SUBMENU)).toHaveLength(3); // the desktop and the phone menu
    expect(html.match(/<details class="menu__group" name="menu-d-group">/g)).toHaveLength(2);
    expect(html.match(/<details class="menu__group" name="menu-m-group">/g)).toHaveLength(2);
  });
});

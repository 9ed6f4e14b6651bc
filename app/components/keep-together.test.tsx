import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';

import { KeepTogether } from './keep-together';

describe('KeepTogether', () => {
  it('keeps a time with its unit and a phone number on one line, and nothing else', () => {
    expect(
      renderToStaticMarkup(
        <KeepTogether text="เปิดให้บริการ วันจันทร์ - วันศุกร์ เวลา 08.30 - 15.00 น. (ปิดทำการวันหยุดนักขัตฤกษ์)" />,
      ),
    ).toBe('เปิดให้บริการ วันจันทร์ - วันศุกร์ เวลา 08.30 - <span class="nowrap">15.00 น.</span> (ปิดทำการวันหยุดนักขัตฤกษ์)');
    expect(renderToStaticMarkup(<KeepTogether text="ฝ่ายสินเชื่อ 02-123-4568 ต่อ 12" />)).toBe(
      'ฝ่ายสินเชื่อ <span class="nowrap">02-123-4568</span> ต่อ 12',
    );
    expect(renderToStaticMarkup(<KeepTogether text="โทร 0812345678" />)).toBe(
      'โทร <span class="nowrap">0812345678</span>',
    );
  });

  it('leaves text without either as it is', () => {
    expect(renderToStaticMarkup(<KeepTogether text="ปีบัญชี 2568 งวด 60" />)).toBe('ปีบัญชี 2568 งวด 60');
  });
});

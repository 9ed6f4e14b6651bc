import { describe, expect, it } from 'vitest';

import { withoutNulBytes } from './nul-bytes.server';

describe('withoutNulBytes', () => {
  it('returns a body without zero bytes as it is', () => {
    const body = Buffer.from('<p>สหกรณ์ออมทรัพย์</p>');
    expect(withoutNulBytes(body)).toBe(body);
  });

  it('removes single zeros and runs of them, at the start, inside and at the end', () => {
    const thai = Buffer.from('เงินฝาก');
    const body = Buffer.concat([
      Buffer.alloc(2),
      thai.subarray(0, 6),
      Buffer.alloc(5),
      thai.subarray(6),
      Buffer.alloc(1),
    ]);
    expect(withoutNulBytes(body).toString('utf8')).toBe('เงินฝาก');
  });

  it('gives an empty body for zeros only', () => {
    expect(withoutNulBytes(Buffer.alloc(2048)).length).toBe(0);
  });

  it('matches a byte-by-byte filter on a large page with zeros every 2 KiB', () => {
    const page = Buffer.from('<td>ชำระหนี้เงินกู้ 1,234.50 บาท</td>'.repeat(3000));
    const withZeros = Buffer.concat(
      Array.from({ length: Math.ceil(page.length / 2000) }, (_, i) => [
        page.subarray(i * 2000, (i + 1) * 2000),
        Buffer.alloc(i % 3),
      ]).flat(),
    );
    expect(withoutNulBytes(withZeros).equals(page)).toBe(true);
  });
});

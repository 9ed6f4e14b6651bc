import { describe, expect, it } from 'vitest';

import { formatRelativeTime } from '~/lib/thai-format';

import { onBangkokDay } from './recent';

const HOUR = 3_600_000;
const DAY = 24 * HOUR;

describe('onBangkokDay', () => {
  it('keeps the age when the day has room for it', () => {
    const now = Date.parse('2026-11-22T14:00:00+07:00');
    expect(onBangkokDay(now, 3 * HOUR)).toBe(now - 3 * HOUR);
    expect(onBangkokDay(now, DAY + 2 * HOUR)).toBe(now - DAY - 2 * HOUR);
  });

  it.each(['00:00:30', '00:05:00', '02:59:00', '07:30:00', '12:00:00', '23:59:59'])(
    'seeded at %s, today stays today and yesterday stays yesterday, in order',
    (clock) => {
      const now = Date.parse(`2026-11-23T${clock}+07:00`);
      const ages = [2 * HOUR, 3 * HOUR, 5 * HOUR + 90 * 60_000, DAY + 2 * HOUR, DAY + 3 * HOUR, 2 * DAY + 6 * HOUR];
      const at = ages.map((ago) => onBangkokDay(now, ago));
      const labels = at.map((t) => formatRelativeTime(new Date(t), new Date(now)));
      expect(labels.slice(0, 3).every((l) => l.endsWith('ที่ผ่านมา'))).toBe(true);
      expect(labels.slice(3, 5).every((l) => l.startsWith('เมื่อวาน เวลา '))).toBe(true);
      expect(labels[5]).not.toMatch(/ที่ผ่านมา|เมื่อวาน/);
      expect([...at].sort((a, b) => b - a)).toEqual(at);
      expect(at.every((t) => t <= now)).toBe(true);
    },
  );
});

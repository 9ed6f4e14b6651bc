import { describe, expect, it } from 'vitest';

import { bangkokMonth } from './embedded-member.server';

describe('bangkokMonth', () => {
  it("is the month in Bangkok (UTC+7), not UTC's", () => {
    expect(bangkokMonth(Date.parse('2026-12-31T16:59:59Z'))).toBe('2026-12');
    expect(bangkokMonth(Date.parse('2026-12-31T17:00:00Z'))).toBe('2027-01');
  });

  it('shifts across years both ways', () => {
    const now = Date.parse('2026-11-23T05:00:00Z');
    expect(bangkokMonth(now, -23)).toBe('2024-12');
    expect(bangkokMonth(now, -10)).toBe('2026-01');
    expect(bangkokMonth(now, -11)).toBe('2025-12');
    expect(bangkokMonth(now, 2)).toBe('2027-01');
    expect(bangkokMonth(now, 14)).toBe('2028-01');
  });
});

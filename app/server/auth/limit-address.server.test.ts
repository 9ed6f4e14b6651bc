import { describe, expect, it } from 'vitest';

import { limitAddress } from './limit-address.server';

describe('the address the rate limits count (ADR 133)', () => {
  it.each([
    ['203.0.113.7', '203.0.113.7'],
    ['::ffff:203.0.113.7', '203.0.113.7'],
    ['::ffff:cb00:7107', '203.0.113.7'],
    ['2001:db8:1:2::1', '2001:db8:1:2::/64'],
    ['2001:db8:1:2:aaaa:bbbb:cccc:dddd', '2001:db8:1:2::/64'],
    ['2001:0DB8:0001:0002:0:0:0:ffff', '2001:db8:1:2::/64'],
    ['2001:db8::1', '2001:db8:0:0::/64'],
    ['fe80::1%eth0', 'fe80:0:0:0::/64'],
    ['::1', '0:0:0:0::/64'],
    ['::', '0:0:0:0::/64'],
    ['2001:db8:1:2:3:4:192.0.2.1', '2001:db8:1:2::/64'],
  ])('%s counts as %s', (address, counted) => {
    expect(limitAddress(address)).toBe(counted);
  });

  it('an unknown or malformed address is counted as given, none as "unknown"', () => {
    expect(limitAddress(null)).toBe('unknown');
    expect(limitAddress('not-an-address')).toBe('not-an-address');
  });

  it('two addresses of one /64 are one; of two /64s, two', () => {
    expect(limitAddress('2001:db8:1:2::1')).toBe(limitAddress('2001:db8:1:2:ffff::9'));
    expect(limitAddress('2001:db8:1:2::1')).not.toBe(limitAddress('2001:db8:1:3::1'));
  });
});

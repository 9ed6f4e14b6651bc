import { describe, expect, it } from 'vitest';

import {
  countedAddress,
  signVisitor,
  verifiedVisitor,
  VISITOR_HEADER,
  VISITOR_MAX_SKEW_SECONDS,
} from './forwarded-visitor.server';

const SECRET = 'a-forwarding-secret-of-at-least-32-chars';
const NOW = Date.parse('2026-11-25T12:00:00Z');

describe('the signed visitor address a front sends its core (ADR 042)', () => {
  it('verifies under the shared secret, IPv4 and IPv6 alike', () => {
    for (const address of ['203.0.113.7', '2001:db8::1', '::ffff:198.51.100.2']) {
      expect(verifiedVisitor(signVisitor(address, SECRET, NOW), SECRET, NOW)).toBe(address);
    }
  });

  it('is refused with another secret, without a secret, altered, or too old or too new', () => {
    const header = signVisitor('203.0.113.7', SECRET, NOW) ?? '';
    expect(verifiedVisitor(header, `${SECRET}x`, NOW)).toBeNull();
    expect(verifiedVisitor(header, undefined, NOW)).toBeNull();
    expect(verifiedVisitor(header.replace('203.0.113.7', '203.0.113.8'), SECRET, NOW)).toBeNull();
    expect(verifiedVisitor(header.replace(/sig=./, 'sig=A'), SECRET, NOW)).toBeNull();
    const skew = (VISITOR_MAX_SKEW_SECONDS + 1) * 1000;
    expect(verifiedVisitor(header, SECRET, NOW + skew)).toBeNull();
    expect(verifiedVisitor(header, SECRET, NOW - skew)).toBeNull();
    expect(verifiedVisitor(header, SECRET, NOW + skew - 2000)).toBe('203.0.113.7');
    expect(verifiedVisitor('203.0.113.7', SECRET, NOW)).toBeNull();
  });

  it('signs nothing that is not an address', () => {
    expect(signVisitor('evil; t=1; sig=x', SECRET, NOW)).toBeNull();
    expect(signVisitor('', SECRET, NOW)).toBeNull();
  });

  it('the core counts the signed visitor, or else the connection’s address', () => {
    const signed = new Request('http://core/api/info/board_create', {
      headers: { [VISITOR_HEADER]: signVisitor('203.0.113.7', SECRET) ?? '' },
    });
    expect(countedAddress(signed, '10.0.0.2', SECRET)).toBe('203.0.113.7');
    expect(countedAddress(signed, '10.0.0.2', undefined)).toBe('10.0.0.2');
    const forged = new Request('http://core/', { headers: { [VISITOR_HEADER]: '203.0.113.9; t=1; sig=nope' } });
    expect(countedAddress(forged, '10.0.0.2', SECRET)).toBe('10.0.0.2');
  });
});

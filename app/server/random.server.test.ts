import { describe, expect, it } from 'vitest';

import { cspNonce, randomText } from './random.server';

describe('randomText', () => {
  it('gives text of the asked length in each encoding', () => {
    expect(randomText(16, 'hex')).toMatch(/^[0-9a-f]{32}$/);
    expect(cspNonce()).toMatch(/^[A-Za-z0-9+/]{22}==$/);
    expect(randomText(18, 'base64url')).toMatch(/^[A-Za-z0-9_-]{24}$/);
  });

  it('never hands out the same value twice', () => {
    const seen = new Set<string>();
    for (let i = 0; i < 1000; i += 1) seen.add(cspNonce());
    expect(seen.size).toBe(1000);
  });

  it('serves a large request', () => {
    expect(randomText(5000, 'hex')).toHaveLength(10_000);
  });
});

import { describe, expect, it } from 'vitest';

import { cspNonce, requestId } from './random.server';

describe('request ids and CSP nonces', () => {
  it('are hex digits: 32 for an id, 64 (over 128 random bits) for a nonce', () => {
    expect(requestId()).toMatch(/^[0-9a-f]{32}$/);
    expect(cspNonce()).toMatch(/^[0-9a-f]{64}$/);
  });

  it('are never handed out twice', () => {
    const seen = new Set<string>();
    for (let i = 0; i < 1000; i += 1) seen.add(cspNonce()).add(requestId());
    expect(seen.size).toBe(2000);
  });
});

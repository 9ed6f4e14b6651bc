import { describe, expect, it } from 'vitest';

import { notFoundUnless, PRIVATE_NO_STORE } from './responses.server';

const thrown = (run: () => void): unknown => {
  try {
    run();
  } catch (error) {
    return error;
  }
  return undefined;
};

describe('notFoundUnless', () => {
  it('lets a present value through and throws the 404 answer, with its headers, for a missing one', () => {
    expect(thrown(() => notFoundUnless({ no: 1 }))).toBeUndefined();
    for (const missing of [null, undefined, false, 0, '']) {
      const answer = thrown(() => notFoundUnless(missing, PRIVATE_NO_STORE));
      expect(answer).toBeInstanceOf(Response);
      expect((answer as Response).status).toBe(404);
      expect((answer as Response).headers.get('Cache-Control')).toBe('private, no-store');
    }
  });
});

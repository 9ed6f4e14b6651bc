import { describe, expect, it } from 'vitest';

import { tabAfterKey } from './tab-keys';

describe('the tabs pattern keys', () => {
  it('moves with the arrows, wrapping around at both ends', () => {
    expect(tabAfterKey('ArrowRight', 0, 3)).toBe(1);
    expect(tabAfterKey('ArrowRight', 2, 3)).toBe(0);
    expect(tabAfterKey('ArrowLeft', 1, 3)).toBe(0);
    expect(tabAfterKey('ArrowLeft', 0, 3)).toBe(2);
  });

  it('goes to the first and last tab with Home and End, and Space keeps the focused tab', () => {
    expect(tabAfterKey('Home', 2, 3)).toBe(0);
    expect(tabAfterKey('End', 0, 3)).toBe(2);
    expect(tabAfterKey(' ', 1, 3)).toBe(1);
  });

  it('leaves other keys alone', () => {
    expect(tabAfterKey('Tab', 1, 3)).toBeNull();
    expect(tabAfterKey('ArrowDown', 1, 3)).toBeNull();
    expect(tabAfterKey('Enter', 1, 3)).toBeNull();
  });
});

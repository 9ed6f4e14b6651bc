import { describe, expect, it } from 'vitest';

import { backPathFor, menuKeyForPath, MEMBER_MENU } from './member-menu';

describe('menuKeyForPath', () => {
  it.each([
    ['/member/status', '1'],
    ['/member/share', '2'],
    ['/member/loan', '3'],
    ['/member/loan_statement/LN6700123', '3'],
    ['/member/deposit', '4'],
    ['/member/dep_statement/0010012345', '4'],
    ['/member/kep', '5'],
    ['/member/kepcrem', '12'],
    ['/member/coll', '6'],
    ['/member/gian', '7'],
    ['/member/dividend', '8'],
    ['/member/password', '9'],
    ['/member/security', '13'],
    ['/member/logout', '10'],
    ['/member/welfare', '10'],
    ['/member/logon', '11'],
    ['/member/welcome', '99'],
    ['/member/status/', '1'],
    ['/member/unknown', '1'],
    ['/member/loanx', '1'],
  ])('%s → %s', (path, key) => {
    expect(menuKeyForPath(path)).toBe(key);
  });

  it('lists the side menu in the spec order', () => {
    expect(MEMBER_MENU.map((m) => m.path.replace('/member/', ''))).toEqual([
      'status',
      'share',
      'loan',
      'deposit',
      'kep',
      'kepcrem',
      'coll',
      'dividend',
      'gian',
      'welfare',
      'password',
      'security',
    ]);
  });

  it('sends statements back to their list, a printable month to the months, and nothing back from the top', () => {
    expect(backPathFor('/member/loan_statement/1')).toBe('/member/loan');
    expect(backPathFor('/member/dep_statement/1')).toBe('/member/deposit');
    expect(backPathFor('/member/kep/2025-10')).toBe('/member/kep');
    expect(backPathFor('/member/share')).toBe('/member/status');
    expect(backPathFor('/member/kepcrem')).toBe('/member/status');
    expect(backPathFor('/member/status')).toBeNull();
    expect(backPathFor('/member/status/')).toBeNull();
  });
});

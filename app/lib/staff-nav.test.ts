import { describe, expect, it } from 'vitest';

import { navCurrent, STAFF_NAV } from './staff';

const entry = (to: string) => STAFF_NAV.find((e) => e.to === to)!;

describe('the back office menu marks where the staff member is', () => {
  it.each([
    ['/staff/content', '/staff/content', 'page'],
    ['/staff/content', '/staff/content/12', 'true'],
    ['/staff/content', '/staff/content/trash', 'true'],
    ['/staff/content', '/staff/media', 'true'],
    ['/staff/content', '/staff/menu', 'true'],
    ['/staff/content', '/staff/home', 'true'],
    ['/staff/board', '/staff/board/topics', 'true'],
    ['/staff/board', '/staff/demand', 'true'],
    ['/staff/board', '/staff/demand/7', 'true'],
    ['/staff/board', '/staff/blocks', 'true'],
    ['/staff/members', '/staff/members/locked', 'true'],
    ['/staff/accounts', '/staff/accounts', 'page'],
    ['/staff/content', '/staff/contents', undefined],
    ['/staff/content', '/staff/audit', undefined],
    ['/staff/board', '/staff/menu', undefined],
    ['/staff/accounts', '/staff/account', undefined],
  ] as const)('%s on %s: %s', (to, pathname, current) => {
    expect(navCurrent(entry(to), pathname)).toBe(current);
  });
});

import { describe, expect, it } from 'vitest';

import { STATEMENT_PAGE_SIZE, pageCount, pageHref } from './statement-query';

const url = (query: string) => new URL(`https://coop.example/member/share_statement${query}`);

describe('pageCount', () => {
  it('has a page size of 10', () => {
    expect(STATEMENT_PAGE_SIZE).toBe(10);
  });

  it.each([
    [0, 1],
    [-5, 1],
    [Number.NaN, 1],
    [1, 1],
    [10, 1],
    [11, 2],
    [95, 10],
    [100, 10],
  ])('%d rows → %d pages', (total, pages) => {
    expect(pageCount(total)).toBe(pages);
  });

  it('takes a page size', () => {
    expect(pageCount(50, 20)).toBe(3);
    expect(pageCount(50, 0)).toBe(1);
  });
});

describe('pageHref', () => {
  it('sets page and keeps the other params', () => {
    expect(pageHref(url('?from=01%2F01%2F2568&to=31%2F12%2F2568'), 3)).toBe(
      '/member/share_statement?from=01%2F01%2F2568&to=31%2F12%2F2568&page=3',
    );
  });

  it('replaces an existing page', () => {
    expect(pageHref(url('?page=2&from=01%2F01%2F2568'), 5)).toBe('/member/share_statement?page=5&from=01%2F01%2F2568');
  });

  it('omits page 1', () => {
    expect(pageHref(url('?from=01%2F01%2F2568&page=4'), 1)).toBe('/member/share_statement?from=01%2F01%2F2568');
    expect(pageHref(url('?page=4'), 1)).toBe('/member/share_statement');
    expect(pageHref(url(''), 1)).toBe('/member/share_statement');
  });

  it('does not mutate the URL', () => {
    const u = url('?page=2');
    pageHref(u, 3);
    expect(u.search).toBe('?page=2');
  });
});

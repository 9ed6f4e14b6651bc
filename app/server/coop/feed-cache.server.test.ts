import { describe, expect, it } from 'vitest';

import { cacheSharedFeeds } from './feed-cache.server';
import type { CoopBackend } from './types';

function fakeBackend() {
  const calls = { menu: 0, profile: 0 };
  let fail = false;
  const backend = {
    kind: 'embedded',
    getMenu: async () => {
      calls.menu += 1;
      if (fail) throw new Error('down');
      return [{ seq: calls.menu }];
    },
    getFooterPhones: async () => [],
    getHomeContent: async () => ({}),
    getMemberProfile: async () => {
      calls.profile += 1;
      return {};
    },
  } as unknown as CoopBackend;
  return { backend, calls, setFail: (value: boolean) => (fail = value) };
}

describe('cacheSharedFeeds', () => {
  it('answers the menu from memory until the TTL runs out', async () => {
    let clock = 5_000;
    const { backend, calls } = fakeBackend();
    const cached = cacheSharedFeeds(backend, 1000, () => clock);
    expect(await cached.getMenu()).toEqual([{ seq: 1 }]);
    clock = 5_999;
    expect(await cached.getMenu()).toEqual([{ seq: 1 }]);
    clock = 6_001;
    expect(await cached.getMenu()).toEqual([{ seq: 2 }]);
    expect(calls.menu).toBe(2);
  });

  it('never keeps member calls, and does not keep a failure', async () => {
    const { backend, calls, setFail } = fakeBackend();
    const cached = cacheSharedFeeds(backend, 60_000, () => 0);
    await cached.getMemberProfile({ token: 't' });
    await cached.getMemberProfile({ token: 't' });
    expect(calls.profile).toBe(2);
    setFail(true);
    await expect(cached.getMenu()).rejects.toThrow('down');
    setFail(false);
    expect(await cached.getMenu()).toEqual([{ seq: 2 }]);
  });

  it('shares one call between requests that arrive together', async () => {
    const { backend, calls } = fakeBackend();
    const cached = cacheSharedFeeds(backend, 60_000, () => 0);
    await Promise.all([cached.getMenu(), cached.getMenu(), cached.getMenu()]);
    expect(calls.menu).toBe(1);
  });

  it('forgets every kept answer when public content changes on this instance', async () => {
    const listeners: (() => void)[] = [];
    const { backend, calls } = fakeBackend();
    const cached = cacheSharedFeeds(
      backend,
      60_000,
      () => 0,
      (listener) => listeners.push(listener),
    );
    expect(await cached.getMenu()).toEqual([{ seq: 1 }]);
    expect(await cached.getMenu()).toEqual([{ seq: 1 }]);
    for (const listener of listeners) listener();
    expect(await cached.getMenu()).toEqual([{ seq: 2 }]);
    expect(calls.menu).toBe(2);
  });
});

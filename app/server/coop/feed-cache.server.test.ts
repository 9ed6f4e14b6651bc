import { describe, expect, it } from 'vitest';

import type { PublicChange } from '../content/public-content.server';
import { cacheSharedFeeds } from './feed-cache.server';
import type { CoopBackend } from './types';
import { degradeGracefully } from './unavailable.server';

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

  it('forgets every kept answer when staff change public content on this instance, not on a board post', async () => {
    const listeners: ((change: PublicChange) => void)[] = [];
    const { backend, calls } = fakeBackend();
    const cached = cacheSharedFeeds(
      backend,
      60_000,
      () => 0,
      (listener) => listeners.push(listener),
    );
    expect(await cached.getMenu()).toEqual([{ seq: 1 }]);
    expect(await cached.getMenu()).toEqual([{ seq: 1 }]);
    for (const listener of listeners) listener({ scope: 'board', topicId: 42 });
    for (const listener of listeners) listener({ scope: 'demand' });
    expect(await cached.getMenu()).toEqual([{ seq: 1 }]);
    for (const listener of listeners) listener({ scope: 'all' });
    expect(await cached.getMenu()).toEqual([{ seq: 2 }]);
    expect(calls.menu).toBe(2);
  });

  it('hands each request waiting on a failed call a 503 of its own, whose body it can read', async () => {
    let release: () => void = () => undefined;
    const gate = new Promise<void>((resolve) => (release = resolve));
    let calls = 0;
    const failing = {
      kind: 'http',
      getMenu: async () => {
        calls += 1;
        await gate;
        throw new Error('connect ECONNREFUSED');
      },
      getFooterPhones: async () => [],
      getHomeContent: async () => ({}),
    } as unknown as CoopBackend;
    // As app.server.ts composes them: the feed cache over the 503 of degradeGracefully.
    const cached = cacheSharedFeeds(degradeGracefully(failing), 60_000, () => 0);
    const waiting = Array.from({ length: 12 }, () =>
      cached.getMenu().then(
        () => null,
        (error: unknown) => error,
      ),
    );
    release();
    const thrown = await Promise.all(waiting);
    expect(calls).toBe(1);
    expect(new Set(thrown).size).toBe(12);
    for (const error of thrown) {
      expect(error).toBeInstanceOf(Response);
      const response = error as Response;
      expect(response.status).toBe(503);
      expect(response.headers.get('Retry-After')).toBe('30');
      expect(await response.json()).toEqual({ message: expect.stringContaining('ไม่สามารถเชื่อมต่อได้') });
    }
  });
});

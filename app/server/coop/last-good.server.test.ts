import { json } from '@remix-run/node';
import { describe, expect, it } from 'vitest';

import { currentRequestContext, withRequestId } from '../http/request-context.server';
import type { PublicChange } from '../content/public-content.server';
import { keepLastGood } from './last-good.server';
import { CoopUnavailableError, type CoopBackend } from './types';

function fakeBackend() {
  const state = { fail: null as unknown, calls: 0, profileCalls: 0 };
  const answer = async <T>(value: T): Promise<T> => {
    state.calls += 1;
    if (state.fail) throw state.fail;
    return value;
  };
  const backend = {
    kind: 'http',
    getMenu: () => answer([{ seq: state.calls + 1 }]),
    getContentItem: (no: number) => answer(no === 404 ? null : { no, title: `item ${no} #${state.calls + 1}` }),
    searchContent: (query: string) => answer({ query, total: state.calls + 1 }),
    getMemberProfile: async () => {
      state.profileCalls += 1;
      if (state.fail) throw state.fail;
      return { name: `member #${state.profileCalls}` };
    },
  } as unknown as CoopBackend;
  return { backend, state };
}

const unavailable = () => json({ message: 'ไม่สามารถเชื่อมต่อได้' }, { status: 503 });

describe('keepLastGood', () => {
  it('serves the last good answer of the same call and arguments when the backend is unavailable', async () => {
    let clock = 1_000;
    const stale: { at: number; call: string }[] = [];
    const { backend, state } = fakeBackend();
    const kept = keepLastGood(backend, { now: () => clock, onStale: (at, call) => stale.push({ at, call }) });
    expect(await kept.getMenu()).toEqual([{ seq: 1 }]);
    expect(await kept.getContentItem(7)).toEqual({ no: 7, title: 'item 7 #2' });
    clock = 5_000;
    expect(await kept.getContentItem(7)).toEqual({ no: 7, title: 'item 7 #3' });
    expect(stale).toEqual([]);

    state.fail = unavailable();
    clock = 9_000;
    expect(await kept.getMenu()).toEqual([{ seq: 1 }]);
    expect(await kept.getContentItem(7)).toEqual({ no: 7, title: 'item 7 #3' });
    // The copy's own time, not the time it was served.
    expect(stale).toEqual([
      { at: 1_000, call: 'getMenu' },
      { at: 5_000, call: 'getContentItem' },
    ]);
    // Other arguments have no copy: the failure passes through.
    await expect(kept.getContentItem(8)).rejects.toBeInstanceOf(Response);
    state.fail = new CoopUnavailableError('down');
    await expect(kept.searchContent('ปันผล')).rejects.toBeInstanceOf(CoopUnavailableError);
  });

  it('keeps "not found" answers, and replaces the copy once the backend answers again', async () => {
    const { backend, state } = fakeBackend();
    const kept = keepLastGood(backend, { onStale: () => undefined });
    expect(await kept.getContentItem(404)).toBeNull();
    await kept.getMenu();
    state.fail = unavailable();
    expect(await kept.getContentItem(404)).toBeNull();
    expect(await kept.getMenu()).toEqual([{ seq: 2 }]);
    state.fail = null;
    expect(await kept.getMenu()).toEqual([{ seq: 5 }]);
    state.fail = unavailable();
    expect(await kept.getMenu()).toEqual([{ seq: 5 }]);
  });

  it('forgets every copy when staff change public content on this instance (an unpublished item is not served again)', async () => {
    const listeners: ((change: PublicChange) => void)[] = [];
    const { backend, state } = fakeBackend();
    const kept = keepLastGood(backend, { onStale: () => undefined, clearOn: (l) => listeners.push(l) });
    await kept.getContentItem(7);
    state.fail = unavailable();
    expect(await kept.getContentItem(7)).toEqual({ no: 7, title: 'item 7 #1' });
    for (const listener of listeners) listener({ scope: 'all' });
    await expect(kept.getContentItem(7)).rejects.toBe(state.fail);
  });

  it('keeps every copy through a board post or a demand answer, which change none of the kept feeds', async () => {
    const listeners: ((change: PublicChange) => void)[] = [];
    const { backend, state } = fakeBackend();
    const kept = keepLastGood(backend, { onStale: () => undefined, clearOn: (l) => listeners.push(l) });
    await kept.getMenu();
    await kept.getContentItem(7);
    await kept.searchContent('เงินกู้');
    for (const change of [{ scope: 'board', topicId: 42 }, { scope: 'board' }, { scope: 'demand' }] as const) {
      for (const listener of listeners) listener(change);
    }
    state.fail = unavailable();
    expect(await kept.getMenu()).toEqual([{ seq: 1 }]);
    expect(await kept.getContentItem(7)).toEqual({ no: 7, title: 'item 7 #2' });
    expect(await kept.searchContent('เงินกู้')).toEqual({ query: 'เงินกู้', total: 3 });
  });

  it('never keeps member data and lets other errors through', async () => {
    const { backend, state } = fakeBackend();
    const kept = keepLastGood(backend, { onStale: () => undefined });
    expect(await kept.getMemberProfile({ token: 't' } as never)).toEqual({ name: 'member #1' });
    state.fail = unavailable();
    await expect(kept.getMemberProfile({ token: 't' } as never)).rejects.toBeInstanceOf(Response);
    state.fail = null;
    await kept.getMenu();
    state.fail = new Error('a bug');
    await expect(kept.getMenu()).rejects.toThrow('a bug');
    state.fail = json(null, { status: 404 });
    await expect(kept.getMenu()).rejects.toBeInstanceOf(Response);
  });

  it('keeps at most maxEntries copies, least recently used out first', async () => {
    const { backend, state } = fakeBackend();
    const kept = keepLastGood(backend, { maxEntries: 2, onStale: () => undefined });
    await kept.getContentItem(1);
    await kept.getContentItem(2);
    state.fail = unavailable();
    await kept.getContentItem(1); // served from its copy: now the most recently used
    state.fail = null;
    await kept.getContentItem(3); // evicts item 2
    state.fail = unavailable();
    await expect(kept.getContentItem(1)).resolves.toMatchObject({ no: 1 });
    await expect(kept.getContentItem(3)).resolves.toMatchObject({ no: 3 });
    await expect(kept.getContentItem(2)).rejects.toBeInstanceOf(Response);
  });

  it('marks the request it serves as stale, with the oldest copy, and no other request', async () => {
    let clock = 1_000;
    const { backend, state } = fakeBackend();
    const kept = keepLastGood(backend, { now: () => clock });
    await kept.getMenu();
    clock = 2_000;
    await kept.getContentItem(1);
    state.fail = unavailable();
    const staleRequest = withRequestId('a', async () => {
      await kept.getContentItem(1);
      await kept.getMenu();
      return currentRequestContext()?.staleSince;
    });
    const freshRequest = withRequestId('b', async () => currentRequestContext()?.staleSince);
    expect(await staleRequest).toBe(1_000);
    expect(await freshRequest).toBeUndefined();
  });
});

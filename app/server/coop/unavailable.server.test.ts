import { describe, expect, it } from 'vitest';

import { CoopAuthError, CoopThrottledError, CoopUnavailableError, type CoopBackend } from './types';
import { DISK_FULL_MESSAGE, UNAVAILABLE_MESSAGE } from '~/lib/messages';
import { isDiskFull } from '~/server/ops/disk-full.server';

import { degradeGracefully, isUnavailable } from './unavailable.server';

function fakeBackend(error: unknown): CoopBackend {
  return new Proxy({} as CoopBackend, {
    get: (_t, prop) => (prop === 'kind' ? 'embedded' : async () => Promise.reject(error)),
  });
}

describe('degradeGracefully', () => {
  it('turns a failing call into HTTP 503 with the spec message', async () => {
    const backend = degradeGracefully(fakeBackend(new Error('SQLITE_BUSY: database is locked')));
    const thrown = await backend.getMenu().catch((e: unknown) => e);
    expect(thrown).toBeInstanceOf(Response);
    const response = thrown as Response;
    expect(response.status).toBe(503);
    expect(await response.json()).toEqual({ message: UNAVAILABLE_MESSAGE });
  });

  it("passes a core's throttling of a board posting on (the board says 'try later'); elsewhere it is a 503", async () => {
    const backend = degradeGracefully(fakeBackend(new CoopThrottledError('coop boardCreate: throttled', 600)));
    const topic = { title: 't', body: 'b', displayName: 'n' };
    await expect(backend.createBoardTopic(topic, { idempotencyKey: 'k' })).rejects.toBeInstanceOf(CoopThrottledError);
    await expect(backend.createBoardAnswer(1, topic, { idempotencyKey: 'k' })).rejects.toBeInstanceOf(
      CoopThrottledError,
    );
    const thrown = await backend.getMenu().catch((e: unknown) => e);
    expect((thrown as Response).status).toBe(503);
  });

  it('says a full disk as that: a 503 the boundaries show as "storage full", not "cannot connect"', async () => {
    const full = Object.assign(new Error('database or disk is full'), { code: 'SQLITE_FULL' });
    const backend = degradeGracefully(fakeBackend(full));
    const thrown = await backend.setMemberPhoto({ token: 't' }, new Uint8Array([0xff])).catch((e: unknown) => e);
    expect(thrown).toBeInstanceOf(Response);
    expect(isDiskFull(thrown)).toBe(true);
    expect(isUnavailable(thrown)).toBe(true);
    const response = thrown as Response;
    expect(response.status).toBe(503);
    expect(await response.json()).toEqual({ message: DISK_FULL_MESSAGE, diskFull: true });
  });

  it('covers the photo calls too', async () => {
    const backend = degradeGracefully(fakeBackend(new Error('connection refused')));
    const member = { token: 't' };
    for (const call of [
      () => backend.getMemberPhoto(member),
      () => backend.getMemberPhotoInfo(member),
      () => backend.setMemberPhoto(member, new Uint8Array([0xff, 0xd8, 0xff])),
    ]) {
      const thrown = await call().catch((e: unknown) => e);
      expect(thrown).toBeInstanceOf(Response);
      expect((thrown as Response).status).toBe(503);
    }
  });

  it('covers impersonate too: a store failure there is a 503, not a crash', async () => {
    const backend = degradeGracefully(fakeBackend(new Error('connection refused')));
    const thrown = await backend.impersonate('012345').catch((e: unknown) => e);
    expect(thrown).toBeInstanceOf(Response);
    expect((thrown as Response).status).toBe(503);
  });

  it('lets token refusals through so the session can end', async () => {
    const backend = degradeGracefully(fakeBackend(new CoopAuthError('token is invalid')));
    await expect(backend.getMemberProfile({ token: 't' })).rejects.toBeInstanceOf(CoopAuthError);
  });

  it('passes plain properties and results through', async () => {
    const backend = degradeGracefully({ kind: 'embedded', getMenu: async () => [] } as unknown as CoopBackend);
    expect(backend.kind).toBe('embedded');
    expect(await backend.getMenu()).toEqual([]);
  });

  it('ends the session when a member call is refused after the session check (spec §8)', async () => {
    const backend = degradeGracefully(fakeBackend(new CoopAuthError('token refused by the core')));
    const ending = new Response(null, { status: 302, headers: { Location: '/member/logon' } });
    // Credentials requireMember made for this request, after the session check passed.
    const member = { token: 't', perRequest: { answers: new Map(), endSession: () => Promise.resolve(ending) } };
    expect(await backend.getLoans(member).catch((e: unknown) => e)).toBe(ending);
    // Credentials nobody registered (the session check itself, login): the refusal passes through.
    const other = await backend.getLoans({ token: 'u' }).catch((e: unknown) => e);
    expect(other).toBeInstanceOf(CoopAuthError);
  });
});

describe('isUnavailable', () => {
  it('knows the backend failures a form or a kept copy may answer, and nothing else', async () => {
    const thrown = await degradeGracefully(fakeBackend(new Error('down')))
      .getMenu()
      .catch((e: unknown) => e);
    expect(isUnavailable(thrown)).toBe(true);
    expect(isUnavailable(new CoopUnavailableError('coop login: timeout'))).toBe(true);
    expect(isUnavailable(new Response(null, { status: 404 }))).toBe(false);
    expect(isUnavailable(new Response(null, { status: 302 }))).toBe(false);
    expect(isUnavailable(new CoopAuthError('refused'))).toBe(false);
    expect(isUnavailable(new Error('a bug'))).toBe(false);
  });
});

import { describe, expect, it } from 'vitest';

import { useOwnStore } from '../app-store.test-support';

/**
 * Session lifetimes (ADR 037) on a fake clock: the idle timeout slides with activity, the absolute
 * lifetime does not — 12 hours without "stay signed in", 30 days with it.
 */
useOwnStore('session', { SEED_DEMO: '0', SESSION_IDLE_MINUTES: '30' });

const { ABSOLUTE_MS, createSession, lookupSession } = await import('./session.server');

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;
const T0 = Date.UTC(2026, 10, 25, 8, 0, 0);

async function started(remember: boolean): Promise<Request> {
  const setCookie = await createSession(
    new Request('http://coop.test/member/logon', { method: 'POST' }),
    {
      membershipNo: '012345',
      memberName: 'test',
      upstreamToken: `t-${Math.random()}`,
      upstreamExpiresInSeconds: 900,
      remember,
    },
    T0,
  );
  const cookie = setCookie.split(';')[0] ?? '';
  return new Request('http://coop.test/member/status', { headers: { Cookie: cookie } });
}

/** Uses the session every `everyMs` from T0 until it ends; answers when it was last active. */
async function activeUntil(request: Request, everyMs: number, limitMs: number): Promise<number> {
  let last = T0;
  for (let t = T0 + everyMs; t <= T0 + limitMs; t += everyMs) {
    if ((await lookupSession(request, t)).status !== 'active') return last;
    last = t;
  }
  return last;
}

describe('session lifetimes', () => {
  it('are 12 hours and 30 days', () => {
    expect(ABSOLUTE_MS).toEqual({ normal: 12 * HOUR, remember: 30 * DAY });
  });

  it('without "stay signed in": idle 30 minutes, and 12 hours at most however active', async () => {
    const idle = await started(false);
    expect((await lookupSession(idle, T0 + 29 * MINUTE)).status).toBe('active');
    expect((await lookupSession(idle, T0 + 29 * MINUTE + 30 * MINUTE)).status).toBe('invalid');

    const busy = await started(false);
    const last = await activeUntil(busy, 20 * MINUTE, 13 * HOUR);
    expect(last).toBeLessThan(T0 + 12 * HOUR);
    expect(last).toBeGreaterThanOrEqual(T0 + 12 * HOUR - 20 * MINUTE);
    expect((await lookupSession(busy, T0 + 12 * HOUR)).status).toBe('invalid');
  });

  it('with "stay signed in": 30 days at most however active', async () => {
    const remembered = await started(true);
    expect((await lookupSession(remembered, T0 + 29 * DAY)).status).toBe('active');
    expect((await lookupSession(remembered, T0 + 30 * DAY)).status).toBe('invalid');
  });
});

import { describe, expect, it } from 'vitest';

import { shareOutcome } from './shared-outcome.server';

describe('shareOutcome', () => {
  it('hands every caller the same value, and the same error when it is not a response', async () => {
    const value = { n: 1 };
    const shared = shareOutcome(Promise.resolve(value));
    expect(await shared()).toBe(value);
    expect(await shared()).toBe(value);
    const error = new Error('down');
    const failed = shareOutcome(Promise.reject(error));
    await expect(failed()).rejects.toBe(error);
    await expect(failed()).rejects.toBe(error);
  });

  it('hands each caller a response of its own: status, headers (each Set-Cookie) and a body it can read', async () => {
    const headers = new Headers({ 'Retry-After': '30', 'Content-Type': 'application/json; charset=utf-8' });
    headers.append('Set-Cookie', 'a=1; Path=/');
    headers.append('Set-Cookie', 'b=2; Path=/');
    const failed = shareOutcome(
      Promise.reject(new Response('{"message":"ไม่สามารถเชื่อมต่อได้"}', { status: 503, headers })),
    );
    const thrown = await Promise.all([1, 2, 3].map(() => failed().catch((e: unknown) => e as Response)));
    expect(new Set(thrown).size).toBe(3);
    for (const response of thrown) {
      expect(response.status).toBe(503);
      expect(response.headers.get('Retry-After')).toBe('30');
      expect(response.headers.getSetCookie()).toEqual(['a=1; Path=/', 'b=2; Path=/']);
      expect(await response.json()).toEqual({ message: 'ไม่สามารถเชื่อมต่อได้' });
    }
  });

  it('keeps a redirect without a body as one', async () => {
    const failed = shareOutcome(
      Promise.reject(new Response(null, { status: 302, headers: { Location: '/member/logon' } })),
    );
    const [a, b] = await Promise.all([
      failed().catch((e: unknown) => e as Response),
      failed().catch((e: unknown) => e as Response),
    ]);
    expect(a).not.toBe(b);
    for (const response of [a, b]) {
      expect(response.status).toBe(302);
      expect(response.headers.get('Location')).toBe('/member/logon');
      expect(response.body).toBeNull();
    }
  });
});

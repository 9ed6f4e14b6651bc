import { describe, expect, it } from 'vitest';

import { createLimiter, QueueFullError } from './limiter.server';

const tick = () => new Promise((resolve) => setTimeout(resolve, 5));

describe('createLimiter', () => {
  it('runs at most `concurrency` tasks at once, queues `queue` more in order, refuses the rest at once', async () => {
    const limiter = createLimiter({ concurrency: 2, queue: 3 });
    let running = 0;
    let peak = 0;
    const order: number[] = [];
    const task = (i: number) => async () => {
      running += 1;
      peak = Math.max(peak, running);
      order.push(i);
      await tick();
      running -= 1;
      return i;
    };
    const results = await Promise.allSettled([0, 1, 2, 3, 4, 5, 6].map((i) => limiter.run(task(i))));
    expect(results.slice(0, 5).map((r) => (r.status === 'fulfilled' ? r.value : null))).toEqual([0, 1, 2, 3, 4]);
    expect(results.slice(5).every((r) => r.status === 'rejected' && r.reason instanceof QueueFullError)).toBe(true);
    expect(peak).toBe(2);
    expect(order).toEqual([0, 1, 2, 3, 4]);
    expect([limiter.active, limiter.waiting]).toEqual([0, 0]);
  });

  it('frees the slot of a task that fails', async () => {
    const limiter = createLimiter({ concurrency: 1, queue: 0 });
    await expect(limiter.run(() => Promise.reject(new Error('boom')))).rejects.toThrow('boom');
    await expect(limiter.run(async () => 'next')).resolves.toBe('next');
    expect(limiter.active).toBe(0);
  });
});

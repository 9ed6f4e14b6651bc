/** Too much work is already running and waiting: the caller answers 503 instead of queueing more. */
export class QueueFullError extends Error {
  override name = 'QueueFullError';
}

export interface Limiter {
  /** Runs `task` when one of the `concurrency` slots is free; throws QueueFullError when `queue` are waiting. */
  run<T>(task: () => Promise<T>): Promise<T>;
  /** Tasks running now, and waiting now. */
  readonly active: number;
  readonly waiting: number;
}

/**
 * A small in-process semaphore with a bounded queue: at most `concurrency` tasks run at once, at most
 * `queue` wait (first come, first served), and a task beyond that is refused at once rather than
 * piling up memory. The decision is made synchronously at the call.
 */
export function createLimiter({ concurrency, queue }: { concurrency: number; queue: number }): Limiter {
  let active = 0;
  const waiters: (() => void)[] = [];
  const release = () => {
    const next = waiters.shift();
    if (next) next();
    else active -= 1;
  };
  return {
    async run<T>(task: () => Promise<T>): Promise<T> {
      if (active < concurrency) active += 1;
      else if (waiters.length < queue) await new Promise<void>((resolve) => waiters.push(resolve));
      else throw new QueueFullError('queue full');
      try {
        return await task();
      } finally {
        release();
      }
    },
    get active() {
      return active;
    },
    get waiting() {
      return waiters.length;
    },
  };
}

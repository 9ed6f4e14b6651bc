// Change signals among the workers of one server (ADR 071): the workers' side
// (app/server/http/worker-signals.server.ts) against the primary's relay (server/cluster.ts), wired
// together in one process with message queues standing in for the IPC channels.
import { describe, expect, it } from 'vitest';

import {
  createWorkerSignals,
  type SignalChannel,
  type SignalMessage,
  type WorkerSignals,
} from '../../app/server/http/worker-signals.server';
import { createSignalRelay } from '../../server/cluster';

interface FakeWorker {
  id: number;
  signals: WorkerSignals;
  /** What the primary sends to this worker. */
  send: (message: object) => void;
  /** Stops answering (stuck) or exits. */
  stuck: boolean;
}

/** `n` workers and a relay, messages delivered asynchronously as IPC would. */
function cluster(n: number, { timeoutMs = 2000 } = {}) {
  const ready = new Map<number, FakeWorker>();
  const relay = createSignalRelay(() => ready.values());
  const later = (fn: () => void) => void setTimeout(fn, 1);
  for (let id = 1; id <= n; id += 1) {
    const listeners: ((message: unknown) => void)[] = [];
    const channel: SignalChannel = {
      send(message: SignalMessage) {
        later(() => relay.receive(worker, message));
        return true;
      },
      onMessage: (listener) => listeners.push(listener),
    };
    const worker: FakeWorker = {
      id,
      signals: createWorkerSignals(channel, { timeoutMs }),
      send: (message) =>
        later(() => {
          if (!worker.stuck) for (const listener of listeners) listener(message);
        }),
      stuck: false,
    };
    ready.set(id, worker);
  }
  const exit = (id: number) => {
    const worker = ready.get(id);
    ready.delete(id);
    if (worker) relay.gone(worker);
  };
  return { workers: [...ready.values()], exit };
}

describe('worker signals through the primary', () => {
  it('a change signalled in one worker has run in every worker when the signal resolves', async () => {
    const { workers } = cluster(3);
    const cleared: number[] = [];
    for (const worker of workers) worker.signals.on('public-content-changed', () => cleared.push(worker.id));
    await workers[1]!.signals.signal('public-content-changed');
    expect(cleared.sort()).toEqual([1, 2, 3]);
    // Only that topic's handlers run.
    await workers[0]!.signals.signal('content-pictures-changed');
    expect(cleared).toHaveLength(3);
  });

  it('a topic carries what changed after a colon, through the primary as it is, to every worker', async () => {
    const { workers } = cluster(2);
    const heard: [number, string | undefined][] = [];
    for (const worker of workers)
      worker.signals.on('public-content-changed', (detail) => heard.push([worker.id, detail]));
    await workers[0]!.signals.signal('public-content-changed:board:42');
    await workers[1]!.signals.signal('public-content-changed');
    expect(heard).toHaveLength(4);
    expect(heard).toEqual(
      expect.arrayContaining([
        [1, 'board:42'],
        [2, 'board:42'],
        [1, undefined],
        [2, undefined],
      ]),
    );
  });

  it('does not wait for a worker that exits meanwhile', async () => {
    const { workers, exit } = cluster(2);
    workers[1]!.stuck = true;
    const started = Date.now();
    const done = workers[0]!.signals.signal('public-content-changed');
    setTimeout(() => exit(2), 20);
    await done;
    expect(Date.now() - started).toBeLessThan(1000);
  });

  it('gives up on a stuck worker after its timeout, and the other workers still ran it', async () => {
    const { workers } = cluster(3, { timeoutMs: 200 });
    const cleared: number[] = [];
    for (const worker of workers) worker.signals.on('t', () => cleared.push(worker.id));
    workers[2]!.stuck = true;
    const started = Date.now();
    await workers[0]!.signals.signal('t');
    expect(Date.now() - started).toBeGreaterThanOrEqual(190);
    expect(cleared.sort()).toEqual([1, 2]);
  });

  it('alone (one process, or no primary to tell), a signal runs here and resolves at once', async () => {
    const alone = createWorkerSignals(null);
    let runs = 0;
    alone.on('t', () => (runs += 1));
    await alone.signal('t');
    expect(runs).toBe(1);
    const orphan = createWorkerSignals({ send: () => false, onMessage: () => undefined });
    orphan.on('t', () => (runs += 1));
    await orphan.signal('t');
    expect(runs).toBe(2);
  });

  it('the relay ignores messages that are not signals', () => {
    const relay = createSignalRelay(() => []);
    const worker = { id: 1, send: () => undefined };
    expect(relay.receive(worker, 'hello')).toBe(false);
    expect(relay.receive(worker, { sahakorn: 'stop' })).toBe(false);
    expect(relay.receive(worker, { sahakorn: 'signal', topic: 't', id: 'x' })).toBe(true);
  });
});

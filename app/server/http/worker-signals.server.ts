import cluster from 'node:cluster';
import { randomUUID } from 'node:crypto';

import { log } from '../log.server';

/**
 * Signals between the worker processes of one server (server.js starts WEB_CONCURRENCY of them,
 * ADR 071). Each worker keeps its own in-memory copies (the shared feeds, the
 * picture check …); when one learns that what they copied has changed, `signal(topic)` runs the
 * topic's handlers in this worker at once and, through the primary, in every other one, and resolves
 * once they all have: a staff member's or a visitor's change is then visible on whichever worker
 * serves their next request. A worker that does not answer within `timeoutMs` (stuck or dying) is
 * not waited for longer: its copies end with their lifetimes, as before.
 *
 * A topic may carry what changed after a colon (`public-content-changed:board:42`): the handlers of
 * `public-content-changed` run with `board:42`. The primary relays the topic as it is.
 *
 * The messages (server/cluster.ts relays them):
 *   worker → primary   { sahakorn: 'signal', topic, id }
 *   primary → others   the same message; each runs the handlers and answers
 *   other → primary    { sahakorn: 'signal-done', id }
 *   primary → worker   { sahakorn: 'signal-done', id } once every other worker has answered or exited
 */
export interface SignalMessage {
  sahakorn: 'signal' | 'signal-done';
  id: string;
  topic?: string;
}

/** How messages leave and arrive: the worker's IPC channel to the primary, or a test's stand-in. */
export interface SignalChannel {
  /** Hands the message over; false when the channel is closed. */
  send(message: SignalMessage): boolean;
  onMessage(listener: (message: unknown) => void): void;
}

export interface WorkerSignals {
  /**
   * Runs `handler` whenever `topic` is signalled, here or in another worker, with what followed the
   * topic's name after a colon (undefined when nothing did).
   */
  on(topic: string, handler: (detail?: string) => void): void;
  /** Runs the topic's handlers here, then in every other worker; resolves when all have. */
  signal(topic: string): Promise<void>;
}

function isSignalMessage(message: unknown): message is SignalMessage {
  if (typeof message !== 'object' || message === null) return false;
  const { sahakorn, id } = message as Partial<SignalMessage>;
  return (sahakorn === 'signal' || sahakorn === 'signal-done') && typeof id === 'string';
}

/** `channel` null: a process of its own (one worker, tests), where signals stay in this process. */
export function createWorkerSignals(channel: SignalChannel | null, { timeoutMs = 2000 } = {}): WorkerSignals {
  const handlers = new Map<string, ((detail?: string) => void)[]>();
  const waiting = new Map<string, () => void>();
  const run = (topic: string) => {
    const at = topic.indexOf(':');
    const name = at < 0 ? topic : topic.slice(0, at);
    const detail = at < 0 ? undefined : topic.slice(at + 1);
    for (const handler of handlers.get(name) ?? []) handler(detail);
  };
  channel?.onMessage((message) => {
    if (!isSignalMessage(message)) return;
    if (message.sahakorn === 'signal' && message.topic) {
      run(message.topic);
      channel.send({ sahakorn: 'signal-done', id: message.id });
    } else if (message.sahakorn === 'signal-done') {
      waiting.get(message.id)?.();
    }
  });
  return {
    on(topic, handler) {
      handlers.set(topic, [...(handlers.get(topic) ?? []), handler]);
    },
    signal(topic) {
      run(topic);
      if (!channel) return Promise.resolve();
      const id = randomUUID();
      return new Promise<void>((resolve) => {
        const timer = setTimeout(() => {
          log.warn('other workers did not confirm a change in time', { topic, ms: timeoutMs });
          done();
        }, timeoutMs);
        const done = () => {
          clearTimeout(timer);
          waiting.delete(id);
          resolve();
        };
        waiting.set(id, done);
        // The primary is gone (the server is stopping): there is nobody to tell.
        if (!channel.send({ sahakorn: 'signal', topic, id })) done();
      });
    },
  };
}

/** The worker's IPC channel to the primary, when this process is a cluster worker. */
function workerChannel(): SignalChannel | null {
  if (!cluster.isWorker) return null;
  return {
    send(message) {
      if (!process.connected || !process.send) return false;
      try {
        // Its answer only says whether Node queued it behind others; a closed channel is an error.
        process.send(message, undefined, undefined, () => undefined);
        return true;
      } catch {
        return false;
      }
    },
    onMessage(listener) {
      process.on('message', listener);
    },
  };
}

const signals = createWorkerSignals(workerChannel());

/** `WorkerSignals.on` for this process. */
export const onWorkerSignal = signals.on;
/** `WorkerSignals.signal` for this process. */
export const signalWorkers = signals.signal;

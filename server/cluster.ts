// The primary process of the server when WEB_CONCURRENCY is above 1 (ADR 071). It has prepared the
// store (migrations, demo data) before it gets here; it serves nothing itself. It starts the
// workers (node:cluster: they share the port, the primary hands each new connection to the next
// worker in turn), relays the workers' change signals (app/server/http/worker-signals.server.ts),
// replaces a worker that dies, and on SIGTERM or SIGINT has every worker stop gracefully, then
// answers the exit code: 0 when every worker stopped cleanly.
import cluster, { type Worker } from 'node:cluster';

/** What the relay needs of a worker: its cluster id and a way to send it a message. */
export interface RelayWorker {
  id: number;
  send(message: object, sendHandle?: undefined, callback?: (error: Error | null) => void): unknown;
  isConnected?: () => boolean;
}

interface Log {
  info(message: string, fields?: Record<string, unknown>): void;
  warn(message: string, fields?: Record<string, unknown>): void;
  error(message: string, fields?: Record<string, unknown>): void;
}

/**
 * Relays change signals among workers: a `signal` from one goes to every other ready worker, and the
 * sender hears `signal-done` once each of them has answered or has exited.
 */
export function createSignalRelay(readyWorkers: () => Iterable<RelayWorker>) {
  const pending = new Map<string, { from: RelayWorker; waiting: Set<number> }>();
  const finish = (id: string) => {
    const entry = pending.get(id);
    if (!entry || entry.waiting.size) return;
    pending.delete(id);
    send(entry.from, { sahakorn: 'signal-done', id });
  };
  return {
    /** A message from `worker`; answers whether it was one of the relay's. */
    receive(worker: RelayWorker, message: unknown): boolean {
      if (typeof message !== 'object' || message === null) return false;
      const { sahakorn, id, topic } = message as { sahakorn?: unknown; id?: unknown; topic?: unknown };
      if (typeof id !== 'string') return false;
      if (sahakorn === 'signal' && typeof topic === 'string') {
        const others = [...readyWorkers()].filter((other) => other.id !== worker.id);
        pending.set(id, { from: worker, waiting: new Set(others.map((other) => other.id)) });
        for (const other of others) send(other, { sahakorn: 'signal', topic, id });
        finish(id);
        return true;
      }
      if (sahakorn === 'signal-done') {
        pending.get(id)?.waiting.delete(worker.id);
        finish(id);
        return true;
      }
      return false;
    },
    /** `worker` exited: nobody waits for its answer any more. */
    gone(worker: RelayWorker): void {
      for (const [id, entry] of pending) {
        entry.waiting.delete(worker.id);
        if (entry.from.id === worker.id) pending.delete(id);
        else finish(id);
      }
    },
  };
}

/**
 * Sends unless the worker's channel has closed (it is exiting: `gone` follows). A channel that closes
 * while the message is on its way fails later, not here: the callback takes that failure (without it
 * Node emits an 'error' on the worker, which would end the primary).
 */
function send(worker: RelayWorker, message: object): void {
  if (typeof worker.isConnected === 'function' && !worker.isConnected()) return;
  try {
    worker.send(message, undefined, () => undefined);
  } catch {
    // exiting
  }
}

/** How long the primary waits before replacing a worker again after a replacement died before it served. */
export const RESTART_DELAYS_MS = [1000, 2000, 5000, 10000, 30000];

/**
 * Starts `workers` worker processes (this same script) and keeps them running until a signal.
 * A worker of the first start that exits before it ever listened means the server cannot start (a
 * taken port, a bad store): the others are stopped and the answer is 1, as one process would exit.
 * Once the server has served, a worker that dies is logged and replaced, and a replacement that dies
 * before it listens is tried again after a growing delay (`RESTART_DELAYS_MS`): the workers still
 * serving go on, whatever happens to their sibling.
 * Answers the exit code.
 */
export function runPrimary({
  workers,
  log,
  shutdownTimeoutMs,
  onListening,
  restartDelaysMs = RESTART_DELAYS_MS,
}: {
  workers: number;
  log: Log;
  shutdownTimeoutMs: number;
  onListening: () => void;
  restartDelaysMs?: number[];
}): Promise<number> {
  /** Workers that have listened (they serve, and answer signals), by cluster id. */
  const ready = new Map<number, Worker>();
  const relay = createSignalRelay(() => ready.values());
  let stopping: string | null = null;
  let failed = false;
  let announced = false;
  /** Replacements in a row that died before they listened (the next one waits longer). */
  let failedRestarts = 0;

  return new Promise<number>((resolve) => {
    const alive = () => Object.values(cluster.workers ?? {}).filter((worker): worker is Worker => Boolean(worker));
    const finishIfDone = () => {
      if (stopping && alive().length === 0) {
        log.info('stopped', { signal: stopping, workers });
        resolve(failed ? 1 : 0);
      }
    };

    const fork = () => {
      const worker = cluster.fork();
      // A message that cannot reach a dying worker is the relay's to forget, never the primary's end.
      worker.on('error', (error) =>
        log.warn('message to a worker failed', { pid: worker.process.pid, error: error.message }),
      );
      worker.once('listening', () => {
        ready.set(worker.id, worker);
        failedRestarts = 0;
        if (!announced && ready.size === workers) {
          announced = true;
          onListening();
        }
      });
      worker.on('message', (message: unknown) => relay.receive(worker, message));
    };

    cluster.on('exit', (worker, code, signal) => {
      const listened = ready.delete(worker.id);
      relay.gone(worker);
      if (stopping) {
        if (code !== 0) failed = true;
        finishIfDone();
        return;
      }
      if (!listened && !announced) {
        // The server never served: the cause (said on stderr by the worker) will stop its replacement too.
        log.error('a worker stopped before it could serve: stopping', { pid: worker.process.pid, code, signal });
        failed = true;
        stop('startup failure');
        return;
      }
      if (!listened) {
        // A replacement died before it served; the others serve on. Try again, waiting longer each time.
        const delayMs = restartDelaysMs[Math.min(failedRestarts, restartDelaysMs.length - 1)] ?? 30_000;
        failedRestarts += 1;
        log.error('a new worker stopped before it could serve: trying again', {
          pid: worker.process.pid,
          code,
          signal,
          delayMs,
        });
        setTimeout(() => {
          if (!stopping) fork();
        }, delayMs);
        return;
      }
      log.error('worker stopped unexpectedly: starting another', { pid: worker.process.pid, code, signal });
      fork();
    });

    /** Graceful stop: each worker drains (server.js `close`); a second signal makes them stop at once. */
    function stop(signal: string) {
      if (stopping) {
        log.warn('stopping at once', { signal, workers: alive().length });
        failed = true;
        for (const worker of alive()) send(worker, { sahakorn: 'stop-now', signal });
        return;
      }
      stopping = signal;
      log.info('shutting down', { signal, workers: alive().length });
      for (const worker of alive()) send(worker, { sahakorn: 'stop', signal });
      // Each worker cuts off its own requests after SHUTDOWN_TIMEOUT_SECONDS; one that still has not
      // exited a little later is ended here.
      setTimeout(() => {
        for (const worker of alive()) {
          log.warn('worker did not stop in time: killing it', { pid: worker.process.pid });
          worker.process.kill('SIGKILL');
        }
      }, shutdownTimeoutMs + 5000).unref();
      finishIfDone();
    }

    process.on('SIGTERM', () => stop('SIGTERM'));
    process.on('SIGINT', () => stop('SIGINT'));
    for (let i = 0; i < workers; i += 1) fork();
  });
}

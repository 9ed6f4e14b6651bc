import { onWorkerSignal, signalWorkers } from '../http/worker-signals.server';

/**
 * "Public content changed" signal for the in-memory copies of public pages (server.js's page cache,
 * ADR 014) and of the feeds: a visitor who has just posted sees the board with their topic at once.
 * It reaches every worker process of this server (ADR 071) before it resolves; other instances keep
 * their copies until the TTL runs out (seconds).
 */
const listeners = new Set<() => void>();
const TOPIC = 'public-content-changed';

onWorkerSignal(TOPIC, () => {
  for (const listener of listeners) listener();
});

export function onPublicContentChanged(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** Every worker has forgotten its copies when this resolves. */
export function publicContentChanged(): Promise<void> {
  return signalWorkers(TOPIC);
}

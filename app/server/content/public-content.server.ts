import { onWorkerSignal, signalWorkers } from '../http/worker-signals.server';

/**
 * What changed in public content, so that each in-memory copy forgets only what it holds of it
 * (ADR 096): `all` (staff edited content, the menu or the home page), `board` (a topic or answer was
 * posted or moderated: the board lists and, when known, that topic), `demand` (a demand item was
 * answered or hidden).
 */
export type PublicChange = { scope: 'all' } | { scope: 'board'; topicId?: number } | { scope: 'demand' };

/**
 * "Public content changed" signal for the in-memory copies of the feeds and of their last good
 * answers (ADR 014, ADR 021): a visitor who has just posted sees the board with their topic at once. It reaches every worker process of this server (ADR 071)
 * before it resolves; other instances keep their copies until the TTL runs out (seconds). The
 * change travels in the topic's name (`public-content-changed:board:42`), which the primary relays
 * as it is.
 */
const listeners = new Set<(change: PublicChange) => void>();
const TOPIC = 'public-content-changed';

/** The change as the topic's detail: nothing for `all`. */
export function changeDetail(change: PublicChange): string | undefined {
  if (change.scope === 'all') return undefined;
  if (change.scope === 'board' && change.topicId !== undefined) return `board:${change.topicId}`;
  return change.scope;
}

/** The change a topic's detail names; anything not understood is taken as `all` (forget everything). */
export function changeOf(detail: string | undefined): PublicChange {
  if (detail === 'demand') return { scope: 'demand' };
  if (detail === 'board') return { scope: 'board' };
  const topic = /^board:(\d{1,15})$/.exec(detail ?? '');
  if (topic) return { scope: 'board', topicId: Number(topic[1]) };
  return { scope: 'all' };
}

onWorkerSignal(TOPIC, (detail) => {
  const change = changeOf(detail);
  for (const listener of listeners) listener(change);
});

/** `listener` runs on every change, told what changed; the answer removes it. */
export function onPublicContentChanged(listener: (change: PublicChange) => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** Every worker has forgotten its copies of what `change` names when this resolves. */
export function publicContentChanged(change: PublicChange = { scope: 'all' }): Promise<void> {
  const detail = changeDetail(change);
  return signalWorkers(detail === undefined ? TOPIC : `${TOPIC}:${detail}`);
}

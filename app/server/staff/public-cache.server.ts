import { contentImages } from '../content/media.server';
import { publicContentChanged } from '../content/public-content.server';
import { onWorkerSignal, signalWorkers } from '../http/worker-signals.server';

const PICTURES_TOPIC = 'content-pictures-changed';
onWorkerSignal(PICTURES_TOPIC, () => contentImages().clear());

/**
 * After staff change content, the menu or the home page: every worker of this instance forgets its
 * copies before this resolves (ADR 071) — the shared feeds (menu, footer, home), the last good
 * answers and the picture check's answers. Other instances forget theirs when their lifetimes run out
 * (FEED_CACHE_SECONDS; ADR 061).
 */
export async function contentChanged(): Promise<void> {
  await Promise.all([publicContentChanged(), signalWorkers(PICTURES_TOPIC)]);
}

/**
 * "Public content changed" signal for this instance's in-memory copies of public pages (server.js's
 * page cache, ADR 014): a visitor who has just posted sees the board with their topic at once. Other
 * instances keep their copies until the TTL runs out (seconds).
 */
const listeners = new Set<() => void>();

export function onPublicContentChanged(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function publicContentChanged(): void {
  for (const listener of listeners) listener();
}

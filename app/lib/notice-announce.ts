/**
 * How a notice in the page is announced (ADR 112). A screen reader says what changes in a live
 * region, never what was in it when the page arrived: the notices the server wrote (a flash after a
 * post/redirect/get) would never be read. Once the page has loaded and this long has passed, each
 * notice's words are written again, the same words in the same place, so nothing on the screen
 * changes or moves, and the reader announces them once. Isomorphic: the page scripts (app/client/)
 * and the React component (components/notices.tsx) use it.
 */
export const NOTICE_ANNOUNCE_DELAY_MS = 500;

/** Calls `then` once the page has loaded and NOTICE_ANNOUNCE_DELAY_MS has passed; returns a cancel. */
export function afterPageLoad(then: () => void): () => void {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const wait = () => {
    timer = setTimeout(then, NOTICE_ANNOUNCE_DELAY_MS);
  };
  if (document.readyState === 'complete') wait();
  else window.addEventListener('load', wait, { once: true });
  return () => {
    window.removeEventListener('load', wait);
    if (timer !== undefined) clearTimeout(timer);
  };
}

/**
 * Writes a notice's words again: its text node replaced by a new one with the same words, one change
 * in the live region, which a reader says once.
 */
export function writeAgain(notice: HTMLElement): void {
  notice.replaceChildren(document.createTextNode(notice.textContent ?? ''));
}

/** The page scripts' part: the notices of a page that does not hydrate, written again after load. */
export function announcePageNotices(): void {
  const notices = Array.from(document.querySelectorAll<HTMLElement>('.notices[role="status"] .notice'));
  if (!notices.length) return;
  afterPageLoad(() => notices.forEach(writeAgain));
}

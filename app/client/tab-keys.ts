/**
 * The WAI-ARIA tabs pattern's keys (components/member/tabs.tsx): the index of the tab a key moves
 * to from `now` among `count` tabs, or null for a key the tabs leave alone. Arrows wrap around; Space
 * chooses the focused tab.
 */
export function tabAfterKey(key: string, now: number, count: number): number | null {
  const last = count - 1;
  switch (key) {
    case 'ArrowRight':
      return now === last ? 0 : now + 1;
    case 'ArrowLeft':
      return now === 0 ? last : now - 1;
    case 'Home':
      return 0;
    case 'End':
      return last;
    case ' ':
      return now;
    default:
      return null;
  }
}

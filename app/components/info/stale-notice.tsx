import { formatDataAsOf } from '~/lib/thai-format';

/**
 * Shown at the top of a public page served from kept copies because fresh data could not be fetched
 * (ADR 021): the copy's age, in the spec's words. A polite status: announced, never takes the focus.
 */
export function StaleNotice({ since }: { since: string }) {
  return (
    <p className="callout stale-notice" role="status">
      {formatDataAsOf(since)}
    </p>
  );
}

/** The oldest `dataAsOf` (ISO instant) among the route data of a page, or null when all is fresh. */
export function oldestDataAsOf(data: readonly unknown[]): string | null {
  let oldest: string | null = null;
  for (const item of data) {
    const since = item && typeof item === 'object' && 'dataAsOf' in item ? item.dataAsOf : null;
    if (typeof since === 'string' && (oldest === null || since < oldest)) oldest = since;
  }
  return oldest;
}

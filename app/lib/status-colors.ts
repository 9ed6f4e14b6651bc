/**
 * Status colours (spec §4) and the monthly-collection status (the vendor's `member_kep`, docs/vendor-api.md).
 *
 * Spec §4: "0 gray; 1 green and -1 red in one variant, 1 red and -1 green in another;
 * a further variant maps unknown to red or gray."
 */

export type StatusTone = 'gray' | 'green' | 'red';

/** `positive`: 1 → green, −1 → red. `negative`: 1 → red, −1 → green. Both: 0 → gray. */
export type StatusVariant = 'positive' | 'negative';

/** Reads 1, 0, −1 from a number or a string such as `"1"` / `" -1 "`; anything else is null. */
function statusValue(value: number | string | null | undefined): 1 | 0 | -1 | null {
  let n: number;
  if (typeof value === 'number') n = value;
  else if (typeof value === 'string' && /^\s*-?[01]\s*$/.test(value)) n = Number(value);
  else return null;
  if (n === 1) return 1;
  if (n === -1) return -1;
  if (n === 0) return 0; // also -0 and "-0"
  return null;
}

/** The tone for a status value; values other than 1, 0, −1 get the `unknown` tone. */
export function statusTone(
  value: number | string | null | undefined,
  variant: StatusVariant = 'positive',
  unknown: 'gray' | 'red' = 'gray',
): StatusTone {
  const v = statusValue(value);
  if (v === null) return unknown;
  if (v === 0) return 'gray';
  const good = variant === 'positive' ? v === 1 : v === -1;
  return good ? 'green' : 'red';
}

/** CSS classes for a tone: `tone tone--green`. */
export function toneClass(tone: StatusTone): string {
  return `tone tone--${tone}`;
}

/** Monthly collection (`member_kep`) status (docs/vendor-api.md). */
export type CollectionStatus = 'pending' | 'failed' | 'partial' | 'full';

export interface CollectionAmounts {
  /** `posted_run = "1"`: the bill has been posted as a receipt. */
  posted: boolean;
  /** Total billed (`mproc_money_amount`) in satang. */
  billedSatang: number;
  /** Amount actually collected (`kep_method_amount`) in satang. */
  collectedSatang: number;
}

/** Checked in the upstream order: not posted → pending; nothing collected → failed; short → partial; else full. */
export function collectionStatus({ posted, billedSatang, collectedSatang }: CollectionAmounts): CollectionStatus {
  if (!posted) return 'pending';
  if (collectedSatang === 0) return 'failed';
  if (collectedSatang < billedSatang) return 'partial';
  return 'full';
}

export const COLLECTION_STATUS_TEXT: Record<CollectionStatus, string> = {
  pending: 'รอนำส่ง',
  failed: 'หักไม่ได้',
  partial: 'หักได้บางส่วน',
  full: 'หักได้ครบ',
};

/**
 * The spec's status value for a collection status. The spec has only three colours, so:
 * full = 1 (green), pending = 0 (gray), failed = −1 (red), and partial = 2, a value outside
 * the spec's set that goes down the "unknown" path, which `collectionTone` maps to red
 * (a partly deducted month still needs the member's attention).
 */
export function collectionStatusValue(status: CollectionStatus): 1 | 0 | -1 | 2 {
  switch (status) {
    case 'full':
      return 1;
    case 'pending':
      return 0;
    case 'failed':
      return -1;
    case 'partial':
      return 2;
  }
}

/** Tone for a collection status: full green, pending gray, failed and partial red. */
export function collectionTone(status: CollectionStatus): StatusTone {
  return statusTone(collectionStatusValue(status), 'positive', 'red');
}
